#pragma once
/**
 * @file live_status_label.h
 * The live area of the status bar: what the LiveScheduler is recomputing and on which backend,
 * and for each stage its last latency and the backend that ran it, read from
 * engine::live::StageStatus::backend: named once when every stage ran on the same one ("Live
 * (CPU): geometry 2 ms · thermal 140 ms · …"), else after each stage ("Live: geometry 2 ms (CPU)
 * · thermal 140 ms (CUDA) · …"). Failures are named; the tooltip has each stage's latency and
 * backend, and the errors.
 */

#include <QLabel>

namespace myriad::app
{

class LiveScheduler;

class LiveStatusLabel final : public QLabel
{
  Q_OBJECT

public:
  LiveStatusLabel(LiveScheduler* live, QWidget* parent = nullptr);

  /** The text shown ("Live: idle" before any result). */
  QString statusText() const;

private:
  void refresh();

  LiveScheduler* m_live;
  int m_runningStage = -1; ///< live stage being recomputed, −1 when idle
};

} // namespace myriad::app
