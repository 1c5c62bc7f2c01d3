// TourBenchmark: camera flights of a tour timed in real time (tour_benchmark.h).
#include "tour_benchmark.h"

#include "camera_flight.h"
#include "tour_session.h"
#include "training_module.h"
#include "vtk_view_widget.h"

#include <QTextStream>
#include <QTimer>

#include <algorithm>

namespace myriad::app
{

TourBenchmark::TourBenchmark(TrainingModule* training, VtkViewWidget* view, QObject* parent)
  : QObject(parent)
  , m_training(training)
  , m_view(view)
{
  connect(m_view, &VtkViewWidget::frameRendered, this,
          [this]
          {
            if (!m_measuring)
            {
              return;
            }
            const qint64 now = m_clock.nsecsElapsed();
            m_longestGapNs = std::max(m_longestGapNs, now - m_lastFrameNs);
            m_lastFrameNs = now;
          });
  connect(m_training, &TrainingModule::cameraArrived, this, &TourBenchmark::onArrived);
}

void TourBenchmark::start()
{
  if (!m_training->session())
  {
    m_result = QStringLiteral("benchmark-tour: no tour is playing");
    emit finished(1);
    return;
  }
  m_training->session()->goTo(0);
  // Let the first step settle and draw before the first measured flight.
  QTimer::singleShot(0, this, &TourBenchmark::beginStep);
}

void TourBenchmark::beginStep()
{
  TourSession* session = m_training->session();
  if (!session->canGoNext())
  {
    m_result = QStringLiteral("tour_flights=%1 slowest_arrival_ms=%2 mean_frames_per_flight=%3 "
                              "longest_frame_gap_ms=%4")
                 .arg(m_flights)
                 .arg(m_slowestMs, 0, 'f', 0)
                 .arg(m_flights > 0 ? m_framesSum / m_flights : 0.0, 0, 'f', 1)
                 .arg(m_worstGapMs, 0, 'f', 0);
    emit finished(0);
    return;
  }
  m_measuring = true;
  m_clock.restart();
  m_lastFrameNs = 0;
  m_longestGapNs = 0;
  m_framesAtStart = m_view->framesRendered();
  session->next(); // cameraArrived() follows: at once for a step without a waypoint
}

void TourBenchmark::onArrived(int step)
{
  if (!m_measuring)
  {
    return;
  }
  m_measuring = false;
  const double ms = m_clock.nsecsElapsed() / 1e6;
  const int frames = m_view->framesRendered() - m_framesAtStart;
  if (m_training->flight()->durationMs() > 0)
  {
    ++m_flights;
    m_slowestMs = std::max(m_slowestMs, ms);
    m_framesSum += frames;
    m_worstGapMs = std::max(m_worstGapMs, m_longestGapNs / 1e6);
  }
  QTextStream(stdout) << QStringLiteral("step=%1 arrival_ms=%2 frames=%3 longest_gap_ms=%4\n")
                           .arg(step + 1)
                           .arg(ms, 0, 'f', 0)
                           .arg(frames)
                           .arg(m_longestGapNs / 1e6, 0, 'f', 0);
  QTimer::singleShot(0, this, &TourBenchmark::beginStep);
}

} // namespace myriad::app
