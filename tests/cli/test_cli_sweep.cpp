// myriad-cli sweep: plan a sweep of lab-256, run it with the local pool, gather the table; the
// task is idempotent (a finished scenario is kept), a rerun after an interruption runs only what
// is missing, bad sweeps fail at plan time naming the file and field, and the Slurm and
// Kubernetes executors write what their schedulers read (the Slurm run itself: test_slurm_sweep).
#include "cli_test_support.h"

#include <QDir>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace myriad::tests;

namespace
{

const QString kSweep = QStringLiteral(MYRIAD_SOURCE_DIR "/samples/sweeps/lab-cost-vs-cooling.json");

/** Write `text` to `path`; false when it cannot. */
bool writeText(const QString& path, const QByteArray& text)
{
  QFile file(path);
  return file.open(QIODevice::WriteOnly) && file.write(text) == text.size();
}

QStringList csvLines(const QString& path)
{
  return QString::fromUtf8(readAll(path)).split('\n', Qt::SkipEmptyParts);
}

} // namespace

class TestCliSweep final : public QObject
{
  Q_OBJECT

private slots:
  void planRunGather()
  {
    QTemporaryDir tmp;
    const QString dir = tmp.filePath("sweep");
    const Run plan = cli({ "sweep", "plan", kSweep, "-o", dir });
    QVERIFY2(plan.exitCode == 0, qPrintable(plan.err));
    QVERIFY(plan.out.contains("planned 16 scenario(s)"));
    QCOMPARE(csvLines(dir + "/manifest.jsonl").size(), 16);
    // Scenario 5 alone, then the pool does the other 15 (and keeps 5).
    const Run one = cli({ "sweep", "run", dir, "--index", "5" });
    QVERIFY2(one.exitCode == 0, qPrintable(one.err));
    const QByteArray five = readAll(dir + "/results/5.json");
    const Run again = cli({ "sweep", "run", dir, "--index", "5" });
    QVERIFY(again.out.contains("already done"));
    QCOMPARE(readAll(dir + "/results/5.json"), five);
    const Run pool = cli({ "sweep", "run", dir, "--executor", "local", "-j", "2" });
    QVERIFY2(pool.exitCode == 0, qPrintable(pool.err));
    QVERIFY2(pool.err.contains("running 15 scenario(s), 2 at a time"), qPrintable(pool.err));
    QVERIFY(pool.err.contains("15/15 done, 0 failed"));
    QCOMPARE(readAll(dir + "/results/5.json"), five);
    // After an interruption (a result lost), a rerun evaluates only what is missing.
    QVERIFY(QFile::remove(dir + "/results/9.json"));
    const Run resume = cli({ "sweep", "run", dir });
    QVERIFY2(resume.err.contains("running 1 scenario(s)"), qPrintable(resume.err));
    const Run gather = cli({ "sweep", "gather", dir });
    QVERIFY2(gather.exitCode == 0, qPrintable(gather.err));
    QVERIFY(gather.out.contains("16 scenario(s), 16 ok, 0 failed, 0 missing"));
    const QStringList rows = csvLines(dir + "/sweep.csv");
    QCOMPARE(rows.size(), 17);
    const QStringList header = rows[0].split(',');
    QCOMPARE(header.mid(0, 5),
             QStringList({ "index", "status", "gpus", "supplySetpointC", "energyPrice" }));
    QVERIFY(header.contains("gpt-13b-lab.stepS"));
    QVERIFY(header.contains("pue"));
    // 512 GPUs are two SUs of lab-256: twice the GPUs the hall gets.
    const int built = static_cast<int>(header.indexOf("gpusBuilt"));
    QCOMPARE(rows[1].split(',')[built], QString("256"));
    QCOMPARE(rows[16].split(',')[built], QString("512"));
  }

  void aStoppedPoolGoesOnWhereItStopped()
  {
    // Four scenarios of the 10k hall (about a second each), one process at a time: stopped
    // (SIGTERM, as `kill` sends) once the first result is there, the pool stops its task and
    // exits 128 + 15; run again, it evaluates only the scenarios without a result.
    QTemporaryDir tmp;
    const QString spec = tmp.filePath("ten-k.json");
    QVERIFY(writeText(
      spec,
      R"({"base": {"builtin": "h100-superpod-10k"}, "models": ["geometry", "fabric", "thermal"],
      "parameters": [{"name": "energyPrice", "values": [0.05, 0.06, 0.07, 0.08]}]})"));
    const QString dir = tmp.filePath("sweep");
    QCOMPARE(cli({ "sweep", "plan", spec, "-o", dir }).exitCode, 0);
    const auto results = [&dir]
    {
      return QDir(dir + "/results")
        .entryList({ "*.json" }, QDir::Files)
        .filter(QRegularExpression(QStringLiteral("^\\d+\\.json$")));
    };
    QFileSystemWatcher watcher({ dir + "/results" });
    QSignalSpy changed(&watcher, &QFileSystemWatcher::directoryChanged);
    QProcess pool;
    pool.start(MYRIAD_CLI, { "sweep", "run", dir, "-j", "1" });
    while (results().isEmpty())
      QVERIFY(changed.wait(300000));
    pool.terminate();
    QVERIFY(pool.waitForFinished(300000));
    QCOMPARE(pool.exitCode(), 128 + 15);
    QVERIFY(QString::fromUtf8(pool.readAllStandardError()).contains("stopped: "));
    const auto done = static_cast<int>(results().size());
    QVERIFY2(done >= 1 && done < 4, qPrintable(results().join(' ')));
    const Run resume = cli({ "sweep", "run", dir, "-j", "2" });
    QVERIFY2(resume.exitCode == 0, qPrintable(resume.err));
    QVERIFY2(resume.err.contains(QStringLiteral("running %1 scenario(s)").arg(4 - done)),
             qPrintable(resume.err));
    QVERIFY(cli({ "sweep", "gather", dir }).out.contains("4 scenario(s), 4 ok"));
  }

  void badSweepsFailAtPlanTime()
  {
    QTemporaryDir tmp;
    const QString bad = tmp.filePath("bad.json");
    QVERIFY(writeText(
      bad,
      R"({"base": {"builtin": "lab-256"}, "parameters": [{"name": "supplySetpointC", "values": [18, "cold"]}]})"));
    const Run run = cli({ "sweep", "plan", bad, "-o", tmp.filePath("out") });
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("bad.json: /parameters/0/values/1"), qPrintable(run.err));
    QVERIFY(!QFileInfo::exists(tmp.filePath("out")));
    QCOMPARE(cli({ "sweep", "plan", kSweep }).exitCode, 2);                    // no -o
    QCOMPARE(cli({ "sweep", "explode", tmp.path() }).exitCode, 2);             // unknown action
    QCOMPARE(cli({ "sweep", "run", tmp.path(), "--index", "x" }).exitCode, 2); // not a number
    QCOMPARE(cli({ "sweep", "run", tmp.path(), "--executor", "pbs" }).exitCode, 2);
    const Run notSweep = cli({ "sweep", "run", tmp.path(), "--index", "0" });
    QCOMPARE(notSweep.exitCode, 1);
    QVERIFY(notSweep.err.contains("no planned sweep here"));
    QCOMPARE(cli({ "sweep", "--help" }).exitCode, 0);
    QCOMPARE(cli({ "sweep", "run", "-h" }).exitCode, 0);
  }

  void schedulersGetWhatTheyRead()
  {
    QTemporaryDir tmp;
    const QString dir = tmp.filePath("sweep");
    QCOMPARE(cli({ "sweep", "plan", kSweep, "-o", dir }).exitCode, 0);
    const Run slurm = cli({ "sweep", "run", dir, "--executor", "slurm", "--no-submit",
                            "--max-parallel", "4", "--partition", "gpu", "--time", "00:10:00" });
    QVERIFY2(slurm.exitCode == 0, qPrintable(slurm.err));
    const QString script = QString::fromUtf8(readAll(dir + "/slurm/sweep-0.sbatch"));
    QVERIFY(script.contains("#SBATCH --array=0-15%4\n"));
    QVERIFY(script.contains("#SBATCH --partition=gpu\n"));
    QVERIFY(script.contains("#SBATCH --time=00:10:00\n"));
    QVERIFY(script.contains("--index \"$((SLURM_ARRAY_TASK_ID + 0))\""));
    const Run k8s =
      cli({ "sweep", "run", dir, "--executor", "k8s", "--image", "registry.local/myriad:1" });
    QVERIFY2(k8s.exitCode == 0, qPrintable(k8s.err));
    const QString job = QString::fromUtf8(readAll(dir + "/k8s/sweep-job.yaml"));
    QVERIFY(job.contains("completionMode: Indexed"));
    QVERIFY(job.contains("completions: 16"));
    QVERIFY(job.contains("$JOB_COMPLETION_INDEX"));
    QVERIFY(job.contains("image: registry.local/myriad:1"));
  }
};

QTEST_GUILESS_MAIN(TestCliSweep)
#include "test_cli_sweep.moc"
