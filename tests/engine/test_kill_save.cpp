// Data safety when the process dies mid-save: a child process saves the 10k SuperPOD scene over
// and over (alternating two versions) and is killed with SIGKILL at a chosen phase of a save:
// while the JSON is being built, once the temporary file exists, and once the temporary is
// complete (flushing or about to be renamed), and as soon as the scene file itself changes.
// Expected every time: the scene file on disk loads
// and equals the old or the new version, never a mix or a torn file (writeFileAtomically writes a
// sibling temporary, fsyncs it and renames it; rename(2) is atomic within a file system, POSIX).
// The phases are found by watching the child (its pipe and the temporary file), never by sleeping.

#include "myriad/engine/catalog.h"
#include "myriad/engine/edit/edit.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/scene_io.h"

#include <QTemporaryDir>
#include <QtTest/QtTest>

#include <csignal>
#include <filesystem>
#include <poll.h>
#include <stdexcept>
#include <string>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace myriad::engine;

namespace
{

enum class Phase
{
  Serialising,   ///< the child announced a save; no temporary file yet
  TemporaryOpen, ///< the temporary file exists (being written or flushed)
  TemporaryFull, ///< the temporary holds the whole new file (fsync or rename pending)
  TargetChanged  ///< the scene file itself changed (a torn file if it were written in place)
};

/** Whether the child announced another save (a byte waits on the pipe). */
bool nextSaveStarted(int pipeFd)
{
  pollfd p{ pipeFd, POLLIN, 0 };
  return ::poll(&p, 1, 0) > 0;
}

/** Child: save `a` and `b` alternately for ever, one byte on `announce` before each save. */
[[noreturn]] void saveForever(const Scene& a, const Scene& b, const std::string& path, int announce)
{
  std::signal(SIGABRT, SIG_DFL);
  for (int k = 0;; ++k)
  {
    const char byte = 's';
    if (::write(announce, &byte, 1) != 1)
    {
      ::_exit(3);
    }
    saveScene(k % 2 == 0 ? b : a, path);
  }
}

/** Kills and reaps the saving child when a check fails early, so no child outlives the test
 *  (a live child would keep the test's output open and ctest waiting). */
class ChildGuard
{
public:
  explicit ChildGuard(pid_t pid)
    : m_pid(pid)
  {
  }
  ChildGuard(const ChildGuard&) = delete;
  ChildGuard& operator=(const ChildGuard&) = delete;
  ~ChildGuard()
  {
    if (m_pid > 0)
    {
      ::kill(m_pid, SIGKILL);
      ::waitpid(m_pid, nullptr, 0);
    }
  }
  /** Kill the child now and return its wait status; the guard is done. */
  int killAndReap()
  {
    ::kill(m_pid, SIGKILL);
    int status = 0;
    const pid_t reaped = ::waitpid(m_pid, &status, 0);
    m_pid = 0;
    return reaped > 0 ? status : -1;
  }

private:
  pid_t m_pid;
};

} // namespace

class TestKillSave final : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase()
  {
    m_a = generateScene(builtinSpec("h100-superpod-10k"), Catalog::builtin());
    m_b = m_a;
    // The new version differs in content and length: one compute row fewer.
    edit::applyEdit(m_b, Catalog::builtin(), edit::DeleteObjects{ { "H1-R01" } });
    QVERIFY(!(m_a == m_b));
  }

  void killedSaveLeavesOldOrNew_data()
  {
    QTest::addColumn<int>("phase");
    QTest::addColumn<int>("saveIndex");
    QTest::newRow("serialising, first save") << int(Phase::Serialising) << 1;
    QTest::newRow("temporary open, first save") << int(Phase::TemporaryOpen) << 1;
    QTest::newRow("temporary full, first save") << int(Phase::TemporaryFull) << 1;
    QTest::newRow("serialising, second save") << int(Phase::Serialising) << 2;
    QTest::newRow("temporary open, second save") << int(Phase::TemporaryOpen) << 2;
    QTest::newRow("temporary full, third save") << int(Phase::TemporaryFull) << 3;
    QTest::newRow("file changed, first save") << int(Phase::TargetChanged) << 1;
    QTest::newRow("file changed, second save") << int(Phase::TargetChanged) << 2;
  }

  void killedSaveLeavesOldOrNew()
  {
    QFETCH(int, phase);
    QFETCH(int, saveIndex);
    QTemporaryDir dir;
    const std::string path = dir.filePath("hall.json").toStdString();
    saveScene(m_a, path); // the old version, complete before the child starts
    int pipeFds[2];
    QCOMPARE(::pipe(pipeFds), 0);
    const pid_t child = ::fork();
    QVERIFY(child >= 0);
    if (child == 0)
    {
      ::close(pipeFds[0]);
      saveForever(m_a, m_b, path, pipeFds[1]);
    }
    ::close(pipeFds[1]);
    ChildGuard guard(child);
    const std::string temp = path + ".tmp-" + std::to_string(child);
    char byte = 0;
    for (int started = 0; started < saveIndex;)
    {
      QCOMPARE(::read(pipeFds[0], &byte, 1), ssize_t(1));
      ++started;
    }
    QVERIFY2(waitForPhase(Phase(phase), path, temp, pipeFds[0]),
             "20 saves finished without a temporary file: they are not written atomically");
    const int status = guard.killAndReap();
    ::close(pipeFds[0]);
    QVERIFY2(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL, "the child died otherwise");

    try
    {
      const Scene onDisk = loadScene(path, Catalog::builtin(), /*validate=*/false);
      QVERIFY2(onDisk == m_a || onDisk == m_b, "the file on disk is neither version");
    }
    catch (const std::exception& error)
    {
      QFAIL(qPrintable(QStringLiteral("the file on disk does not load (torn by the kill): %1")
                         .arg(QString::fromStdString(error.what()))));
    }
  }

private:
  static constexpr int kSavesBeforeGivingUp = 20;

  /** Spin until the child's save reaches `phase`; false if the save ended without passing
   *  through it. Serialising the 10k scene takes tens of milliseconds against these checks'
   *  microseconds; a phase passed before the kill lands only moves the kill to a later point of
   *  the same save, which must be just as safe. */
  static bool waitForPhase(Phase phase, const std::string& path, const std::string& temp,
                           int pipeFd)
  {
    std::error_code error;
    switch (phase)
    {
      case Phase::Serialising:
        return true;
      case Phase::TargetChanged:
      {
        struct stat before
        {
        };
        ::stat(path.c_str(), &before);
        for (;;)
        {
          struct stat now
          {
          };
          if (::stat(path.c_str(), &now) != 0 || now.st_ino != before.st_ino ||
              now.st_size != before.st_size || now.st_mtim.tv_nsec != before.st_mtim.tv_nsec)
          {
            return true;
          }
        }
      }
      case Phase::TemporaryOpen:
      case Phase::TemporaryFull:
      {
        // A save can slip past between two looks on a loaded machine (or under a sanitizer):
        // only a temporary missed over many saves means there is none.
        int savesMissed = 0;
        while (!std::filesystem::exists(temp, error))
        {
          if (nextSaveStarted(pipeFd))
          {
            char byte = 0;
            if (::read(pipeFd, &byte, 1) != 1 || ++savesMissed == kSavesBeforeGivingUp)
            {
              return false;
            }
          }
        }
        break;
      }
    }
    if (phase == Phase::TemporaryFull)
    {
      // The temporary is written with one write(2) of the whole text: full once it stops
      // being empty and two reads of its size agree (or it is renamed away: the save is done).
      std::uintmax_t last = 0;
      for (;;)
      {
        const std::uintmax_t size = std::filesystem::file_size(temp, error);
        if (error || (size > 0 && size == last))
        {
          return true;
        }
        last = size;
      }
    }
    return true;
  }

  Scene m_a, m_b;
};

QTEST_APPLESS_MAIN(TestKillSave)
#include "test_kill_save.moc"
