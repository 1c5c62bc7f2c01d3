// FrameSequence: numbered PNG frames, an ffmpeg concat list and an MP4 (frame_sequence.h).
#include "frame_sequence.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImageWriter>
#include <QPixmap>
#include <QProcess>
#include <QStandardPaths>
#include <QTextStream>
#include <QWidget>

#include <algorithm>
#include <utility>

namespace myriad::app
{

FrameSequence::FrameSequence(QString directory)
  : m_directory(std::move(directory))
{
}

bool FrameSequence::prepare()
{
  if (!QDir().mkpath(m_directory))
  {
    m_error =
      QCoreApplication::translate("FrameSequence", "Cannot make the folder %1").arg(m_directory);
    return false;
  }
  return true;
}

void FrameSequence::holdWindowSize(QWidget* window)
{
  releaseWindowSize();
  m_heldWindow = window;
  m_minimumSize = window->minimumSize();
  m_maximumSize = window->maximumSize();
  window->setFixedSize(window->size());
}

void FrameSequence::releaseWindowSize()
{
  if (m_heldWindow)
  {
    m_heldWindow->setMinimumSize(m_minimumSize);
    m_heldWindow->setMaximumSize(m_maximumSize);
  }
  m_heldWindow = nullptr;
}

bool FrameSequence::addFrame(QWidget* widget, double seconds)
{
  const QString path =
    QDir(m_directory)
      .filePath(QStringLiteral("frame-%1.png").arg(m_frames.size() + 1, 5, 10, QLatin1Char('0')));
  QImageWriter writer(path);
  if (!writer.write(widget->grab().toImage()))
  {
    m_error = QCoreApplication::translate("FrameSequence", "Cannot write %1: %2")
                .arg(path, writer.errorString());
    return false;
  }
  m_frames << path;
  m_durations << std::max(seconds, 1e-3);
  return true;
}

bool FrameSequence::writeConcatList()
{
  QFile list(QDir(m_directory).filePath(QStringLiteral("frames.txt")));
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

bool FrameSequence::finish(const QString& movieName, int fps)
{
  if (!writeConcatList())
  {
    m_error = QCoreApplication::translate("FrameSequence", "Cannot write %1")
                .arg(QDir(m_directory).filePath(QStringLiteral("frames.txt")));
    return false;
  }
  const QString ffmpeg = QStandardPaths::findExecutable(QStringLiteral("ffmpeg"));
  if (ffmpeg.isEmpty())
  {
    return true; // the PNG frames and the list are the result
  }
  const QString movie = QDir(m_directory).filePath(movieName);
  QProcess encoder;
  encoder.setWorkingDirectory(m_directory);
  encoder.start(ffmpeg, { QStringLiteral("-y"), QStringLiteral("-loglevel"),
                          QStringLiteral("error"), QStringLiteral("-f"), QStringLiteral("concat"),
                          QStringLiteral("-i"), QStringLiteral("frames.txt"), QStringLiteral("-vf"),
                          QStringLiteral("fps=%1,scale=trunc(iw/2)*2:trunc(ih/2)*2,format=yuv420p")
                            .arg(std::max(1, fps)),
                          QStringLiteral("-c:v"), QStringLiteral("libx264"), movie });
  if (!encoder.waitForFinished(-1) || encoder.exitStatus() != QProcess::NormalExit ||
      encoder.exitCode() != 0)
  {
    m_error = QCoreApplication::translate("FrameSequence", "ffmpeg could not make %1: %2")
                .arg(movie, QString::fromLocal8Bit(encoder.readAllStandardError()).trimmed());
    return false;
  }
  m_movie = movie;
  return true;
}

} // namespace myriad::app
