#pragma once
/**
 * @file collective_panel.h
 * The Collective Animation dock's widget: what to simulate (collective, GPUs, size per GPU,
 * level of detail), the player (play/pause, phase back/forward, time slider, speed) and the
 * phase legend (which step of the algorithm runs, its colour, the simulated time). It holds no
 * model: CollectiveModule fills it and reacts to its signals.
 */

#include "collective_compute.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;
class QDoubleSpinBox;
class QToolButton;

namespace myriad::app
{

/** How fast simulated time runs while playing. */
struct PlaySpeed
{
  double secondsPerPhase = 0; ///< > 0: each phase lasts this many wall seconds
  double wholeSeconds = 0;    ///< > 0: the whole collective lasts this many wall seconds
};

class CollectivePanel final : public QWidget
{
  Q_OBJECT

public:
  explicit CollectivePanel(QWidget* parent = nullptr);

  CollectiveRequest request() const;
  /** Show the request that ran (from the command line or a tour too) with its GPU count. */
  void showRequest(const CollectiveRequest& request, int gpus);
  /** The most GPUs the spin box offers (the fabric's compute GPUs). */
  void setGpuLimit(int gpus);
  PlaySpeed speed() const;

  /** The simulated collective's summary line, or why there is none. */
  void setSummary(const QString& text);
  /** Player state: whether a timeline is loaded and whether it plays. */
  void setPlayer(bool loaded, bool playing);
  /**
   * Show time t of a collective lasting endS: slider, phase legend (phase index of count, its
   * name and colour) and counts of what is drawn.
   */
  void showTime(double t, double endS, int phase, int phaseCount, const QString& phaseName,
                const QColor& phaseColor, const QString& counts);

signals:
  void simulateRequested();
  void playToggled();
  void phaseStepRequested(int direction); ///< −1 back, +1 forward
  /** The slider moved by the user: fraction 0–1 of the collective. */
  void seekRequested(double fraction);

private:
  QWidget* createRequestBox();
  QWidget* createPlayerBox();
  QWidget* createLegendBox();

  QComboBox* m_kind = nullptr;
  QSpinBox* m_gpus = nullptr;
  QComboBox* m_order = nullptr;
  QDoubleSpinBox* m_sizeMB = nullptr;
  QComboBox* m_detail = nullptr;
  QPushButton* m_simulate = nullptr;
  QLabel* m_summary = nullptr;
  QToolButton* m_back = nullptr;
  QToolButton* m_play = nullptr;
  QToolButton* m_forward = nullptr;
  QSlider* m_slider = nullptr;
  QComboBox* m_speed = nullptr;
  QLabel* m_phase = nullptr;
  QLabel* m_swatch = nullptr;
  QLabel* m_time = nullptr;
  QLabel* m_counts = nullptr;
  bool m_settingSlider = false;
};

} // namespace myriad::app
