// TourRecorder: a tour as PNG frames, an ffmpeg concat list and, with ffmpeg, an MP4
// (tour_recorder.h).
#include "tour_recorder.h"

#include "camera_flight.h"
#include "live_scheduler.h"
#include "tour_session.h"
#include "training_module.h"
#include "vtk_view_widget.h"

#include <QMainWindow>

#include <algorithm>
#include <cmath>

namespace myriad::app
{

TourRecorder::TourRecorder(TrainingModule* training, QMainWindow* window, VtkViewWidget* view,
                           LiveScheduler* live, Options options, QObject* parent)
  : QObject(parent)
  , m_training(training)
  , m_window(window)
  , m_view(view)
  , m_live(live)
  , m_options(std::move(options))
  , m_film(m_options.directory)
{
  m_options.fps = std::max(1, m_options.fps);
  m_options.holdSeconds = std::max(0.0, m_options.holdSeconds);
  m_settle.setSingleShot(true);
  m_settle.setInterval(kSettleMs);
  connect(&m_settle, &QTimer::timeout, this, &TourRecorder::recordStep);
  connect(m_live, &LiveScheduler::busyChanged, this,
          [this](bool busy)
          {
            if (!busy && m_settle.isActive())
            {
              m_settle.stop();
              recordStep();
            }
          });
  // Queued: the frame is taken after paintGL() returned (grabbing inside it would recurse).
  connect(m_view, &VtkViewWidget::frameRendered, this, &TourRecorder::onFrameRendered,
          Qt::QueuedConnection);
}

void TourRecorder::start()
{
  if (!m_training->session() || !m_film.prepare())
  {
    fail(tr("Cannot record: no tour is playing, or the folder %1 cannot be made")
           .arg(m_options.directory));
    return;
  }
  m_film.holdWindowSize(m_window);
  m_step = 0;
  m_training->session()->goTo(0);
  settleThenRecord();
}

void TourRecorder::settleThenRecord()
{
  m_training->flight()->stop();
  if (m_live->busy())
  {
    m_settle.start(); // busyChanged(false) or the timeout records the step
    return;
  }
  recordStep();
}

void TourRecorder::recordStep()
{
  CameraFlight* flight = m_training->flight();
  const double flightSeconds = flight->durationMs() / 1000.0;
  m_stepFrames = std::max(1, static_cast<int>(std::lround(flightSeconds * m_options.fps)));
  m_frame = 1;
  flight->seek(1.0 / m_stepFrames);
  requestFrame();
}

void TourRecorder::requestFrame()
{
  m_waitingFrame = true;
  m_view->update(); // the frame is taken once this one is drawn (onFrameRendered)
}

void TourRecorder::onFrameRendered()
{
  if (!m_waitingFrame)
  {
    return;
  }
  m_waitingFrame = false;
  const bool lastOfStep = m_frame >= m_stepFrames;
  if (!m_film.addFrame(m_window, lastOfStep ? std::max(1.0 / m_options.fps, m_options.holdSeconds)
                                            : 1.0 / m_options.fps))
  {
    fail(m_film.error());
    return;
  }
  if (!lastOfStep)
  {
    ++m_frame;
    m_training->flight()->seek(static_cast<double>(m_frame) / m_stepFrames);
    requestFrame();
    return;
  }
  TourSession* session = m_training->session();
  if (session && session->canGoNext())
  {
    ++m_step;
    session->next();
    // Let the step's signals settle (docks, selection) before waiting on the live models.
    QMetaObject::invokeMethod(this, &TourRecorder::settleThenRecord, Qt::QueuedConnection);
    return;
  }
  finish();
}

void TourRecorder::finish()
{
  m_film.releaseWindowSize();
  if (!m_film.finish(QStringLiteral("tour.mp4"), m_options.fps))
  {
    fail(m_film.error());
    return;
  }
  const int steps = m_step + 1;
  const int frames = static_cast<int>(m_film.frames().size());
  m_summary = m_film.madeMovie()
                ? tr("Recorded %1 steps in %2 frames to %3, and %4")
                    .arg(steps)
                    .arg(frames)
                    .arg(m_options.directory, m_film.moviePath())
                : tr("Recorded %1 steps in %2 frames to %3 (no ffmpeg on the PATH: PNG frames and "
                     "frames.txt only)")
                    .arg(steps)
                    .arg(frames)
                    .arg(m_options.directory);
  emit finished(0);
}

void TourRecorder::fail(const QString& message)
{
  m_film.releaseWindowSize();
  m_summary = message;
  emit finished(1);
}

} // namespace myriad::app
