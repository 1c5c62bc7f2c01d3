#pragma once
/**
 * @file collective_recorder.h
 * Records the collective shown by the Collective Animation module as a film, for trainers who
 * present without the app (`myriad HALL --animate ring --record DIR`): the whole collective in
 * `seconds` of film at `fps` frames per second, each frame at its exact simulated time
 * (t_k = k/N · T_end, N = seconds · fps, k = 0 … N, CollectiveModule::seek), so the film does not
 * depend on how fast the machine draws; the last frame (the collective done) is held for
 * `holdSeconds`. Frames, list and MP4 as FrameSequence writes them (collective.mp4).
 */

#include "frame_sequence.h"

#include <QObject>
#include <QString>

class QMainWindow;

namespace myriad::app
{

class CollectiveModule;
class VtkViewWidget;

class CollectiveRecorder : public QObject
{
  Q_OBJECT

public:
  struct Options
  {
    QString directory;
    int fps = 25;
    double seconds = 10;    ///< film length of the whole collective
    double holdSeconds = 4; ///< how long the last frame stays
  };

  CollectiveRecorder(CollectiveModule* module, QMainWindow* window, VtkViewWidget* view,
                     Options options, QObject* parent = nullptr);

  /** Record from t = 0; finished() follows. A collective must have been simulated. */
  void start();
  const QStringList& frames() const { return m_film.frames(); }
  /** One line for the user: what was written, and whether an MP4 was made. */
  const QString& summary() const { return m_summary; }

signals:
  /** Done: 0, or 1 when nothing was simulated or a file could not be written. */
  void finished(int exitCode);

private:
  void showFrame();
  void onFrameRendered();
  void finish(int exitCode, const QString& summary);

  CollectiveModule* m_module;
  QMainWindow* m_window;
  VtkViewWidget* m_view;
  Options m_options;
  FrameSequence m_film;
  int m_frame = 0;  ///< k of the frame being drawn, 0 … m_frames
  int m_frames = 1; ///< N
  bool m_waitingFrame = false;
  QString m_summary;
};

} // namespace myriad::app
