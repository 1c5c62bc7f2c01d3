// MYRIAD_ASSERT (myriad/engine/assert.h): a held invariant passes silently; a broken one prints
// file, line, condition and message and aborts (SIGABRT), in builds with assertions enabled;
// without them the condition is not evaluated at all.

#include "myriad/engine/assert.h"

#include <QtTest/QtTest>

#include <csignal>
#include <cstdio>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

class TestAssert final : public QObject
{
  Q_OBJECT

private slots:
  void heldInvariantPasses()
  {
    int evaluated = 0;
    MYRIAD_ASSERT(++evaluated == 1, "held");
#if defined(MYRIAD_ENABLE_ASSERTS)
    QCOMPARE(evaluated, 1);
#else
    QCOMPARE(evaluated, 0); // compiled out: side effects of the condition never run
#endif
  }

  // The failure path, in a child process: it must die of SIGABRT after naming the invariant.
  void brokenInvariantAbortsWithItsName()
  {
    int pipeFds[2];
    QCOMPARE(pipe(pipeFds), 0);
    const pid_t child = fork();
    QVERIFY(child >= 0);
    if (child == 0)
    {
      dup2(pipeFds[1], STDERR_FILENO);
      std::signal(SIGABRT, SIG_DFL); // Qt Test's crash handler would print a stack trace too
      myriad::engine::detail::assertionFailed("flow_sim.cpp", 42, "left >= 0", "overdrawn");
    }
    close(pipeFds[1]);
    std::string text;
    char buffer[256];
    for (ssize_t n; (n = read(pipeFds[0], buffer, sizeof buffer)) > 0;)
    {
      text.append(buffer, static_cast<std::size_t>(n));
    }
    close(pipeFds[0]);
    int status = 0;
    QCOMPARE(waitpid(child, &status, 0), child);
    QVERIFY(WIFSIGNALED(status));
    QCOMPARE(WTERMSIG(status), SIGABRT);
    QCOMPARE(QString::fromStdString(text),
             QStringLiteral("flow_sim.cpp:42: assertion failed: left >= 0 (overdrawn)\n"));
  }
};

QTEST_APPLESS_MAIN(TestAssert)
#include "test_assert.moc"
