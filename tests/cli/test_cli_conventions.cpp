/**
 * @file test_cli_conventions.cpp
 * The conventions every myriad-cli sub-command follows, checked over a table of all of them:
 * `CMD --help` / `-h` print the usage on stdout and exit 0; arguments are checked before any
 * file is read (an unknown option, a missing value, a bad number or a missing required option
 * exit 2 with one line naming the option); a missing input file exits 1 naming the file; every
 * command that writes a file takes it as `-o FILE` and `--out FILE`; a scene number the JSON
 * library cannot hold is reported with the file name, not the library's raw message.
 */
#include "cli_test_support.h"

#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QtTest>

namespace
{

using myriad::tests::cli;
using myriad::tests::Run;

/** An input that does not exist: a command that reads it before checking its options fails. */
const QString kMissing = QStringLiteral("/nonexistent-myriad-dir/missing-scene.json");
const QString kLab = QStringLiteral("builtin:lab-256");

/** One sub-command: how to call it on a missing input, and one option that takes a value. */
struct CommandRow
{
  const char* name;
  QStringList onMissingInput; ///< a call whose input does not exist (exit 1); empty: reads none
  const char* valueOption;    ///< an option that needs a value, nullptr when it has none
};

const QList<CommandRow>& commandTable()
{
  static const QList<CommandRow> rows = {
    { "apply", { kLab, kMissing }, "--stages" },
    { "bench", {}, "--repeat" },
    { "economics", { kMissing }, "--site" },
    { "fabric", { kMissing }, "--topology" },
    { "generate", { kMissing, "-o", "/nonexistent-myriad-dir/out.json" }, "--gpus" },
    { "info", { kMissing }, nullptr },
    { "maxmin", { "--flows", kMissing, "--links", kMissing }, "--flows" },
    { "netbox",
      { "import", "/nonexistent-myriad-dir/netbox", "-o", "/nonexistent-myriad-dir/s.json" },
      "--site" },
    { "path", { kMissing, "--from", "a", "--to", "b" }, "--from" },
    { "render", { kMissing, "-o", "/nonexistent-myriad-dir/out.png" }, "--view" },
    { "report", { kMissing, "-o", "/nonexistent-myriad-dir/out.pdf" }, "--scenario" },
    { "siting", { kMissing }, "--top" },
    { "sites", { kMissing }, "--job" },
    { "sweep", { "run", "/nonexistent-myriad-dir/sweep", "--index", "0" }, "--executor" },
    { "telemetry", { kMissing, "/nonexistent-myriad-dir/scrape.prom" }, "--top" },
    { "telemetry-sample", { kMissing, "-o", "/nonexistent-myriad-dir/s.prom" }, "--seed" },
    { "thermal", { kMissing }, "--cell" },
    { "tour", { "validate", kMissing }, "--scene" },
    { "trace", { kMissing, "--job", kMissing }, "--ranks" },
    { "traffic", { kMissing, "--ring-allreduce-gpus", "8" }, "--bytes" },
    { "validate", { kMissing }, nullptr },
  };
  return rows;
}

void addCommandRows()
{
  QTest::addColumn<QString>("command");
  QTest::addColumn<QStringList>("onMissingInput");
  QTest::addColumn<QString>("valueOption");
  for (const CommandRow& row : commandTable())
    QTest::newRow(row.name) << QString(row.name) << row.onMissingInput
                            << QString(row.valueOption ? row.valueOption : "");
}

/** The command names listed by `myriad-cli --help` (lines "  NAME   summary" under commands:). */
QSet<QString> listedCommands(const QString& overview)
{
  QSet<QString> names;
  const auto list = overview.section("commands:\n", 1);
  static const QRegularExpression line("^  ([a-z][a-z-]*)  ", QRegularExpression::MultilineOption);
  for (auto it = line.globalMatch(list); it.hasNext();)
    names.insert(it.next().captured(1));
  return names;
}

/** A usage error: exit 2 and exactly one line on stderr that names `what`. */
void expectUsageError(const Run& run, const QString& what)
{
  QVERIFY2(run.exitCode == 2, qPrintable(QString::number(run.exitCode) + ": " + run.err));
  QVERIFY2(run.err.contains(what), qPrintable(run.err));
  QVERIFY2(run.err.count('\n') == 1, qPrintable(run.err));
  QVERIFY2(!run.err.contains("missing-scene"), qPrintable(run.err)); // no file was read
}

QProcessEnvironment withoutDisplay()
{
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.remove("DISPLAY");
  env.remove("WAYLAND_DISPLAY");
  return env;
}

} // namespace

class TestCliConventions final : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void overviewListsEveryCommand();
  void helpOnEveryCommand_data() { addCommandRows(); }
  void helpOnEveryCommand();
  void unknownOptionIsAUsageErrorBeforeLoading_data() { addCommandRows(); }
  void unknownOptionIsAUsageErrorBeforeLoading();
  void missingValueIsAUsageError_data() { addCommandRows(); }
  void missingValueIsAUsageError();
  void missingInputIsARuntimeError_data() { addCommandRows(); }
  void missingInputIsARuntimeError();
  void badNumbersAreUsageErrors_data();
  void badNumbersAreUsageErrors();
  void missingRequiredOptionsAreNamed_data();
  void missingRequiredOptionsAreNamed();
  void outputSpellings_data();
  void outputSpellings();
  void hugeNumberNamesTheFile();
  void leanCliHandsOnWhatNeedsQt();

private:
  QTemporaryDir m_dir;
  QString m_scrape;
};

void TestCliConventions::initTestCase()
{
  QVERIFY(m_dir.isValid());
  m_scrape = m_dir.filePath("lab.prom");
  const Run run = cli({ "telemetry-sample", kLab, "-o", m_scrape });
  QVERIFY2(run.exitCode == 0, qPrintable(run.err));
  QFile links(m_dir.filePath("links.csv"));
  QVERIFY(links.open(QIODevice::WriteOnly));
  links.write("id,capacity\nL1,10e9\n");
  QFile flows(m_dir.filePath("flows.csv"));
  QVERIFY(flows.open(QIODevice::WriteOnly));
  flows.write("id,links\nf1,L1\n");
  QFile job(m_dir.filePath("job.json"));
  QVERIFY(job.open(QIODevice::WriteOnly));
  job.write(R"({"name": "small", "model": {"parameters": 1e9, "layers": 8, "hidden": 2048},
    "training": {"tokensPerStep": 65536, "mfu": 0.4}, "parallelism": {"tp": 8, "dp": 2}})");
}

void TestCliConventions::overviewListsEveryCommand()
{
  for (const char* help : { "--help", "-h" })
  {
    const Run run = cli({ help });
    QCOMPARE(run.exitCode, 0);
    QSet<QString> expected;
    for (const CommandRow& row : commandTable())
      expected.insert(row.name);
    expected.insert("help");
    // Equal sets: a new command without a row in the table fails here.
    QCOMPARE(listedCommands(run.out), expected);
    QVERIFY2(run.out.contains("2 wrong arguments"), qPrintable(run.out));
  }
  const Run bare = cli({});
  QCOMPARE(bare.exitCode, 2);
  QVERIFY(bare.out.isEmpty());
  QVERIFY(bare.err.contains("commands:"));
}

void TestCliConventions::helpOnEveryCommand()
{
  QFETCH(QString, command);
  const Run viaHelp = cli({ "help", command });
  QCOMPARE(viaHelp.exitCode, 0);
  // Help wins wherever it stands, even after an input that does not exist.
  for (const QStringList& arguments :
       { QStringList{ command, "--help" }, QStringList{ command, "-h" },
         QStringList{ command, kMissing, "--help" }, QStringList{ command, "--bogus", "-h" } })
  {
    const Run run = cli(arguments);
    QVERIFY2(run.exitCode == 0, qPrintable(arguments.join(' ') + ": " + run.err));
    QVERIFY2(run.err.isEmpty(), qPrintable(run.err));
    QVERIFY2(run.out.startsWith("usage: myriad-cli " + command + " "), qPrintable(run.out));
    QVERIFY2(run.out.contains("-h, --help"), qPrintable(run.out));
    QVERIFY2(run.out.contains("2 wrong arguments"), qPrintable(run.out));
    QCOMPARE(run.out, viaHelp.out);
  }
}

void TestCliConventions::unknownOptionIsAUsageErrorBeforeLoading()
{
  QFETCH(QString, command);
  QFETCH(QStringList, onMissingInput);
  const Run run = cli(QStringList{ command } + onMissingInput + QStringList{ "--no-such-option" });
  expectUsageError(run, "unknown option --no-such-option");
  QVERIFY2(run.err.contains(command + " --help"), qPrintable(run.err));
}

void TestCliConventions::missingValueIsAUsageError()
{
  QFETCH(QString, command);
  QFETCH(QStringList, onMissingInput);
  QFETCH(QString, valueOption);
  if (valueOption.isEmpty())
    QSKIP("the command has no option that takes a value");
  const Run run = cli(QStringList{ command } + onMissingInput + QStringList{ valueOption });
  expectUsageError(run, "option " + valueOption + " needs a value");
}

void TestCliConventions::missingInputIsARuntimeError()
{
  QFETCH(QString, command);
  QFETCH(QStringList, onMissingInput);
  if (onMissingInput.isEmpty())
    QSKIP("the command reads no input file");
  if (command == "render" && !MYRIAD_TEST_HAVE_SCENES)
    QSKIP("render is absent without the scene layer");
  const Run run = cli(QStringList{ command } + onMissingInput);
  QVERIFY2(run.exitCode == 1, qPrintable(QString::number(run.exitCode) + ": " + run.err));
  QVERIFY2(run.err.contains("/nonexistent-myriad-dir/"), qPrintable(run.err));
}

void TestCliConventions::badNumbersAreUsageErrors_data()
{
  QTest::addColumn<QStringList>("arguments");
  QTest::addColumn<QString>("message");
  const auto row = [](const char* name, QStringList arguments, const char* message)
  { QTest::newRow(name) << arguments << QString(message); };
  row("utilisation not a number", { "economics", kMissing, "--utilisation", "abc" },
      "option --utilisation expects a number, got \"abc\"");
  row("utilisation above 1", { "economics", kMissing, "--utilisation", "1.5" },
      "option --utilisation expects a number from 0 to 1");
  row("energy price negative", { "economics", kMissing, "--energy-price", "-1" },
      "option --energy-price expects a number from 0");
  row("unknown site", { "economics", kMissing, "--site", "atlantis" }, "lulea-se");
  row("thermal cell", { "thermal", kMissing, "--cell", "0" }, "--cell expects a number from 0.05");
  row("utilisation", { "thermal", kMissing, "--utilisation", "2" }, "--utilisation");
  row("openfoam refine", { "thermal", kMissing, "--openfoam-case", "d", "--openfoam-refine", "9" },
      "--openfoam-refine expects a whole number from 1 to 4");
  row("slice without image", { "thermal", kMissing, "--slice", "z=1" }, "missing --slice-png");
  row("image without slice", { "thermal", kMissing, "--slice-png", "a.png" }, "give --slice");
  row("fabric slack", { "fabric", kMissing, "--slack", "lots" }, "--slack expects a number");
  row("generate gpus", { "generate", kMissing, "-o", "x.json", "--gpus", "0" },
      "--gpus expects a whole number from 1");
  row("bench repeat", { "bench", "--repeat", "0" }, "--repeat expects a whole number from 1");
  row("bench sample", { "bench", "--builtin", "nope" }, "lab-256");
  row("traffic gpus", { "traffic", kMissing, "--ring-allreduce-gpus", "1" },
      "--ring-allreduce-gpus expects a whole number from 2");
  row("traffic seed", { "traffic", kMissing, "--job", "j.json", "--seed", "-3" },
      "--seed expects a whole number from 0");
  row("traffic routing", { "traffic", kMissing, "--job", "j.json", "--routing", "x" },
      "--routing x");
  row("traffic timeline level",
      { "traffic", kMissing, "--ring-allreduce-gpus", "8", "--timeline", "t.json",
        "--timeline-level", "row" },
      "--timeline-level row");
  row("telemetry top", { "telemetry", kMissing, "s.prom", "--top", "many" },
      "--top expects a whole number");
  row("render width", { "render", kMissing, "-o", "x.png", "--width", "5" }, "--width");
  row("trace top links", { "trace", kMissing, "--job", "j.json", "--top-links", "-1" },
      "--top-links expects a whole number from 0");
  row("path paths", { "path", kMissing, "--from", "a", "--to", "b", "--paths", "0" },
      "--paths expects a whole number from 1");
  row("apply stages", { "apply", kMissing, kMissing, "--stages", "weather" },
      "unknown stage \"weather\"");
  row("backend", { "maxmin", "--flows", kMissing, "--links", kMissing, "--backend", "gpu" },
      "--backend");
}

void TestCliConventions::badNumbersAreUsageErrors()
{
  QFETCH(QStringList, arguments);
  QFETCH(QString, message);
  if (arguments.front() == "render" && !MYRIAD_TEST_HAVE_SCENES)
    QSKIP("render checks its options only with the scene layer");
  expectUsageError(cli(arguments), message);
}

void TestCliConventions::missingRequiredOptionsAreNamed_data()
{
  QTest::addColumn<QStringList>("arguments");
  QTest::addColumn<QString>("message");
  QTest::newRow("generate") << QStringList{ "generate", kMissing } << "missing -o/--out FILE";
  QTest::newRow("render") << QStringList{ "render", kMissing } << "missing -o/--out FILE.png";
  QTest::newRow("report") << QStringList{ "report", kMissing } << "missing -o/--out report.pdf";
  QTest::newRow("telemetry-sample")
    << QStringList{ "telemetry-sample", kMissing } << "missing -o/--out FILE.prom";
  QTest::newRow("maxmin") << QStringList{ "maxmin", "--links", kMissing } << "--flows FILE";
  // A scene alone is not enough for traffic: the message says what is.
  QTest::newRow("traffic") << QStringList{ "traffic", kMissing }
                           << "missing --job JOB.json (a training job) or one of "
                              "--ring-allreduce-gpus N, --all-to-all-gpus N";
  QTest::newRow("trace") << QStringList{ "trace", kMissing } << "missing --job JOB.json";
  QTest::newRow("info") << QStringList{ "info" } << "expected exactly one scene FILE";
  QTest::newRow("path") << QStringList{ "path", kMissing } << "missing --from ID";
}

void TestCliConventions::missingRequiredOptionsAreNamed()
{
  QFETCH(QStringList, arguments);
  QFETCH(QString, message);
  if (arguments.front() == "render" && !MYRIAD_TEST_HAVE_SCENES)
    QSKIP("render checks its options only with the scene layer");
  expectUsageError(cli(arguments), message);
}

void TestCliConventions::outputSpellings_data()
{
  QTest::addColumn<QStringList>("arguments");
  const QString edits = QStringLiteral(MYRIAD_SOURCE_DIR "/samples/edits/lab-add-row.json");
  const QList<QPair<const char*, QStringList>> writers = {
    { "apply", { "apply", kLab, edits, "--stages", "geometry" } },
    { "economics", { "economics", kLab, "--no-tornado" } },
    { "fabric", { "fabric", kLab } },
    { "generate", { "generate", "--builtin", "lab-256" } },
    { "maxmin",
      { "maxmin", "--flows", m_dir.filePath("flows.csv"), "--links",
        m_dir.filePath("links.csv") } },
    { "siting",
      { "siting", QStringLiteral(MYRIAD_SOURCE_DIR "/samples/siting/lab-256-two-sites.json") } },
    { "sites",
      { "sites", QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256-two-sites.json"), "--job",
        QStringLiteral(MYRIAD_SOURCE_DIR "/samples/jobs/gpt-13b-lab.json") } },
    { "telemetry", { "telemetry", kLab, m_scrape } },
    { "telemetry-sample", { "telemetry-sample", kLab } },
    { "thermal", { "thermal", kLab, "--cell", "0.5", "--top", "0" } },
    { "traffic", { "traffic", kLab, "--ring-allreduce-gpus", "8" } },
    { "trace", { "trace", kLab, "--job", m_dir.filePath("job.json") } },
    { "path", { "path", kLab, "--from", "H1-R01-K01-N1-G0", "--to", "H1-R01-K01-N1-G1" } },
  };
  for (const auto& [name, arguments] : writers)
    for (const char* spelling : { "-o", "--out" })
      QTest::addRow("%s %s", name, spelling) << (arguments + QStringList{ spelling });
  // The PDF takes seconds: its -o is run by test_cli_report, --out here.
  QTest::addRow("report --out") << QStringList{ "report", kLab, "--out" };
}

void TestCliConventions::outputSpellings()
{
  QFETCH(QStringList, arguments);
  const QString file = m_dir.filePath(QString("out-%1.%2")
                                        .arg(QTest::currentDataTag())
                                        .replace(' ', '_')
                                        .arg(arguments.front() == "report" ? "pdf" : "csv"));
  QFile::remove(file);
  const Run run = cli(arguments + QStringList{ file }, withoutDisplay());
  QVERIFY2(run.exitCode == 0, qPrintable(run.err));
  QVERIFY2(QFileInfo(file).size() > 0, qPrintable(file + " was not written"));
}

void TestCliConventions::hugeNumberNamesTheFile()
{
  // 1e999 cannot be held by a double: the scene is refused (exit 1) with the file named, never
  // with the JSON library's own code ("[json.exception...]") nor a crash.
  QFile lab(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json"));
  QVERIFY(lab.open(QIODevice::ReadOnly));
  QString text = QString::fromUtf8(lab.readAll());
  static const QRegularExpression width("(\"widthM\":\\s*)[0-9.]+");
  QVERIFY(text.contains(width));
  const auto match = width.match(text);
  text.replace(match.capturedStart(), match.capturedLength(), match.captured(1) + "1e999");
  const QString path = m_dir.filePath("huge.json");
  QFile out(path);
  QVERIFY(out.open(QIODevice::WriteOnly));
  out.write(text.toUtf8());
  out.close();
  for (const char* command : { "info", "validate", "economics" })
  {
    const Run run = cli({ command, path });
    QVERIFY2(run.exitCode == 1, qPrintable(QString(command) + ": " + run.err));
    QVERIFY2(run.err.contains("huge.json"), qPrintable(run.err));
    QVERIFY2(!run.err.contains("json.exception"), qPrintable(run.err));
  }
}

// myriad-cli links the engine and the backends only (tools/CMakeLists.txt): no Qt or VTK
// library is loaded for info, maxmin, thermal… The commands that need them run in
// myriad-cli-full, exec'd with the same arguments: the exit-status convention holds through it.
void TestCliConventions::leanCliHandsOnWhatNeedsQt()
{
  QProcess ldd;
  ldd.start(QStringLiteral("ldd"), { QStringLiteral(MYRIAD_CLI) });
  QVERIFY(ldd.waitForFinished(60000) && ldd.exitCode() == 0);
  const QString libraries = QString::fromLocal8Bit(ldd.readAllStandardOutput());
  QVERIFY2(!libraries.contains("libQt6") && !libraries.contains("libvtk"), qPrintable(libraries));
  const Run usage = cli({ "report", kLab, "--no-such-option" });
  expectUsageError(usage, "--no-such-option");
  const Run help = cli({ "render", "--help" });
  QCOMPARE(help.exitCode, 0);
  QVERIFY(help.out.startsWith("usage: myriad-cli render"));
  const Run missing =
    cli({ "report", m_dir.filePath("absent.json"), "-o", m_dir.filePath("r.pdf") });
  QCOMPARE(missing.exitCode, 1);
  QVERIFY2(missing.err.contains("absent.json"), qPrintable(missing.err));
}

QTEST_GUILESS_MAIN(TestCliConventions)
#include "test_cli_conventions.moc"
