#pragma once
/**
 * @file frame_benchmark.h
 * Command-line tasks that run once the main window is up: `--benchmark-frames N` (render N
 * frames while turning the camera, then print one line of results) and `--screenshot PNG`
 * (save the window after the first frames). Both are driven by the event loop (frameSwapped
 * and single-shot timers), never by nested processEvents() loops.
 */

#include <QElapsedTimer>
#include <QObject>
#include <QString>

#include <functional>

namespace myriad::app
{

class MainWindow;

/** Renders a fixed number of frames and reports the rate. */
class FrameBenchmark : public QObject
{
  Q_OBJECT

public:
  /** `degreesPerFrame`: camera azimuth step, so each frame differs from the last. */
  FrameBenchmark(MainWindow* window, int frames, double degreesPerFrame = 1.0);

  /**
   * Instead of turning the camera, call `step(frame)` before each frame (frame 1 … N), e.g. to
   * advance an animation; set before start().
   */
  void setFrameStep(std::function<void(int)> step) { m_step = std::move(step); }

  /** Begin after the window's first frame; finished() follows the last one. */
  void start();

  /**
   * The result line: "frames=N seconds=S fps=F detail=Racks racks=R gpus=G frame_ms=M
   * slowest_ms=X live_busy_frames=K fps_live_busy=A fps_live_idle=B": frame_ms is the mean
   * paint time, slowest_ms the longest interval between two frames, and the last three split
   * the frames by whether the live stages were computing when each one was shown ("-": none).
   */
  const QString& resultLine() const { return m_result; }

signals:
  void finished(int exitCode);

private:
  void onFrameSwapped();
  void nextFrame();
  void finish();

  MainWindow* m_window;
  int m_frames;
  double m_degreesPerFrame;
  std::function<void(int)> m_step;
  int m_done = -1; ///< −1 until the first (warm-up) frame is on screen
  bool m_finished = false;
  QElapsedTimer m_clock;
  qint64 m_lastNs = 0;
  double m_slowestMs = 0;
  double m_busyMs = 0, m_idleMs = 0;
  int m_busyFrames = 0, m_idleFrames = 0;
  QString m_result;
};

/** Saves a PNG of the window once a few frames are on screen. */
class ScreenshotTask : public QObject
{
  Q_OBJECT

public:
  ScreenshotTask(MainWindow* window, QString pngPath, int settleFrames = 3);
  void start();

signals:
  void finished(int exitCode);

private:
  void onFrameSwapped();
  void capture();

  MainWindow* m_window;
  QString m_path;
  int m_settleFrames;
  int m_seen = 0;
  bool m_captured = false;
};

} // namespace myriad::app
