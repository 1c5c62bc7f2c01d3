#pragma once
/**
 * @file recent_files.h
 * The "Open Recent" list, kept in QSettings under "recentFiles" (newest first, at most
 * kMaxRecentFiles entries, no duplicates).
 */

#include <QString>
#include <QStringList>

#include <functional>

class QMenu;

namespace myriad::app
{

inline constexpr int kMaxRecentFiles = 8;

/** The stored list, newest first. */
QStringList recentFiles();
/** Put `path` (made absolute) at the front of the list. */
void addRecentFile(const QString& path);
/** Drop `path` from the list (e.g. it no longer exists). */
void removeRecentFile(const QString& path);
/** Forget every entry. */
void clearRecentFiles();
/**
 * Fill `menu` with the list ("&1 name.json", tooltip the path) and a "Clear list" entry, or a
 * disabled "(none)"; choosing an entry calls `open` with its path.
 */
void fillRecentFilesMenu(QMenu* menu, const std::function<void(const QString&)>& open);

} // namespace myriad::app
