#pragma once
/**
 * @file recent_files.h
 * The "Open Recent" list, kept in QSettings under "recentFiles" (newest first, at most
 * kMaxRecentFiles entries, no duplicates).
 */

#include <QString>
#include <QStringList>

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

} // namespace myriad::app
