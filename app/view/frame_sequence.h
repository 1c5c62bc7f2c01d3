#pragma once
/**
 * @file frame_sequence.h
 * A film as files, for trainers who present without the app (tour and collective recordings):
 * numbered PNG frames of a widget (DIR/frame-00001.png, …), each with how long it is shown; an
 * ffmpeg concat list (DIR/frames.txt) with those durations; and, when `ffmpeg` is on the PATH,
 * an H.264 MP4 (yuv420p, even width and height) made from the list.
 */

#include <QList>
#include <QPointer>
#include <QSize>
#include <QString>
#include <QStringList>

class QWidget;

namespace myriad::app
{

class FrameSequence
{
public:
  explicit FrameSequence(QString directory);

  /** Make the folder; false when it cannot be made. */
  bool prepare();
  /** Grab `widget` as the next frame, shown for `seconds`; false (error() says why) on failure. */
  bool addFrame(QWidget* widget, double seconds);
  /**
   * Write frames.txt and, with ffmpeg, `movieName` at `fps` frames per second. Returns false
   * (error() says which file) when the list or the movie could not be made; `madeMovie()` tells
   * whether an MP4 was written.
   */
  bool finish(const QString& movieName, int fps);

  /**
   * Hold `window` at its current size until releaseWindowSize() (ffmpeg's concat needs one frame
   * size for the whole film: docks a step opens must not grow the window).
   */
  void holdWindowSize(QWidget* window);
  /** Give the held window its own minimum and maximum size back (nothing when none is held). */
  void releaseWindowSize();

  const QStringList& frames() const { return m_frames; }
  const QString& directory() const { return m_directory; }
  QString moviePath() const { return m_movie; }
  bool madeMovie() const { return !m_movie.isEmpty(); }
  const QString& error() const { return m_error; }

private:
  bool writeConcatList();

  QString m_directory;
  QStringList m_frames;
  QList<double> m_durations; ///< seconds each frame is shown
  QString m_movie;           ///< the MP4 written, empty when none
  QString m_error;
  QPointer<QWidget> m_heldWindow;
  QSize m_minimumSize; ///< the held window's own, before holdWindowSize()
  QSize m_maximumSize;
};

} // namespace myriad::app
