// myriad-cli thermal --slice under an X display: the PNG has the requested size and shows the
// field (hot exhaust and cool supply air at rack height, a different picture near the floor than
// under the ceiling); bad --slice values are refused with a message naming what is wrong.
#include "cli_test_support.h"

#include <QImage>
#include <QTemporaryDir>
#include <QtTest>

using myriad::tests::cli;

namespace
{

bool haveDisplay()
{
  return !qEnvironmentVariableIsEmpty("DISPLAY");
}

/** Pixels (every 2nd row and column) whose red and blue channels differ by more than 100:
 *  the map's red end is hot air, its blue end cool air. */
std::pair<int, int> hotAndCoolPixels(const QImage& image)
{
  int hot = 0, cool = 0;
  for (int y = 0; y < image.height(); y += 2)
  {
    for (int x = 0; x < image.width(); x += 2)
    {
      const QRgb p = image.pixel(x, y);
      hot += qRed(p) > qBlue(p) + 100 ? 1 : 0;
      cool += qBlue(p) > qRed(p) + 100 ? 1 : 0;
    }
  }
  return { hot, cool };
}

} // namespace

class TestCliThermalRender final : public QObject
{
  Q_OBJECT

private slots:
  void horizontalSliceShowsHotAndCoolAir();
  void slicesAtDifferentHeightsDiffer();
  void verticalSliceHasTheRequestedSize();
  void badSliceArgumentsAreRefused_data();
  void badSliceArgumentsAreRefused();

private:
  QTemporaryDir m_dir;
};

void TestCliThermalRender::horizontalSliceShowsHotAndCoolAir()
{
  if (!haveDisplay())
  {
    QVERIFY2(qgetenv("CI") != "true", "no X display under CI: run through tests/run-gl.sh");
    QSKIP("no X display");
  }
  const QString png = m_dir.filePath("z12.png");
  const auto run = cli({ "thermal", "builtin:lab-256", "--slice", "z=1.2", "--slice-png", png,
                         "--width", "800", "--height", "500" });
  QVERIFY2(run.exitCode == 0, qPrintable(run.err));
  QVERIFY(run.out.contains("slice z = 1.20 m drawn to"));
  const QImage image(png);
  QCOMPARE(image.size(), QSize(800, 500));
  // lab-256 at rack-intake height: supply air at 20 °C in the cold aisle (blue end of the map),
  // 35 °C exhaust behind the racks (red end): both must cover a visible share of the picture.
  const auto [hot, cool] = hotAndCoolPixels(image);
  QVERIFY2(hot > 500, qPrintable(QString::number(hot)));
  QVERIFY2(cool > 500, qPrintable(QString::number(cool)));
}

void TestCliThermalRender::slicesAtDifferentHeightsDiffer()
{
  if (!haveDisplay())
  {
    QVERIFY2(qgetenv("CI") != "true", "no X display under CI: run through tests/run-gl.sh");
    QSKIP("no X display");
  }
  QImage images[2];
  const char* heights[2] = { "z=0.3", "z=2.5" };
  for (int i = 0; i < 2; ++i)
  {
    const QString png = m_dir.filePath(QString("h%1.png").arg(i));
    const auto run = cli({ "thermal", "builtin:lab-256", "--slice", heights[i], "--slice-png", png,
                           "--width", "400", "--height", "300" });
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    images[i] = QImage(png).convertToFormat(QImage::Format_RGB32);
    QCOMPARE(images[i].size(), QSize(400, 300));
  }
  // Exhaust air rises above the racks (2.2 m) and the racks' outlines cut the 0.3 m plane
  // elsewhere than the open 2.5 m plane: a large part of the picture changes.
  int differing = 0;
  for (int y = 0; y < 300; ++y)
  {
    for (int x = 0; x < 400; ++x)
    {
      differing += images[0].pixel(x, y) != images[1].pixel(x, y) ? 1 : 0;
    }
  }
  QVERIFY2(differing > 400 * 300 / 20, qPrintable(QString::number(differing)));
}

void TestCliThermalRender::verticalSliceHasTheRequestedSize()
{
  if (!haveDisplay())
  {
    QVERIFY2(qgetenv("CI") != "true", "no X display under CI: run through tests/run-gl.sh");
    QSKIP("no X display");
  }
  const QString png = m_dir.filePath("x.png");
  const auto run = cli({ "thermal", "builtin:lab-256", "--slice", "x=5", "--slice-png", png,
                         "--width", "640", "--height", "240" });
  QVERIFY2(run.exitCode == 0, qPrintable(run.err));
  const QImage image(png);
  QCOMPARE(image.size(), QSize(640, 240));
  const auto [hot, cool] = hotAndCoolPixels(image);
  QVERIFY2(hot + cool > 100, qPrintable(QString("%1 %2").arg(hot).arg(cool)));
}

void TestCliThermalRender::badSliceArgumentsAreRefused_data()
{
  QTest::addColumn<QStringList>("arguments");
  QTest::addColumn<QString>("message");
  QTest::newRow("axis") << QStringList{ "--slice", "w=1", "--slice-png", "a.png" } << "x, y or z";
  QTest::newRow("number") << QStringList{ "--slice", "z=high", "--slice-png", "a.png" }
                          << "\"high\" is not a number";
  QTest::newRow("above the ceiling") << QStringList{ "--slice", "z=9", "--slice-png", "a.png" }
                                     << "outside hall H1: z runs from 0 to";
  QTest::newRow("before the wall") << QStringList{ "--slice", "x=-1", "--slice-png", "a.png" }
                                   << "outside hall H1: x runs from 0 to";
  QTest::newRow("no image") << QStringList{ "--slice", "z=1.2" } << "missing --slice-png FILE.png";
  QTest::newRow("image without slice") << QStringList{ "--slice-png", "a.png" } << "give --slice";
}

void TestCliThermalRender::badSliceArgumentsAreRefused()
{
  QFETCH(QStringList, arguments);
  QFETCH(QString, message);
  const auto run = cli(QStringList{ "thermal", "builtin:lab-256" } + arguments);
  QCOMPARE(run.exitCode, 2);
  QVERIFY2(run.err.contains(message), qPrintable(run.err));
  QVERIFY(!QFile::exists("a.png"));
}

QTEST_GUILESS_MAIN(TestCliThermalRender)
#include "test_cli_thermal_render.moc"
