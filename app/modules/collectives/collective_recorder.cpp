// CollectiveRecorder: the animated collective as PNG frames, a concat list and an MP4
// (collective_recorder.h).
#include "collective_recorder.h"

#include "collective_module.h"
#include "vtk_view_widget.h"

#include <QMainWindow>

#include <algorithm>
#include <cmath>
#include <utility>

namespace myriad::app
{

CollectiveRecorder::CollectiveRecorder(CollectiveModule* module, QMainWindow* window,
                                       VtkViewWidget* view, Options options, QObject* parent)
  : QObject(parent)
  , m_module(module)
  , m_window(window)
  , m_view(view)
  , m_options(std::move(options))
  , m_film(m_options.directory)
{
  m_options.fps = std::max(1, m_options.fps);
  m_options.seconds = std::max(1.0 / m_options.fps, m_options.seconds);
  m_options.holdSeconds = std::max(0.0, m_options.holdSeconds);
  // Queued: the frame is taken after paintGL() returned (grabbing inside it would recurse).
  connect(m_view, &VtkViewWidget::frameRendered, this, &CollectiveRecorder::onFrameRendered,
          Qt::QueuedConnection);
}

void CollectiveRecorder::start()
{
  if (!m_module->computed())
  {
    finish(1, tr("Cannot record: no collective was simulated"));
    return;
  }
  if (!m_film.prepare())
  {
    finish(1, m_film.error());
    return;
  }
  m_module->pause();
  m_film.holdWindowSize(m_window);
  m_frames = std::max(1, static_cast<int>(std::lround(m_options.seconds * m_options.fps)));
  m_frame = 0;
  showFrame();
}

void CollectiveRecorder::showFrame()
{
  const double end = m_module->computed()->timeline.endS;
  m_module->seek(end * m_frame / m_frames);
  m_waitingFrame = true;
  m_view->update(); // the frame is taken once this one is drawn (onFrameRendered)
}

void CollectiveRecorder::onFrameRendered()
{
  if (!m_waitingFrame)
  {
    return;
  }
  m_waitingFrame = false;
  if (!m_module->computed())
  {
    finish(1, tr("Cannot record: the collective was dropped (the scene changed)"));
    return;
  }
  const bool last = m_frame >= m_frames;
  const double frameSeconds = 1.0 / m_options.fps;
  if (!m_film.addFrame(m_window,
                       last ? std::max(frameSeconds, m_options.holdSeconds) : frameSeconds))
  {
    finish(1, m_film.error());
    return;
  }
  if (!last)
  {
    ++m_frame;
    showFrame();
    return;
  }
  if (!m_film.finish(QStringLiteral("collective.mp4"), m_options.fps))
  {
    finish(1, m_film.error());
    return;
  }
  const int frames = static_cast<int>(m_film.frames().size());
  finish(0, m_film.madeMovie()
              ? tr("Recorded the collective in %1 frames to %2, and %3")
                  .arg(frames)
                  .arg(m_options.directory, m_film.moviePath())
              : tr("Recorded the collective in %1 frames to %2 (no ffmpeg on the PATH: PNG "
                   "frames and frames.txt only)")
                  .arg(frames)
                  .arg(m_options.directory));
}

void CollectiveRecorder::finish(int exitCode, const QString& summary)
{
  m_film.releaseWindowSize();
  m_summary = summary;
  emit finished(exitCode);
}

} // namespace myriad::app
