// TourRecorder: a tour as PNG frames, an ffmpeg concat list and, with ffmpeg, an MP4
// (tour_recorder.h).
#include "tour_recorder.h"

#include "camera_flight.h"
#include "live_scheduler.h"
#include "tour_session.h"
#include "training_module.h"
#include "vtk_view_widget.h"

#include <QDir>
#include <QFile>
#include <QImageWriter>
#include <QMainWindow>
#include <QPixmap>
#include <QProcess>
#include <QStandardPaths>
#include <QTextStream>

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
  if (!m_training->session() || !QDir().mkpath(m_options.directory))
  {
    fail(tr("Cannot record: no tour is playing, or the folder %1 cannot be made")
           .arg(m_options.directory));
    return;
  }
  // One frame size for the whole film (ffmpeg's concat needs it): docks a step opens must not
  // grow the window.
  m_minimumSize = m_window->minimumSize();
  m_maximumSize = m_window->maximumSize();
  m_window->setFixedSize(m_window->size());
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
  const QString path =
    QDir(m_options.directory)
      .filePath(QStringLiteral("frame-%1.png").arg(m_frames.size() + 1, 5, 10, QLatin1Char('0')));
  QImageWriter writer(path);
  if (!writer.write(m_window->grab().toImage()))
  {
    fail(tr("Cannot write %1: %2").arg(path, writer.errorString()));
    return;
  }
  m_frames << path;
  const bool lastOfStep = m_frame >= m_stepFrames;
  m_durations << (lastOfStep ? std::max(1.0 / m_options.fps, m_options.holdSeconds)
                             : 1.0 / m_options.fps);
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

bool TourRecorder::writeConcatList()
{
  QFile list(QDir(m_options.directory).filePath(QStringLiteral("frames.txt")));
  if (!list.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text))
  {
    return false;
  }
  QTextStream out(&list);
  out << "ffconcat version 1.0\n";
  for (int i = 0; i < m_frames.size(); ++i)
  {
    out << "file '" << QFileInfo(m_frames[i]).fileName() << "'\n"
        << "duration " << QString::number(m_durations[i], 'f', 4) << "\n";
  }
  // The concat demuxer ignores the last entry's duration unless the file comes once more.
  if (!m_frames.isEmpty())
  {
    out << "file '" << QFileInfo(m_frames.back()).fileName() << "'\n";
  }
  return out.status() == QTextStream::Ok;
}

void TourRecorder::releaseWindow()
{
  if (m_minimumSize.isValid())
  {
    m_window->setMinimumSize(m_minimumSize);
    m_window->setMaximumSize(m_maximumSize);
  }
}

void TourRecorder::finish()
{
  releaseWindow();
  if (!writeConcatList())
  {
    fail(
      tr("Cannot write %1").arg(QDir(m_options.directory).filePath(QStringLiteral("frames.txt"))));
    return;
  }
  const QString ffmpeg = QStandardPaths::findExecutable(QStringLiteral("ffmpeg"));
  const int steps = m_step + 1;
  if (ffmpeg.isEmpty())
  {
    m_summary = tr("Recorded %1 steps in %2 frames to %3 (no ffmpeg on the PATH: PNG frames and "
                   "frames.txt only)")
                  .arg(steps)
                  .arg(m_frames.size())
                  .arg(m_options.directory);
    emit finished(0);
    return;
  }
  const QString movie = QDir(m_options.directory).filePath(QStringLiteral("tour.mp4"));
  QProcess encoder;
  encoder.setWorkingDirectory(m_options.directory);
  encoder.start(
    ffmpeg,
    { QStringLiteral("-y"), QStringLiteral("-loglevel"), QStringLiteral("error"),
      QStringLiteral("-f"), QStringLiteral("concat"), QStringLiteral("-i"),
      QStringLiteral("frames.txt"), QStringLiteral("-vf"),
      QStringLiteral("fps=%1,scale=trunc(iw/2)*2:trunc(ih/2)*2,format=yuv420p").arg(m_options.fps),
      QStringLiteral("-c:v"), QStringLiteral("libx264"), movie });
  if (!encoder.waitForFinished(-1) || encoder.exitStatus() != QProcess::NormalExit ||
      encoder.exitCode() != 0)
  {
    fail(tr("ffmpeg could not make %1: %2")
           .arg(movie, QString::fromLocal8Bit(encoder.readAllStandardError()).trimmed()));
    return;
  }
  m_summary = tr("Recorded %1 steps in %2 frames to %3, and %4")
                .arg(steps)
                .arg(m_frames.size())
                .arg(m_options.directory, movie);
  emit finished(0);
}

void TourRecorder::fail(const QString& message)
{
  releaseWindow();
  m_summary = message;
  emit finished(1);
}

} // namespace myriad::app
