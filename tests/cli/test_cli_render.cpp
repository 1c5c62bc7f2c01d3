// myriad-cli render under an X display: the PNG exists and shows a picture, not a blank frame.
// myriad-cli report under an X display puts a 3D snapshot of the hall on page 1 (an image in
// the PDF), and leaves no temporary PNG behind.
#include <QDir>
#include <QFile>
#include <QImage>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

class TestCliRender final : public QObject
{
  Q_OBJECT

private slots:
  void rendersTheHall_data();
  void rendersTheHall();
  void reportHasASnapshot();
};

void TestCliRender::rendersTheHall_data()
{
  QTest::addColumn<QString>("view");
  QTest::addColumn<QString>("outOption"); // both spellings of the output file
  QTest::newRow("iso") << "iso"
                       << "-o";
  QTest::newRow("top") << "top"
                       << "--out";
}

void TestCliRender::rendersTheHall()
{
  QFETCH(QString, view);
  QFETCH(QString, outOption);
  if (qEnvironmentVariableIsEmpty("DISPLAY"))
  {
    if (qgetenv("CI") == "true")
    {
      QFAIL("no X display under CI: GL tests must run through tests/run-gl.sh");
    }
    QSKIP("no X display");
  }
  QTemporaryDir dir;
  const QString png = dir.filePath("hall.png");
  QProcess process;
  process.start(MYRIAD_CLI,
                { "render", QStringLiteral(MYRIAD_SOURCE_DIR "/samples/h100-superpod-10k.json"),
                  outOption, png, "--view", view, "--width", "800", "--height", "500" });
  QVERIFY(process.waitForFinished(300000));
  QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
  QImage image(png);
  QCOMPARE(image.size(), QSize(800, 500));
  // A real picture of 390 racks has many colours; an empty or failed render has one or two.
  QSet<QRgb> colours;
  for (int y = 0; y < image.height(); y += 4)
  {
    for (int x = 0; x < image.width(); x += 4)
    {
      colours.insert(image.pixel(x, y));
    }
  }
  QVERIFY2(colours.size() > 50, qPrintable(QString::number(colours.size())));
}

void TestCliRender::reportHasASnapshot()
{
  if (qEnvironmentVariableIsEmpty("DISPLAY"))
  {
    if (qgetenv("CI") == "true")
    {
      QFAIL("no X display under CI: GL tests must run through tests/run-gl.sh");
    }
    QSKIP("no X display");
  }
  QTemporaryDir dir;
  const QString pdf = dir.filePath("report.pdf");
  QProcess process;
  process.start(MYRIAD_CLI, { "report", "builtin:lab-256", "-o", pdf });
  QVERIFY(process.waitForFinished(300000));
  QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
  QFile file(pdf);
  QVERIFY(file.open(QIODevice::ReadOnly));
  const QByteArray bytes = file.readAll();
  QVERIFY(bytes.startsWith("%PDF-"));
  QVERIFY(bytes.contains("/Subtype /Image")); // the hall's snapshot
  QCOMPARE(QDir(dir.path()).entryList(QDir::Files), QStringList{ "report.pdf" });
}

QTEST_GUILESS_MAIN(TestCliRender)
#include "test_cli_render.moc"
