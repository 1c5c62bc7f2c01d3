// The command line of `myriad`: valid options parse into AppOptions; a bad value stops the
// program with status 2 and a message that names the option and the expected form.
#include "app_options.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTest>

namespace myriad::app
{

class TestAppOptions final : public QObject
{
  Q_OBJECT

private slots:
  void parsesEveryOption();
  void badValuesExitWithTwo_data();
  void badValuesExitWithTwo();
  void helpListsEveryOption();
  void benchmarkLineSplitsItsFrames();
};

void TestAppOptions::parsesEveryOption()
{
  const AppOptions options = parseAppOptions(
    { "myriad", "scene.json", "--view", "top", "--color-by", "power", "--size", "1280x800",
      "--select", "H1-R01-K01", "--show", "fabric,thermal", "--screenshot", "out.png" });
  QCOMPARE(options.file, QStringLiteral("scene.json"));
  QCOMPARE(options.view, std::optional(scenes::CameraPreset::Top));
  QCOMPARE(options.colorBy, std::optional(scenes::ColorBy::PowerDensity));
  QCOMPARE(options.windowSize, std::optional(QSize(1280, 800)));
  QCOMPARE(options.selectId, QStringLiteral("H1-R01-K01"));
  QCOMPARE(options.showDocks, QStringList({ "fabric", "thermal" }));
  QCOMPARE(options.screenshotPath, QStringLiteral("out.png"));
  // Every name --show accepts is the prefix of a dock's object name ("fabricDock").
  QVERIFY(showableDocks().contains(QStringLiteral("traffic")));

  // A collective recorded: --record goes with --animate as with --tour.
  const AppOptions film = parseAppOptions({ "myriad", "--animate", "ring", "--animate-gpus", "64",
                                            "--record", "out", "--fps", "10", "--hold", "1.5",
                                            "--animate-seconds", "6", "--animate-order", "node" });
  QCOMPARE(film.animate, QStringLiteral("ring"));
  QCOMPARE(film.animateOrder, QStringLiteral("node"));
  QCOMPARE(film.animateGpus, 64);
  QCOMPARE(film.recordDirectory, QStringLiteral("out"));
  QCOMPARE(film.recordFps, 10);
  QCOMPARE(film.recordHoldSeconds, 1.5);
  QCOMPARE(film.animateSeconds, 6.0);
}

void TestAppOptions::badValuesExitWithTwo_data()
{
  QTest::addColumn<QStringList>("arguments");
  QTest::addColumn<QString>("named");
  QTest::newRow("show") << QStringList{ "--show", "fabric,bogus" } << "--show";
  QTest::newRow("view") << QStringList{ "--view", "sideways" } << "--view";
  QTest::newRow("size") << QStringList{ "--size", "big" } << "--size";
  QTest::newRow("frames") << QStringList{ "--benchmark-frames", "-3" } << "--benchmark-frames";
  QTest::newRow("record alone") << QStringList{ "--record", "out" } << "--record";
  QTest::newRow("seconds") << QStringList{ "--animate",         "ring", "--record", "out",
                                           "--animate-seconds", "0" }
                           << "--animate-seconds";
  QTest::newRow("order") << QStringList{ "--animate", "ring", "--animate-order", "rack" }
                         << "--animate-order";
  QTest::newRow("seconds without record")
    << QStringList{ "--animate", "ring", "--animate-seconds", "5" } << "--animate-seconds";
}

void TestAppOptions::badValuesExitWithTwo()
{
  QFETCH(QStringList, arguments);
  QFETCH(QString, named);
  QProcess process;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert("QT_QPA_PLATFORM", "offscreen"); // options are parsed before any window exists
  process.setProcessEnvironment(env);
  process.start(QStringLiteral(MYRIAD_APP_BINARY), arguments);
  QVERIFY(process.waitForFinished(60000));
  QCOMPARE(process.exitStatus(), QProcess::NormalExit);
  QCOMPARE(process.exitCode(), 2);
  const QString err = QString::fromUtf8(process.readAllStandardError());
  QVERIFY2(err.contains(named), qPrintable(err));
}

void TestAppOptions::helpListsEveryOption()
{
  // --help answers with exit 0 and names every option, --lang too (main.cpp takes it out of the
  // command line before the parser runs, so only its listing in the parser documents it).
  QProcess process;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert("QT_QPA_PLATFORM", "offscreen");
  process.setProcessEnvironment(env);
  process.start(QStringLiteral(MYRIAD_APP_BINARY), { QStringLiteral("--help") });
  QVERIFY(process.waitForFinished(60000));
  QCOMPARE(process.exitCode(), 0);
  const QString help = QString::fromUtf8(process.readAllStandardOutput());
  for (const char* option : { "--benchmark-frames", "--screenshot", "--view", "--color-by",
                              "--size", "--select", "--show", "--lang" })
  {
    QVERIFY2(help.contains(QLatin1String(option)), option);
  }
}

void TestAppOptions::benchmarkLineSplitsItsFrames()
{
  // --benchmark-frames N prints one line: N frames, the slowest interval, and the frames split
  // by whether the live stages were computing ("-" for a rate over no frames). No speed is
  // asserted here (docs/benchmarks.md has the measurements); the line must be whole and agree
  // with itself.
  QProcess process;
  process.start(QStringLiteral(MYRIAD_APP_BINARY),
                { QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json"),
                  QStringLiteral("--benchmark-frames"), QStringLiteral("5"),
                  QStringLiteral("--size"), QStringLiteral("480x320") });
  QVERIFY(process.waitForFinished(300000));
  QCOMPARE(process.exitCode(), 0);
  const QString out = QString::fromUtf8(process.readAllStandardOutput());
  const QRegularExpression line(
    QStringLiteral("frames=5 seconds=\\S+ fps=\\S+ detail=\\S+ racks=\\d+ gpus=256 frame_ms=\\S+ "
                   "slowest_ms=([0-9.]+) live_busy_frames=(\\d+) fps_live_busy=(\\S+) "
                   "fps_live_idle=(\\S+)"));
  const QRegularExpressionMatch m = line.match(out);
  QVERIFY2(m.hasMatch(), qPrintable(out));
  QVERIFY(m.captured(1).toDouble() > 0);
  const int busy = m.captured(2).toInt();
  QVERIFY(busy >= 0 && busy <= 5);
  QCOMPARE(m.captured(3) == QStringLiteral("-"), busy == 0);
  QCOMPARE(m.captured(4) == QStringLiteral("-"), busy == 5);
}

} // namespace myriad::app

QTEST_GUILESS_MAIN(myriad::app::TestAppOptions)
#include "test_app_options.moc"
