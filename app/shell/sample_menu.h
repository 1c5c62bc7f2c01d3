#pragma once
/**
 * @file sample_menu.h
 * The File ▸ Open Sample submenu: one entry per built-in sample (sample_index.h), its display
 * name in the interface language as the text and its description as status tip and tooltip.
 */

#include "sample_index.h"

#include <QString>

#include <functional>
#include <vector>

class QMenu;

namespace myriad::app
{

/**
 * Fill `menu` with `samples` (texts in `language`, "" meaning English, falling back to English
 * and then to the id), or a disabled "(none)" when there are none; choosing an entry calls
 * `open` with the sample's id. Each action's data is the id, its object name "sample:<id>".
 */
void fillSampleMenu(QMenu* menu, const std::vector<SampleEntry>& samples, const QString& language,
                    const std::function<void(const QString&)>& open);

} // namespace myriad::app
