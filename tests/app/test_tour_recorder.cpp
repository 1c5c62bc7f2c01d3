// Recording a tour (TourRecorder, `myriad --tour T --record DIR`): every step's camera flight is
// sampled at the asked frame rate, each step's last frame is held, frames.txt lists every frame
// with its duration for ffmpeg, and frames within a flight show the camera moving.
#include "app_test_support.h"
#include "camera_flight.h"
#include "main_window_test_support.h"
#include "sample_locator.h"
#include "tour_recorder.h"
#include "tour_session.h"
#include "training_module.h"

#include "myriad/engine/tour/tour.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

namespace myriad::app
{

class TestTourRecorder final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void recordsEveryStepWithItsFlight();
};

void TestTourRecorder::recordsEveryStepWithItsFlight()
{
  test::useTestSettings();
  test::ErrorRecorder errors;
  MainWindow window;
  window.resize(1024, 640);
  window.show();
  QVERIFY(QTest::qWaitForWindowExposed(&window));
  QVERIFY(window.openSample(QStringLiteral("lab-256")));
  QVERIFY(test::waitForFrames(window, 1));

  const QString tourPath = findSample(QStringLiteral("tours/gpu-to-ten-thousand"));
  const engine::tour::Tour tour = engine::tour::loadTour(tourPath.toStdString());
  auto& training = test::moduleOf<TrainingModule>(window, "training");
  QVERIFY(training.startTour(tourPath));

  QTemporaryDir dir;
  TourRecorder::Options options;
  options.directory = dir.filePath(QStringLiteral("film"));
  options.fps = 4;
  options.holdSeconds = 0.5;
  TourRecorder recorder(&training, &window, window.view(), window.liveScheduler(), options);
  QSignalSpy finished(&recorder, &TourRecorder::finished);
  recorder.start();
  QVERIFY(finished.wait(300000));
  QCOMPARE(finished.front().front().toInt(), 0);

  // A step with a waypoint flies for CameraFlight::kDefaultMs: round(0.6 s × 4) = 2 frames; a
  // step without one is a single frame. Each step's last frame is held.
  const int flightFrames =
    static_cast<int>(std::lround(CameraFlight::kDefaultMs / 1000.0 * options.fps));
  int expectedFrames = 0;
  double expectedSeconds = 0;
  for (const engine::tour::Step& step : tour.steps)
  {
    const bool flies =
      !step.camera.preset.empty() || !step.camera.object.empty() || step.camera.eye.has_value();
    const int frames = flies ? flightFrames : 1;
    expectedFrames += frames;
    expectedSeconds += (frames - 1) / double(options.fps) + options.holdSeconds;
  }
  QCOMPARE(recorder.frames().size(), expectedFrames);
  // Every frame is a picture of the whole window, all of one size.
  const QImage first(recorder.frames().front());
  QVERIFY(!first.isNull() && first.width() >= 640);
  for (const QString& frame : recorder.frames())
  {
    QCOMPARE(QImage(frame).size(), first.size());
  }

  // frames.txt: every frame once with its duration (the last listed again, as ffmpeg needs).
  QFile list(QDir(options.directory).filePath(QStringLiteral("frames.txt")));
  QVERIFY(list.open(QIODevice::ReadOnly | QIODevice::Text));
  double listedSeconds = 0;
  int listedFiles = 0;
  for (const QByteArray& line : list.readAll().split('\n'))
  {
    if (line.startsWith("duration "))
    {
      listedSeconds += line.mid(9).toDouble();
    }
    listedFiles += line.startsWith("file ") ? 1 : 0;
  }
  QCOMPARE(listedFiles, expectedFrames + 1);
  QVERIFY2(std::abs(listedSeconds - expectedSeconds) < 1e-3,
           qPrintable(
             QStringLiteral("%1 s listed, %2 s expected").arg(listedSeconds).arg(expectedSeconds)));

  // Step 2 flies from the isometric view to a server: its frames differ (the camera moves).
  const int step2First = flightFrames; // step 1 (isometric) took flightFrames frames
  QVERIFY(QImage(recorder.frames().at(step2First)) != QImage(recorder.frames().at(step2First + 1)));

  const bool haveFfmpeg = !QStandardPaths::findExecutable(QStringLiteral("ffmpeg")).isEmpty();
  const QFileInfo movie(QDir(options.directory).filePath(QStringLiteral("tour.mp4")));
  QCOMPARE(movie.exists() && movie.size() > 0, haveFfmpeg);
  QVERIFY(recorder.summary().contains(haveFfmpeg ? QStringLiteral("tour.mp4")
                                                 : QStringLiteral("no ffmpeg")));
  training.endTour();
  QVERIFY(errors.messages.isEmpty());
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestTourRecorder)
#include "test_tour_recorder.moc"
