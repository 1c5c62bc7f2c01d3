// The Thermal dock and the live thermal stage: at the live cell on the first hall the dock shows
// the stage's field (one solve per edit, on the scheduler's slow lane) instead of its own solve.

#include "thermal_panel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSignalBlocker>

#include <cmath>

namespace thermal = myriad::engine::thermal;

namespace myriad::app
{

namespace
{

constexpr double kCellTolerance = 1e-6; // m: spin-box values against the live cell

} // namespace

void ThermalPanel::setLiveCellM(double cellM)
{
  // A dock that followed the live field keeps following it when the hall's new size changes the
  // live cell.
  if (m_liveCellM > 0 && std::abs(m_cellSpin->value() - m_liveCellM) < kCellTolerance && cellM > 0)
  {
    const QSignalBlocker block(m_cellSpin);
    m_cellSpin->setValue(cellM);
  }
  m_liveCellM = cellM;
  m_cellSpin->setToolTip(
    cellM > 0 ? tr("Grid cell edge: at %1 m the dock shows the live field (solved once per edit); "
                   "another edge is solved on demand (smaller is finer and slower)")
                  .arg(cellM, 0, 'f', 2)
              : tr("Grid cell edge: smaller is finer and slower"));
}

bool ThermalPanel::followsLiveField() const
{
  return m_liveCellM > 0 && m_scene && !m_scene->site.halls.empty() &&
         m_hallCombo->currentIndex() <= 0 &&
         std::abs(m_cellSpin->value() - m_liveCellM) < kCellTolerance;
}

void ThermalPanel::setLiveField(std::shared_ptr<const thermal::ThermalResult> field, bool current,
                                const QString& error, double seconds)
{
  m_liveField = std::move(field);
  m_liveCurrent = current;
  m_liveError = error;
  m_liveSeconds = seconds;
  if (!followsLiveField())
  {
    return;
  }
  if (m_waitingLive || (isVisible() && current && m_liveField != m_result))
  {
    takeLiveField();
  }
}

void ThermalPanel::takeLiveField()
{
  cancelJob(); // a solve at another cell is no longer what is asked for
  const bool ofThisHall =
    m_liveField && m_scene && m_liveField->hallId == m_scene->site.halls.front().id;
  if (!m_liveCurrent)
  {
    m_waitingLive = true; // the stage runs for this scene: setLiveField() brings it
    m_stale = m_result != nullptr;
    setState(tr("Waiting for the live thermal solve of this edit…"));
    emit solveStarted();
    return;
  }
  m_waitingLive = false;
  if (!m_liveError.isEmpty())
  {
    showFailure(m_liveError);
    return;
  }
  if (!ofThisHall)
  {
    setState(tr("The live loop has no field of this hall yet"));
    return;
  }
  showSolved(m_liveField, m_liveSeconds, true); // also when unchanged: the state line says so
}

} // namespace myriad::app
