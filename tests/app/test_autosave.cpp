// Never lose work: the autosave writes a recovery file that loads to the edited scene, the
// next start after a crash offers it (and restores the edits), a declined or stale recovery is
// removed, a corrupt one is reported and set aside, a clean save removes it, and a file changed
// on disk by another program is detected (our own saves are not). One test kills a real
// process (this executable, started again as a child) after its autosave.
#include "app_test_support.h"
#include "autosave.h"
#include "edit_controller.h"
#include "main_window.h"
#include "scene_document.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/query.h"
#include "myriad/engine/scene_io.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <cstdio>
#include <cstdlib>
#include <memory>

namespace edit = myriad::engine::edit;

namespace myriad::app
{

namespace
{

/** Set in the child process of killedProcessRestoresEdits: the scene file it edits. */
constexpr char kCrashChildEnv[] = "MYRIAD_TEST_CRASH_CHILD_FILE";

edit::MoveObjects firstRackOneTileLeft()
{
  edit::MoveObjects move;
  move.ids = { "H1-R01-K01" };
  move.dxM = -0.6;
  return move;
}

/**
 * The child process: open the file, edit it, autosave, say so on stdout, then wait to be
 * killed (SIGKILL: no destructor, no clean exit). Never returns.
 */
[[noreturn]] void runCrashChild(const QString& path)
{
  static int argc = 1;
  static char name[] = "test_autosave";
  static char* argv[] = { name, nullptr };
  QApplication application(argc, argv);
  QStandardPaths::setTestModeEnabled(true);
  QCoreApplication::setOrganizationName(QStringLiteral("Myriad"));
  QCoreApplication::setApplicationName(test::testApplicationName()); // the parent's files
  MainWindow window;
  window.autosave()->setRestorePrompt([](const QString&, const QDateTime&) { return false; });
  const bool saved = window.openFile(path) &&
                     window.editController()->apply(firstRackOneTileLeft()) &&
                     window.autosave()->saveRecoveryNow();
  std::fputs(saved ? "autosaved\n" : "failed\n", stdout);
  std::fflush(stdout);
  QApplication::exec();
  std::_Exit(1);
}

/** Set in the child process of killedDuringEditBurstLosesAtMostOneInterval. */
constexpr char kBurstChildEnv[] = "MYRIAD_TEST_BURST_CHILD_FILE";
/** The rack the burst edits: its given power counts the edits (1 W, 2 W, 3 W, ...). */
constexpr char kBurstRack[] = "H1-R01-K01";

/**
 * The burst child: open the file, autosave every second, and edit without pause (edit n sets
 * the rack's given power to n W). It prints "edit n" after each edit and "autosaved n" after
 * each autosave (n: the edits the recovery file holds), until it is killed. Never returns.
 */
[[noreturn]] void runBurstChild(const QString& path)
{
  static int argc = 1;
  static char name[] = "test_autosave";
  static char* argv[] = { name, nullptr };
  QApplication application(argc, argv);
  QStandardPaths::setTestModeEnabled(true);
  QCoreApplication::setOrganizationName(QStringLiteral("Myriad"));
  QCoreApplication::setApplicationName(test::testApplicationName()); // the parent's files
  MainWindow window;
  window.autosave()->setRestorePrompt([](const QString&, const QDateTime&) { return false; });
  if (!window.openFile(path))
  {
    std::fputs("failed\n", stdout);
    std::_Exit(1);
  }
  int edits = 0;
  QObject::connect(window.autosave(), &Autosave::recoverySaved,
                   [&edits]
                   {
                     std::printf("autosaved %d\n", edits);
                     std::fflush(stdout);
                   });
  window.autosave()->setIntervalSeconds(1);
  QTimer burst;
  QObject::connect(&burst, &QTimer::timeout,
                   [&]
                   {
                     const bool applied = window.editController()->apply(
                       edit::SetProperty{ kBurstRack, "powerW", double(edits + 1) });
                     edits += applied ? 1 : 0;
                     std::printf(applied ? "edit %d\n" : "failed %d\n", edits);
                     std::fflush(stdout);
                   });
  burst.start(0);
  QApplication::exec();
  std::_Exit(1);
}

/** The last number after `prefix` on a line of `output` (−1 if no line has it). */
int lastNumberAfter(const QByteArray& output, const QByteArray& prefix)
{
  int last = -1;
  for (const QByteArray& line : output.split('\n'))
  {
    if (line.startsWith(prefix))
    {
      last = line.mid(prefix.size()).toInt();
    }
  }
  return last;
}

} // namespace

class TestAutosave final : public QObject
{
  Q_OBJECT

public:
  static void initMain()
  {
    test::initGlBeforeApplication();
    if (qEnvironmentVariableIsSet(kCrashChildEnv))
    {
      runCrashChild(qEnvironmentVariable(kCrashChildEnv));
    }
    if (qEnvironmentVariableIsSet(kBurstChildEnv))
    {
      runBurstChild(qEnvironmentVariable(kBurstChildEnv));
    }
  }

private slots:
  void initTestCase();
  void init();
  void cleanup();
  void intervalComesFromSettings();
  void recoveryFileLoadsToTheEditedScene();
  void nextStartAfterCrashRestoresEdits();
  void killedProcessRestoresEdits();
  void killedDuringEditBurstLosesAtMostOneInterval();
  void declinedRecoveryIsRemoved();
  void staleRecoveryIsNotOffered();
  void corruptRecoveryIsSetAside();
  void cleanSaveAndUndoRemoveRecovery();
  void fileChangedOnDiskAsksToReload();

private:
  /** A window (not shown) with the lab sample saved to a file of the temporary folder. */
  std::unique_ptr<MainWindow> openLabWindow(int* restorePrompts = nullptr, bool restore = true);
  /** Move the first compute rack one tile towards the wall (a real, accepted edit). */
  static void editScene(MainWindow& window);
  /** Age the document's file so the recovery written after it is newer. */
  void ageDocumentFile();
  /**
   * Edit the lab document, autosave, and "crash": the window goes away without a clean exit.
   * A destroyed window removes its recovery file (clean exit), a killed process cannot: the
   * file's bytes and time stamp are put back as the crash would have left them.
   */
  engine::Scene editAutosaveAndCrash(QString* recoveryPath = nullptr);

  QTemporaryDir m_dir;
  QString m_path;
  std::unique_ptr<test::ErrorRecorder> m_errors;
};

void TestAutosave::initTestCase()
{
  test::useTestSettings();
  QVERIFY(m_dir.isValid());
  m_path = m_dir.filePath(QStringLiteral("lab.json"));
}

void TestAutosave::init()
{
  m_errors = std::make_unique<test::ErrorRecorder>();
  QFile::remove(m_path);
  const engine::Catalog& catalog = engine::Catalog::builtin();
  engine::saveScene(engine::generateScene(engine::builtinSpec("lab-256"), catalog),
                    m_path.toStdString());
  ageDocumentFile();
}

void TestAutosave::cleanup()
{
  m_errors.reset();
  QDir(Autosave::recoveryDirectory()).removeRecursively();
}

void TestAutosave::ageDocumentFile()
{
  QFile file(m_path);
  QVERIFY(file.open(QIODevice::ReadWrite));
  QVERIFY(file.setFileTime(QDateTime::currentDateTime().addSecs(-3600),
                           QFileDevice::FileModificationTime));
}

std::unique_ptr<MainWindow> TestAutosave::openLabWindow(int* restorePrompts, bool restore)
{
  auto window = std::make_unique<MainWindow>();
  window->autosave()->setRestorePrompt(
    [restorePrompts, restore](const QString&, const QDateTime&)
    {
      if (restorePrompts)
      {
        ++*restorePrompts;
      }
      return restore;
    });
  // The recovery offer comes right after the open returns: wait for it to be made.
  QSignalSpy checked(window->autosave(), &Autosave::recoveryChecked);
  if (!window->openFile(m_path) || !checked.wait(10000))
  {
    return nullptr;
  }
  return window;
}

void TestAutosave::editScene(MainWindow& window)
{
  QVERIFY(window.editController()->apply(firstRackOneTileLeft()));
}

engine::Scene TestAutosave::editAutosaveAndCrash(QString* recoveryPath)
{
  auto window = openLabWindow();
  if (!window)
  {
    return {};
  }
  editScene(*window);
  if (!window->autosave()->saveRecoveryNow())
  {
    return {};
  }
  const QString recovery = window->autosave()->recoveryPath();
  QFile file(recovery);
  const QDateTime written = QFileInfo(recovery).lastModified();
  const QByteArray bytes = file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
  file.close();
  const engine::Scene edited = window->document()->scene();
  window.reset();
  if (QFileInfo::exists(recovery))
  {
    return {}; // a clean exit must remove the recovery file
  }
  QFile left(recovery);
  if (bytes.isEmpty() || !left.open(QIODevice::WriteOnly) || left.write(bytes) != bytes.size() ||
      !left.setFileTime(written, QFileDevice::FileModificationTime))
  {
    return {};
  }
  if (recoveryPath)
  {
    *recoveryPath = recovery;
  }
  return edited;
}

void TestAutosave::intervalComesFromSettings()
{
  {
    MainWindow window;
    QCOMPARE(window.autosave()->intervalSeconds(), Autosave::kDefaultIntervalSeconds);
  }
  QSettings().setValue(Autosave::intervalSettingsKey(), 5);
  MainWindow window;
  QCOMPARE(window.autosave()->intervalSeconds(), 5);
  QSettings().remove(Autosave::intervalSettingsKey());
}

void TestAutosave::recoveryFileLoadsToTheEditedScene()
{
  auto window = openLabWindow();
  QVERIFY(window);
  QVERIFY2(!window->autosave()->saveRecoveryNow(), "a clean document needs no recovery");
  editScene(*window);
  QVERIFY(window->autosave()->saveRecoveryNow());
  const QString recovery = window->autosave()->recoveryPath();
  QVERIFY(recovery.startsWith(Autosave::recoveryDirectory()));
  QVERIFY(QFileInfo::exists(recovery));
  const engine::Scene loaded =
    engine::loadScene(recovery.toStdString(), engine::Catalog::builtin(), false);
  QVERIFY(loaded == window->document()->scene());
  QVERIFY2(!window->autosave()->saveRecoveryNow(), "nothing changed since the last autosave");
}

void TestAutosave::nextStartAfterCrashRestoresEdits()
{
  const engine::Scene edited = editAutosaveAndCrash();
  QVERIFY(!edited.site.halls.empty());
  QVERIFY(!QDir(Autosave::recoveryDirectory()).isEmpty());
  int prompts = 0;
  auto restarted = openLabWindow(&prompts, true);
  QVERIFY(restarted);
  QCOMPARE(prompts, 1);
  QVERIFY2(restarted->document()->scene() == edited, "the restored scene is not the edited one");
  QVERIFY(restarted->document()->isModified());
  QCOMPARE(restarted->document()->filePath(), QFileInfo(m_path).absoluteFilePath());
  QVERIFY(m_errors->messages.isEmpty());

  // Saving the restored document makes it clean and removes the recovery file.
  restarted->document()->save();
  QVERIFY(!QFileInfo::exists(restarted->autosave()->recoveryPath()));
}

void TestAutosave::killedProcessRestoresEdits()
{
  QProcess child;
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  environment.insert(QString::fromLatin1(kCrashChildEnv), m_path);
  child.setProcessEnvironment(environment);
  child.start(QCoreApplication::applicationFilePath(), {});
  QVERIFY(child.waitForStarted(30000));
  QByteArray output;
  while (!output.contains('\n') && child.waitForReadyRead(60000))
  {
    output += child.readAllStandardOutput();
  }
  QCOMPARE(output.trimmed(), QByteArray("autosaved"));
  child.kill(); // SIGKILL during editing, after the autosave
  QVERIFY(child.waitForFinished(30000));
  QCOMPARE(child.exitStatus(), QProcess::CrashExit);

  engine::Scene expected = engine::loadScene(m_path.toStdString(), engine::Catalog::builtin());
  engine::edit::applyEdit(expected, engine::Catalog::builtin(), firstRackOneTileLeft());
  int prompts = 0;
  auto restarted = openLabWindow(&prompts, true);
  QVERIFY(restarted);
  QCOMPARE(prompts, 1);
  QVERIFY2(restarted->document()->scene() == expected, "the killed process's edit was lost");
  QVERIFY(restarted->document()->isModified());
}

void TestAutosave::killedDuringEditBurstLosesAtMostOneInterval()
{
  // A process editing without pause is killed (SIGKILL) after its second autosave, in the middle
  // of the burst. The next start offers the recovery file, which holds exactly the edits of the
  // last autosave the child reported (n), and the edits lost (made after it) are at most one
  // interval's worth: no more than the most edits the child made between two autosaves.
  QProcess child;
  QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
  environment.insert(QString::fromLatin1(kBurstChildEnv), m_path);
  child.setProcessEnvironment(environment);
  child.start(QCoreApplication::applicationFilePath(), {});
  QVERIFY(child.waitForStarted(30000));
  QByteArray output;
  while (output.count("autosaved ") < 2 && child.waitForReadyRead(60000))
  {
    output += child.readAllStandardOutput();
  }
  QVERIFY2(output.count("autosaved ") >= 2, output.right(400).constData());
  child.kill();
  QVERIFY(child.waitForFinished(30000));
  QCOMPARE(child.exitStatus(), QProcess::CrashExit);
  output += child.readAllStandardOutput(); // what it printed before it died
  QVERIFY2(!output.contains("failed"), "an edit of the burst was refused");

  const int lastEdit = lastNumberAfter(output, "edit ");
  const int lastAutosave = lastNumberAfter(output, "autosaved ");
  int widestInterval = 0;
  int previous = 0;
  for (const QByteArray& line : output.split('\n'))
  {
    if (line.startsWith("autosaved "))
    {
      const int n = line.mid(10).toInt();
      widestInterval = std::max(widestInterval, n - previous);
      previous = n;
    }
  }
  QVERIFY(lastAutosave > 0 && lastEdit >= lastAutosave);

  int prompts = 0;
  auto restarted = openLabWindow(&prompts, true);
  QVERIFY(restarted);
  QCOMPARE(prompts, 1);
  const engine::Scene& scene = restarted->document()->scene();
  const auto ref = engine::findById(scene, kBurstRack);
  QVERIFY(ref && ref->kind == engine::ObjectKind::Rack);
  const engine::Rack& rack = scene.site.halls[ref->hall].rows[ref->row].racks[ref->rack];
  QCOMPARE(int(rack.powerW), lastAutosave);
  QVERIFY2(lastEdit - lastAutosave <= widestInterval,
           qPrintable(QStringLiteral("lost %1 edits; the widest interval held %2")
                        .arg(lastEdit - lastAutosave)
                        .arg(widestInterval)));
}

void TestAutosave::declinedRecoveryIsRemoved()
{
  QString recovery;
  QVERIFY(!editAutosaveAndCrash(&recovery).site.halls.empty());
  QVERIFY(QFileInfo::exists(recovery));
  int prompts = 0;
  auto restarted = openLabWindow(&prompts, false);
  QVERIFY(restarted);
  QCOMPARE(prompts, 1);
  QVERIFY(!restarted->document()->isModified());
  QVERIFY(!QFileInfo::exists(recovery));
}

void TestAutosave::staleRecoveryIsNotOffered()
{
  QString recovery;
  QVERIFY(!editAutosaveAndCrash(&recovery).site.halls.empty());
  // The document was saved (by someone) after the autosave: the recovery is out of date.
  QFile file(m_path);
  QVERIFY(file.open(QIODevice::ReadWrite));
  QVERIFY(
    file.setFileTime(QDateTime::currentDateTime().addSecs(60), QFileDevice::FileModificationTime));
  file.close();
  int prompts = 0;
  auto restarted = openLabWindow(&prompts, true);
  QVERIFY(restarted);
  QCOMPARE(prompts, 0);
  QVERIFY(!restarted->document()->isModified());
  QVERIFY(!QFileInfo::exists(recovery));
}

void TestAutosave::corruptRecoveryIsSetAside()
{
  QString recovery;
  {
    auto crashed = openLabWindow();
    QVERIFY(crashed);
    recovery = crashed->autosave()->recoveryPath();
  }
  QDir().mkpath(Autosave::recoveryDirectory());
  {
    QFile file(recovery);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("{\"schemaVersion\": 1, \"site\": {\"halls\": [ "); // cut short by the crash
  }
  const engine::Scene original =
    engine::loadScene(m_path.toStdString(), engine::Catalog::builtin());
  int prompts = 0;
  auto restarted = openLabWindow(&prompts, true);
  QVERIFY(restarted);
  QCOMPARE(prompts, 1);
  QCOMPARE(m_errors->messages.size(), 1);
  QVERIFY2(m_errors->messages.first().contains(QStringLiteral(".corrupt")),
           qPrintable(m_errors->messages.first()));
  QVERIFY(restarted->document()->scene() == original);
  QVERIFY(!restarted->document()->isModified());
  QVERIFY(!QFileInfo::exists(recovery));
  QVERIFY(QFileInfo::exists(recovery + QStringLiteral(".corrupt")));
}

void TestAutosave::cleanSaveAndUndoRemoveRecovery()
{
  auto window = openLabWindow();
  QVERIFY(window);
  editScene(*window);
  QVERIFY(window->autosave()->saveRecoveryNow());
  const QString recovery = window->autosave()->recoveryPath();
  QVERIFY(QFileInfo::exists(recovery));
  window->document()->undoStack()->undo(); // back to the saved state: nothing to recover
  QVERIFY(!QFileInfo::exists(recovery));

  window->document()->undoStack()->redo();
  QVERIFY(window->autosave()->saveRecoveryNow());
  QVERIFY(QFileInfo::exists(recovery));
  window->document()->save();
  QVERIFY(!QFileInfo::exists(recovery));
}

void TestAutosave::fileChangedOnDiskAsksToReload()
{
  auto window = openLabWindow();
  QVERIFY(window);
  int reloadPrompts = 0;
  window->autosave()->setReloadPrompt(
    [&](const QString& path, bool)
    {
      ++reloadPrompts;
      return path == QFileInfo(m_path).absoluteFilePath();
    });

  // Our own save does not ask: the check the watcher runs after a change finds the file as
  // this session wrote it (called directly: no waiting for a notification that may not come).
  editScene(*window);
  window->document()->save();
  window->autosave()->checkFileOnDisk();
  QCOMPARE(reloadPrompts, 0);

  // Another program writes the file: a scene without the compute row.
  engine::Scene external = window->document()->scene();
  engine::edit::applyEdit(external, engine::Catalog::builtin(),
                          edit::DeleteObjects{ { "H1-R01" } });
  engine::saveScene(external, m_path.toStdString());
  QTRY_COMPARE_WITH_TIMEOUT(reloadPrompts, 1, 10000);
  QTRY_VERIFY_WITH_TIMEOUT(window->document()->scene() == external, 5000);
  QVERIFY(!window->document()->isModified());
  QVERIFY(m_errors->messages.isEmpty());
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestAutosave)
#include "test_autosave.moc"
