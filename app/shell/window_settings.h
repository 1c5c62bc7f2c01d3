#pragma once
/**
 * @file window_settings.h
 * The main window's geometry and dock layout in QSettings ("mainWindow/geometry",
 * "mainWindow/state"); a first start gets most of the screen, centred.
 */

class QMainWindow;

namespace myriad::app
{

struct RestoredLayout
{
  bool geometry = false; ///< a stored size and position was applied
  bool docks = false;    ///< a stored dock layout was applied
};

/** Restore geometry and dock layout (docks are matched by object name). */
RestoredLayout restoreWindowLayout(QMainWindow& window);
void saveWindowLayout(const QMainWindow& window);

} // namespace myriad::app
