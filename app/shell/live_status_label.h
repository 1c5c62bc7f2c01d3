#pragma once
/**
 * @file live_status_label.h
 * The live area of the status bar: what the LiveScheduler is recomputing and on which backend,
 * and for each stage its last latency and the backend that ran it ("Live: geometry 2 ms (CPU)
 * · thermal 140 ms (CUDA) · …"), read from engine::live::StageStatus::backend; failures are
 * named, their errors in the tooltip.
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
