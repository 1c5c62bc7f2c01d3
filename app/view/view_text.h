#pragma once
/**
 * @file view_text.h
 * The 3D view's own words in the interface language (scenes::SceneText): the rack-power legend
 * title, and the generator's row names ("Row 3", "Network row 1") translated ("第 3 列"); a name
 * the user gave stays as written. The font file for text beyond Latin-1 (Chinese labels, a
 * Chinese row name in an English interface) comes from fontconfig (scenes::fontFileCovering).
 */

#include "myriad/scenes/scene_text.h"

#include <QString>

namespace myriad::app
{

/** A row's label from its name: the generator's "Row N" and "Network row N" translated. */
QString rowLabelText(const QString& rowName);

/** The 3D view's text in the installed interface language, with a CJK font file when found. */
scenes::SceneText viewText();

} // namespace myriad::app
