// The main window's geometry and dock layout in QSettings.
#include "window_settings.h"

#include <QMainWindow>
#include <QScreen>
#include <QSettings>

#include <algorithm>

namespace myriad::app
{

namespace
{

const QString kGeometryKey = QStringLiteral("mainWindow/geometry");
const QString kStateKey = QStringLiteral("mainWindow/state");
constexpr int kStateVersion = 1;

} // namespace

RestoredLayout restoreWindowLayout(QMainWindow& window)
{
  const QSettings settings;
  RestoredLayout restored;
  restored.geometry = window.restoreGeometry(settings.value(kGeometryKey).toByteArray());
  restored.docks = window.restoreState(settings.value(kStateKey).toByteArray(), kStateVersion);
  if (!restored.geometry)
  {
    // First start: most of the screen, centred.
    const QScreen* screen = window.screen();
    const QRect available = screen ? screen->availableGeometry() : QRect(0, 0, 1280, 800);
    const QSize size(std::min(1600, available.width() * 92 / 100),
                     std::min(1000, available.height() * 92 / 100));
    window.resize(size);
    window.move(available.center() - QPoint(size.width() / 2, size.height() / 2));
  }
  return restored;
}

void saveWindowLayout(const QMainWindow& window)
{
  QSettings settings;
  settings.setValue(kGeometryKey, window.saveGeometry());
  settings.setValue(kStateKey, window.saveState(kStateVersion));
}

} // namespace myriad::app
