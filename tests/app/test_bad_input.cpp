// Bad input through the GUI: each bad scene file opened through MainWindow::openFile (the path of
// File ▸ Open, recent files and the command line) is refused with an error naming the file and
// what is wrong, the window carries on and the open document is untouched; a telemetry import
// with implausible or broken data lists every problem in the Telemetry dock and keeps such
// readings out of the hall's figures; an absurd --size neither crashes nor opens a giant window.
#include "app_test_support.h"
#include "editing_module.h"
#include "main_window_test_support.h"
#include "scene_document.h"
#include "telemetry_panel.h"
#include "violations_panel.h"

#include "myriad/engine/scene_io.h"
#include "myriad/engine/telemetry/sample_generator.h"

#include <QFile>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QScreen>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <memory>

namespace tel = myriad::engine::telemetry;

namespace myriad::app
{

namespace
{

const QString kLabPath = QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json");

QString readText(const QString& path)
{
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

bool writeText(const QString& path, const QByteArray& text)
{
  QFile file(path);
  return file.open(QIODevice::WriteOnly) && file.write(text) == text.size();
}

} // namespace

class TestBadInput final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase();
  void cleanupTestCase() { m_window.reset(); }
  void badSceneIsRefusedAndTheDocumentKept_data();
  void badSceneIsRefusedAndTheDocumentKept();
  void oversizedSceneIsRefusedBeforeReading();
  void physicalProblemsOpenToBeFixed();
  void telemetryImportListsEveryProblem();
  void absurdWindowSizeIsClamped();

private:
  QTemporaryDir m_dir;
  std::unique_ptr<MainWindow> m_window;
  std::size_t m_labRacks = 0;
};

void TestBadInput::initTestCase()
{
  test::useTestSettings();
  QVERIFY(m_dir.isValid());
  m_window = std::make_unique<MainWindow>();
  m_window->resize(1000, 700);
  m_window->show();
  QVERIFY(m_window->openFile(kLabPath));
  for (const auto& row : m_window->document()->scene().site.halls.at(0).rows)
    m_labRacks += row.racks.size();
  QVERIFY(m_labRacks > 0);
}

void TestBadInput::badSceneIsRefusedAndTheDocumentKept_data()
{
  QTest::addColumn<QString>("text");     // the lab sample's text with one change
  QTest::addColumn<QString>("expected"); // in the error message
  const QString lab = readText(kLabPath);
  QVERIFY(!lab.isEmpty());
  // The first value of `key` in the file (the hall's widthM, the first cooler's xM).
  auto replaced = [&lab](const QString& key, const QString& literal)
  {
    QString text = lab;
    const QRegularExpression value(QStringLiteral("(\"%1\": )([-0-9.e+]+)").arg(key));
    return text.replace(text.indexOf(value), value.match(text).capturedLength(),
                        QStringLiteral("\"%1\": %2").arg(key, literal));
  };
  QTest::newRow("1e999") << replaced(QStringLiteral("xM"), QStringLiteral("1e999"))
                         << QStringLiteral("/site/halls/0/coolers/0/xM: got 1e999");
  QTest::newRow("NaN") << replaced(QStringLiteral("xM"), QStringLiteral("NaN"))
                       << QStringLiteral("NaN and Infinity are not JSON numbers");
  QTest::newRow("1e308 m hall") << replaced(QStringLiteral("widthM"), QStringLiteral("1e308"))
                                << QStringLiteral("/site/halls/0/widthM");
  QTest::newRow("truncated") << lab.left(lab.size() / 2)
                             << QStringLiteral("ends before the document is complete");
  QString hugeArray = QStringLiteral("{\"schemaVersion\": 1, \"site\": {\"halls\": [0");
  hugeArray += QStringLiteral(",0").repeated(1'000'000);
  QTest::newRow("huge array") << hugeArray + QStringLiteral("]}}")
                              << QStringLiteral("array longer than 1000000 elements");
}

void TestBadInput::badSceneIsRefusedAndTheDocumentKept()
{
  QFETCH(QString, text);
  QFETCH(QString, expected);
  const QString path = m_dir.filePath(QStringLiteral("bad-%1.json")
                                        .arg(QTest::currentDataTag())
                                        .replace(QLatin1Char(' '), QLatin1Char('-')));
  QVERIFY(writeText(path, text.toUtf8()));
  const QString before = m_window->document()->filePath();
  test::ErrorRecorder errors;
  QVERIFY(!m_window->openFile(path));
  QCOMPARE(errors.messages.size(), 1);
  const QString message = errors.messages.front();
  QVERIFY2(message.contains(path), qPrintable(message));
  QVERIFY2(message.contains(expected), qPrintable(message));
  QVERIFY2(!message.contains(QStringLiteral("json.exception")), qPrintable(message));
  // The window is alive and still shows the lab hall.
  QVERIFY(m_window->isVisible());
  QCOMPARE(m_window->document()->filePath(), before);
  std::size_t racks = 0;
  for (const auto& row : m_window->document()->scene().site.halls.at(0).rows)
    racks += row.racks.size();
  QCOMPARE(racks, m_labRacks);
}

void TestBadInput::oversizedSceneIsRefusedBeforeReading()
{
  const QString path = m_dir.filePath(QStringLiteral("oversized.json"));
  QVERIFY(writeText(path, "{"));
  std::filesystem::resize_file(path.toStdString(), engine::kMaxDocumentBytes + 1); // sparse
  test::ErrorRecorder errors;
  QVERIFY(!m_window->openFile(path));
  QCOMPARE(errors.messages.size(), 1);
  QVERIFY2(errors.messages.front().contains(QStringLiteral("over the limit of 64.0 MiB")),
           qPrintable(errors.messages.front()));
  QCOMPARE(m_window->document()->filePath(), QFileInfo(kLabPath).absoluteFilePath());
}

void TestBadInput::physicalProblemsOpenToBeFixed()
{
  // Two racks on the same spot and a duplicate id can be represented: the file opens (no error
  // dialog), the status bar says there are problems, and the Violations dock lists them so that
  // the user can fix them; a later fix through an edit clears them.
  engine::Scene scene = engine::loadScene(kLabPath.toStdString(), m_window->document()->catalog());
  auto& racks = scene.site.halls.at(0).rows.at(0).racks;
  QVERIFY(racks.size() >= 3);
  racks[1].xM = racks[0].xM; // overlap
  racks[1].yM = racks[0].yM;
  racks[2].id = racks[0].id; // duplicate id
  const QString path = m_dir.filePath(QStringLiteral("overlap.json"));
  QVERIFY(writeText(path, QByteArray::fromStdString(engine::sceneToJson(scene))));
  test::ErrorRecorder errors;
  QVERIFY(m_window->openFile(path));
  QVERIFY2(errors.messages.isEmpty(), qPrintable(errors.messages.join('\n')));
  QCOMPARE(m_window->document()->filePath(), QFileInfo(path).absoluteFilePath());
  ViolationsPanel* violations = test::editingModule(*m_window).violationsPanel();
  QVERIFY(QTest::qWaitFor([violations] { return violations->count() >= 2; }, 60000));
  QStringList texts;
  for (int i = 0; i < violations->list()->topLevelItemCount(); ++i)
    texts << violations->list()->topLevelItem(i)->text(violations->list()->columnCount() - 1);
  const QString all = texts.join(QLatin1Char('\n'));
  QVERIFY2(all.contains(QStringLiteral("overlap")), qPrintable(all));
  QVERIFY2(all.contains(QStringLiteral("duplicate id")), qPrintable(all));
  QVERIFY(m_window->isVisible());
  QVERIFY(m_window->openFile(kLabPath)); // back to the clean hall for the tests that follow
}

void TestBadInput::telemetryImportListsEveryProblem()
{
  TelemetryModule& telemetry = test::telemetryModule(*m_window);
  TelemetryPanel* panel = telemetry.panel();
  QTreeWidget* list = panel->findChild<QTreeWidget*>(QStringLiteral("telemetryDiagnostics"));
  QVERIFY(list);
  // A clean scrape of the lab hall: nothing to list.
  const std::string clean =
    tel::generateDcgmSnapshot(m_window->document()->scene(), tel::GeneratorOptions{});
  const QString cleanPath = m_dir.filePath(QStringLiteral("clean.prom"));
  QVERIFY(writeText(cleanPath, QByteArray::fromStdString(clean)));
  QCOMPARE(panel->importFiles({ cleanPath }), 1);
  QVERIFY(panel->diagnosticTexts().isEmpty());
  QVERIFY(!list->isVisibleTo(panel));
  auto readingsWithTemperature = [panel]
  {
    int n = 0;
    for (const auto& gpu : panel->report().gpus)
      n += std::isfinite(gpu.temperatureC) ? 1 : 0;
    return n;
  };
  const int cleanReadings = readingsWithTemperature();
  QVERIFY(cleanReadings > 2);
  // The same scrape with two GPU temperatures broken: 1e999 (once +Inf, the "hottest GPU")
  // and −500 °C; plus a file that is no telemetry at all.
  QString text = QString::fromStdString(clean);
  QStringList lines = text.split(QLatin1Char('\n'));
  QList<int> broken;
  for (int i = 0; i < lines.size() && broken.size() < 2; ++i)
  {
    if (!lines[i].startsWith(QStringLiteral("DCGM_FI_DEV_GPU_TEMP{")))
      continue;
    // "NAME{labels} VALUE [TIMESTAMP]": replace the value, keep the timestamp.
    const int valueAt = int(lines[i].indexOf(QStringLiteral("} "))) + 2;
    QStringList fields = lines[i].mid(valueAt).split(QLatin1Char(' '));
    fields[0] = broken.isEmpty() ? QStringLiteral("1e999") : QStringLiteral("-500");
    lines[i] = lines[i].left(valueAt) + fields.join(QLatin1Char(' '));
    broken << i + 1; // 1-based line numbers
  }
  QCOMPARE(broken.size(), 2);
  const QString badPath = m_dir.filePath(QStringLiteral("bad.prom"));
  QVERIFY(writeText(badPath, lines.join(QLatin1Char('\n')).toUtf8()));
  const QString garbagePath = m_dir.filePath(QStringLiteral("garbage.json"));
  QVERIFY(writeText(garbagePath, "{\"Reading\": [1, 2,"));
  QCOMPARE(panel->importFiles({ garbagePath, badPath }), 1);
  const QStringList problems = panel->diagnosticTexts();
  QVERIFY2(problems.size() == 3, qPrintable(problems.join(QLatin1Char('\n'))));
  QVERIFY2(problems[0].startsWith(QStringLiteral("garbage.json:1: json:")),
           qPrintable(problems[0]));
  QVERIFY2(
    problems[1].startsWith(QStringLiteral("bad.prom:%1: DCGM_FI_DEV_GPU_TEMP").arg(broken[0])),
    qPrintable(problems[1]));
  QVERIFY2(problems[1].contains(QStringLiteral("+Inf")), qPrintable(problems[1]));
  QVERIFY2(problems[2].startsWith(QStringLiteral("bad.prom:%1:").arg(broken[1])),
           qPrintable(problems[2]));
  QVERIFY2(problems[2].contains(QStringLiteral("-40 to 150 °C")), qPrintable(problems[2]));
  QVERIFY(list->isVisibleTo(panel));
  QCOMPARE(list->topLevelItemCount(), 3);
  for (std::size_t i = 0; i < panel->store().size(); ++i)
    if (panel->store().at(i)->fileName == "bad.prom")
      panel->showSnapshot(int(i));
  QCOMPARE(panel->shownSnapshot()->fileName, std::string("bad.prom"));
  // The broken readings are in no figure: two GPUs fewer with a temperature, none implausible.
  QCOMPARE(readingsWithTemperature(), cleanReadings - 2);
  for (const auto& gpu : panel->report().gpus)
    QVERIFY(!std::isfinite(gpu.temperatureC) ||
            (gpu.temperatureC >= -40 && gpu.temperatureC <= 150));
}

void TestBadInput::absurdWindowSizeIsClamped()
{
  const QString shot = m_dir.filePath(QStringLiteral("shot.png"));
  QProcess process;
  process.start(QStringLiteral(MYRIAD_BINARY_DIR "/app/myriad"),
                { kLabPath, QStringLiteral("--size"), QStringLiteral("99999x99999"),
                  QStringLiteral("--screenshot"), shot });
  QVERIFY(process.waitForFinished(300000));
  QCOMPARE(process.exitStatus(), QProcess::NormalExit);
  const QString err = QString::fromUtf8(process.readAllStandardError());
  QVERIFY2(process.exitCode() == 0, qPrintable(err));
  QVERIFY2(err.contains(QStringLiteral("--size 99999x99999 is beyond the screen")),
           qPrintable(err));
  const QImage image(shot);
  QVERIFY(!image.isNull());
  const QSize screen = QGuiApplication::primaryScreen()->availableGeometry().size();
  const QSize largest = screen.expandedTo(QSize(3840, 2160));
  QVERIFY2(image.width() <= largest.width() && image.height() <= largest.height(),
           qPrintable(QStringLiteral("%1x%2").arg(image.width()).arg(image.height())));
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestBadInput)
#include "test_bad_input.moc"
