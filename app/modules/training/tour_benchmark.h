#pragma once
/**
 * @file tour_benchmark.h
 * `myriad --tour T --benchmark-tour`: plays every step of the tour in real time and measures
 * each camera flight: its wall time from Next to arrival, the frames drawn meanwhile and the
 * longest gap between two frames (how long input could wait). Prints one line per step and a
 * summary line, then quits. The goal (issue #19): a flight arrives within 1 s and never blocks
 * input (no gap near the flight's length).
 */

#include <QElapsedTimer>
#include <QObject>
#include <QString>

namespace myriad::app
{

class TrainingModule;
class VtkViewWidget;

class TourBenchmark : public QObject
{
  Q_OBJECT

public:
  TourBenchmark(TrainingModule* training, VtkViewWidget* view, QObject* parent = nullptr);
  void start();
  const QString& resultLine() const { return m_result; }

signals:
  void finished(int exitCode);

private:
  void beginStep();
  void onArrived(int step);

  TrainingModule* m_training;
  VtkViewWidget* m_view;
  QElapsedTimer m_clock;
  qint64 m_lastFrameNs = 0;
  qint64 m_longestGapNs = 0;
  int m_framesAtStart = 0;
  int m_flights = 0;
  double m_slowestMs = 0;
  double m_framesSum = 0;
  double m_worstGapMs = 0;
  bool m_measuring = false;
  QString m_result;
};

} // namespace myriad::app
