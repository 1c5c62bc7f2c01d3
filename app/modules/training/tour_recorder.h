#pragma once
/**
 * @file tour_recorder.h
 * Records a tour for trainers who present without the app (`myriad --tour T --record DIR`):
 * every step in turn, its camera flight sampled at `fps` frames per second of flight time
 * (the flight is put at each frame's exact time, CameraFlight::seek, so the film does not
 * depend on how fast the machine draws), then the step's last frame held for `holdSeconds`.
 * Before a step's frames the recorder waits until the live models are idle (at most
 * kSettleMs), so the docks and overlays show the step's results.
 *
 * Writes DIR/frame-00001.png, … (the whole window, presenter view included when it is on),
 * DIR/frames.txt (an ffmpeg concat list with each frame's duration) and, when `ffmpeg` is on the
 * PATH, DIR/tour.mp4 (H.264, yuv420p). Without ffmpeg the PNG frames and the list are the result
 * and the summary says so.
 */

#include "frame_sequence.h"

#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>

class QMainWindow;

namespace myriad::app
{

class LiveScheduler;
class TrainingModule;
class VtkViewWidget;

class TourRecorder : public QObject
{
  Q_OBJECT

public:
  struct Options
  {
    QString directory;
    int fps = 25;
    double holdSeconds = 4;
  };
  /** The longest wait for the live models before a step is recorded anyway. */
  static constexpr int kSettleMs = 60000;

  TourRecorder(TrainingModule* training, QMainWindow* window, VtkViewWidget* view,
               LiveScheduler* live, Options options, QObject* parent = nullptr);

  /** Record from the first step; finished() follows. The tour must be playing. */
  void start();
  /** Frame files written so far, in order. */
  const QStringList& frames() const { return m_film.frames(); }
  /** One line for the user: what was written, and whether an MP4 was made. */
  const QString& summary() const { return m_summary; }

signals:
  /** Done: 0, or 1 when a file could not be written (summary() says which). */
  void finished(int exitCode);

private:
  void recordStep();
  void settleThenRecord();
  void requestFrame();
  void onFrameRendered();
  void finish();
  void fail(const QString& message);

  TrainingModule* m_training;
  QMainWindow* m_window;
  VtkViewWidget* m_view;
  LiveScheduler* m_live;
  Options m_options;
  int m_step = 0;
  int m_frame = 0;      ///< frame of the current step's flight, 1…m_stepFrames
  int m_stepFrames = 1; ///< frames of the current step's flight
  bool m_waitingFrame = false;
  QTimer m_settle;
  FrameSequence m_film;
  QString m_summary;
};

} // namespace myriad::app
