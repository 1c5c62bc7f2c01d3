#include "frame_benchmark.h"

#include "live_scheduler.h"
#include "main_window.h"
#include "status_text.h"
#include "vtk_view_widget.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/query.h"
#include "scene_document.h"

#include <vtkCamera.h>
#include <vtkRenderer.h>

#include <QDebug>
#include <QImageWriter>
#include <QPixmap>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <utility>

namespace myriad::app
{

FrameBenchmark::FrameBenchmark(MainWindow* window, int frames, double degreesPerFrame)
  : QObject(window)
  , m_window(window)
  , m_frames(std::max(1, frames))
  , m_degreesPerFrame(degreesPerFrame)
{
}

void FrameBenchmark::start()
{
  connect(m_window->view(), &QOpenGLWidget::frameSwapped, this, &FrameBenchmark::onFrameSwapped);
  m_window->view()->update();
}

void FrameBenchmark::onFrameSwapped()
{
  if (m_finished)
  {
    return;
  }
  if (m_done < 0)
  {
    m_done = 0; // the first frame builds GL resources: start the clock after it
    m_clock.start();
    m_lastNs = 0;
  }
  else
  {
    // Each frame's interval, and whether the live stages were computing beside it (on a
    // 2-core machine they share the CPU with a software rasteriser).
    const qint64 now = m_clock.nsecsElapsed();
    const double ms = static_cast<double>(now - m_lastNs) / 1e6;
    m_lastNs = now;
    m_slowestMs = std::max(m_slowestMs, ms);
    const LiveScheduler* live = m_window->liveScheduler();
    const bool busy = live != nullptr && live->busy();
    (busy ? m_busyMs : m_idleMs) += ms;
    ++(busy ? m_busyFrames : m_idleFrames);
    if (++m_done >= m_frames)
    {
      finish();
      return;
    }
  }
  QTimer::singleShot(0, this, &FrameBenchmark::nextFrame);
}

void FrameBenchmark::finish()
{
  m_finished = true;
  const double seconds = static_cast<double>(m_clock.nsecsElapsed()) / 1e9;
  const auto counts =
    engine::countScene(m_window->document()->scene(), m_window->document()->catalog());
  const auto rate = [](int frames, double ms)
  { return frames > 0 ? QString::number(frames * 1000.0 / ms, 'f', 1) : QStringLiteral("-"); };
  m_result = QStringLiteral("frames=%1 seconds=%2 fps=%3 detail=%4 racks=%5 gpus=%6 frame_ms=%7 "
                            "slowest_ms=%8 live_busy_frames=%9 fps_live_busy=%10 "
                            "fps_live_idle=%11")
               .arg(m_frames)
               .arg(seconds, 0, 'f', 3)
               .arg(m_frames / seconds, 0, 'f', 1)
               .arg(detailLevelName(m_window->hallScene()->stats().detail))
               .arg(counts.racks)
               .arg(counts.gpus)
               .arg(m_window->view()->averageFrameMs(), 0, 'f', 2)
               .arg(m_slowestMs, 0, 'f', 1)
               .arg(m_busyFrames)
               .arg(rate(m_busyFrames, m_busyMs), rate(m_idleFrames, m_idleMs));
  std::printf("%s\n", qPrintable(m_result));
  std::fflush(stdout);
  emit finished(0);
}

void FrameBenchmark::nextFrame()
{
  if (m_step)
  {
    m_step(m_done + 1);
    m_window->view()->update();
    return;
  }
  vtkCamera* camera = m_window->view()->renderer()->GetActiveCamera();
  camera->Azimuth(m_degreesPerFrame);
  m_window->view()->renderer()->ResetCameraClippingRange();
  m_window->view()->update();
}

ScreenshotTask::ScreenshotTask(MainWindow* window, QString pngPath, int settleFrames)
  : QObject(window)
  , m_window(window)
  , m_path(std::move(pngPath))
  , m_settleFrames(std::max(1, settleFrames))
{
}

void ScreenshotTask::start()
{
  connect(m_window->view(), &QOpenGLWidget::frameSwapped, this, &ScreenshotTask::onFrameSwapped);
  m_window->view()->update();
}

void ScreenshotTask::onFrameSwapped()
{
  if (m_captured)
  {
    return;
  }
  if (++m_seen >= m_settleFrames)
  {
    m_captured = true;
    // Give late layout work (status texts, dock sizes) one more turn of the event loop.
    QTimer::singleShot(300, this, &ScreenshotTask::capture);
    return;
  }
  QTimer::singleShot(0, m_window->view(), qOverload<>(&QWidget::update));
}

void ScreenshotTask::capture()
{
  const QPixmap pixmap = m_window->grab(); // includes the QOpenGLWidget's framebuffer
  QImageWriter writer(m_path);
  if (!writer.write(pixmap.toImage()))
  {
    std::fprintf(stderr, "myriad: cannot write screenshot %s: %s\n", qPrintable(m_path),
                 qPrintable(writer.errorString()));
    emit finished(1);
    return;
  }
  std::printf("screenshot=%s width=%d height=%d\n", qPrintable(m_path), pixmap.width(),
              pixmap.height());
  std::fflush(stdout);
  emit finished(0);
}

} // namespace myriad::app
