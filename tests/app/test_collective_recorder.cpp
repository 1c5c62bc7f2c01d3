// Recording the animated collective (CollectiveRecorder, `myriad HALL --animate ring --record
// DIR`): the whole collective in `seconds` at `fps` gives N = seconds · fps + 1 frames at the
// simulated times k/N · T_end (k = 0 … N), the last one held; frames.txt lists them with their
// durations for ffmpeg; the film ends at the simulated completion; frames mid-collective differ
// (the chunks move), and an MP4 is made exactly when ffmpeg is installed.
#include "app_test_support.h"
#include "collective_module.h"
#include "collective_recorder.h"
#include "main_window_test_support.h"

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

class TestCollectiveRecorder final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void recordsTheWholeCollective();
};

void TestCollectiveRecorder::recordsTheWholeCollective()
{
  test::useTestSettings();
  test::ErrorRecorder errors;
  MainWindow window;
  window.resize(1024, 640);
  window.show();
  QVERIFY(QTest::qWaitForWindowExposed(&window));
  QVERIFY(window.openSample(QStringLiteral("lab-256")));
  QVERIFY(test::waitForFrames(window, 1));

  auto& module = test::moduleOf<CollectiveModule>(window, "collectives");
  QTemporaryDir dir;
  CollectiveRecorder::Options options;
  options.directory = dir.filePath(QStringLiteral("film"));
  options.fps = 4;
  options.seconds = 2;
  options.holdSeconds = 1;
  CollectiveRecorder early(&module, &window, window.view(), options);
  QSignalSpy refused(&early, &CollectiveRecorder::finished);
  early.start(); // nothing simulated yet
  QCOMPARE(refused.count(), 1);
  QCOMPARE(refused.front().front().toInt(), 1);

  CollectiveRequest request;
  request.gpus = 16; // two nodes: flows on cables as well as on NVLink
  request.bytes = 64e6;
  QSignalSpy ready(&module, &CollectiveModule::collectiveReady);
  module.simulate(request);
  QVERIFY(ready.count() == 1 || ready.wait(120000));

  CollectiveRecorder recorder(&module, &window, window.view(), options);
  QSignalSpy finished(&recorder, &CollectiveRecorder::finished);
  recorder.start();
  QVERIFY(finished.wait(300000));
  QCOMPARE(finished.front().front().toInt(), 0);
  const int n = 8; // 2 s × 4 fps
  QCOMPARE(recorder.frames().size(), n + 1);
  QCOMPARE(module.time(), module.computed()->timeline.endS);
  const QImage first(recorder.frames().front());
  QVERIFY(!first.isNull());
  for (const QString& frame : recorder.frames())
  {
    QCOMPARE(QImage(frame).size(), first.size());
  }
  QVERIFY(QImage(recorder.frames().at(2)) != QImage(recorder.frames().at(5)));

  // frames.txt: N frames of 1/fps, the last held; the last file listed again for ffmpeg.
  QFile list(QDir(options.directory).filePath(QStringLiteral("frames.txt")));
  QVERIFY(list.open(QIODevice::ReadOnly | QIODevice::Text));
  double listedSeconds = 0;
  int listedFiles = 0;
  for (const QByteArray& line : list.readAll().split('\n'))
  {
    listedSeconds += line.startsWith("duration ") ? line.mid(9).toDouble() : 0.0;
    listedFiles += line.startsWith("file ") ? 1 : 0;
  }
  QCOMPARE(listedFiles, n + 2);
  const double expected = n / double(options.fps) + options.holdSeconds;
  QVERIFY2(std::abs(listedSeconds - expected) < 1e-3, qPrintable(QString::number(listedSeconds)));

  const bool haveFfmpeg = !QStandardPaths::findExecutable(QStringLiteral("ffmpeg")).isEmpty();
  const QFileInfo movie(QDir(options.directory).filePath(QStringLiteral("collective.mp4")));
  QCOMPARE(movie.exists() && movie.size() > 0, haveFfmpeg);
  QVERIFY(recorder.summary().contains(haveFfmpeg ? QStringLiteral("collective.mp4")
                                                 : QStringLiteral("no ffmpeg")));
  QVERIFY(errors.messages.isEmpty());
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestCollectiveRecorder)
#include "test_collective_recorder.moc"
