// Open/save through the main window: a save → reopen round trip reproduces the scene, and bad
// input (malformed JSON, wrong types, unwritable paths) is reported without losing the document.
#include "app_test_support.h"
#include "main_window.h"
#include "recent_files.h"
#include "scene_document.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/scene_io.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

namespace myriad::app
{

class TestSceneDocument final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase();
  void init();
  void cleanup();
  void saveAndReopenRoundTrip();
  void malformedJsonKeepsDocument();
  void wrongTypeNamesJsonPath();
  void missingFileKeepsDocument();
  void unwritablePathReportsSaveError();
  void recentFilesKeepEightNewestFirst();

private:
  QString writeFile(const QString& name, const QByteArray& contents);

  QTemporaryDir m_dir;
  std::unique_ptr<test::ErrorRecorder> m_errors;
  std::unique_ptr<MainWindow> m_window;
};

void TestSceneDocument::initTestCase()
{
  test::useTestSettings();
  QVERIFY(m_dir.isValid());
}

void TestSceneDocument::init()
{
  m_errors = std::make_unique<test::ErrorRecorder>();
  m_window = std::make_unique<MainWindow>(); // not shown: no GL needed for documents
  const engine::Catalog& catalog = engine::Catalog::builtin();
  m_window->document()->setGenerated(
    engine::generateScene(engine::builtinSpec("lab-256"), catalog));
}

void TestSceneDocument::cleanup()
{
  m_window.reset();
  m_errors.reset();
}

QString TestSceneDocument::writeFile(const QString& name, const QByteArray& contents)
{
  const QString path = m_dir.filePath(name);
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly) || file.write(contents) != contents.size())
  {
    return {};
  }
  return path;
}

void TestSceneDocument::saveAndReopenRoundTrip()
{
  const engine::Scene before = m_window->document()->scene();
  QVERIFY(m_window->document()->needsSaveAs()); // generated: Save must ask for a name
  const QString path = m_dir.filePath(QStringLiteral("round-trip.json"));
  QVERIFY(m_window->saveToFile(path));
  QVERIFY(m_errors->messages.isEmpty());
  QCOMPARE(m_window->document()->filePath(), path);
  QVERIFY(!m_window->document()->needsSaveAs());
  QVERIFY(m_window->windowTitle().contains(QStringLiteral("round-trip.json")));

  // Replace the document, then reopen the saved file: the scene comes back equal.
  m_window->document()->setGenerated(
    engine::generateScene(engine::builtinSpec("h100-superpod-10k"), engine::Catalog::builtin()));
  QVERIFY(!(m_window->document()->scene() == before));
  QVERIFY(m_window->openFile(path));
  QVERIFY(m_window->document()->scene() == before);
  QCOMPARE(recentFiles().value(0), path);

  // Saving the reopened scene again reproduces the file byte for byte (canonical format).
  const QString again = m_dir.filePath(QStringLiteral("round-trip-2.json"));
  QVERIFY(m_window->saveToFile(again));
  QCOMPARE(engine::readFile(again.toStdString()), engine::readFile(path.toStdString()));
}

void TestSceneDocument::malformedJsonKeepsDocument()
{
  const engine::Scene before = m_window->document()->scene();
  const QString titleBefore = m_window->windowTitle();
  const QString path =
    writeFile(QStringLiteral("broken.json"), "{ \"schemaVersion\": 1, \"site\": ");
  QVERIFY(!path.isEmpty());

  QVERIFY(!m_window->openFile(path));
  QCOMPARE(m_errors->messages.size(), 1);
  QVERIFY2(m_errors->messages.first().contains(QStringLiteral("broken.json")),
           qPrintable(m_errors->messages.first()));
  QVERIFY(m_window->document()->scene() == before);
  QCOMPARE(m_window->windowTitle(), titleBefore);
  QVERIFY(m_window->document()->filePath().isEmpty());
  QVERIFY(!recentFiles().contains(path));
}

void TestSceneDocument::wrongTypeNamesJsonPath()
{
  // Valid JSON, wrong shape: the message names the file and the JSON path.
  const QString path = writeFile(QStringLiteral("wrong-type.json"),
                                 R"({"schemaVersion": 1, "site": {"name": "x", "halls": 5}})");
  const engine::Scene before = m_window->document()->scene();
  QVERIFY(!m_window->openFile(path));
  QCOMPARE(m_errors->messages.size(), 1);
  const QString message = m_errors->messages.first();
  QVERIFY2(message.contains(QStringLiteral("wrong-type.json")), qPrintable(message));
  QVERIFY2(message.contains(QStringLiteral("/site/halls")), qPrintable(message));
  QVERIFY(m_window->document()->scene() == before);
}

void TestSceneDocument::missingFileKeepsDocument()
{
  const engine::Scene before = m_window->document()->scene();
  QVERIFY(!m_window->openFile(m_dir.filePath(QStringLiteral("does-not-exist.json"))));
  QCOMPARE(m_errors->messages.size(), 1);
  QVERIFY(m_errors->messages.first().contains(QStringLiteral("does-not-exist.json")));
  QVERIFY(m_window->document()->scene() == before);
}

void TestSceneDocument::unwritablePathReportsSaveError()
{
  const QString good = m_dir.filePath(QStringLiteral("good.json"));
  QVERIFY(m_window->saveToFile(good));
  const QString bad = m_dir.filePath(QStringLiteral("no-such-folder/scene.json"));
  QVERIFY(!m_window->saveToFile(bad));
  QCOMPARE(m_errors->messages.size(), 1);
  QCOMPARE(m_window->document()->filePath(), good); // still saving to the last good file
  QVERIFY(!QFile::exists(bad));
}

void TestSceneDocument::recentFilesKeepEightNewestFirst()
{
  clearRecentFiles();
  for (int i = 0; i < 10; ++i)
  {
    addRecentFile(m_dir.filePath(QStringLiteral("f%1.json").arg(i)));
  }
  addRecentFile(m_dir.filePath(QStringLiteral("f5.json"))); // again: moves to the front
  const QStringList files = recentFiles();
  QCOMPARE(files.size(), kMaxRecentFiles);
  QCOMPARE(files.first(), m_dir.filePath(QStringLiteral("f5.json")));
  QCOMPARE(files.count(m_dir.filePath(QStringLiteral("f5.json"))), 1);
  QCOMPARE(files.at(1), m_dir.filePath(QStringLiteral("f9.json")));
  removeRecentFile(m_dir.filePath(QStringLiteral("f9.json")));
  QVERIFY(!recentFiles().contains(m_dir.filePath(QStringLiteral("f9.json"))));
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestSceneDocument)
#include "test_scene_document.moc"
