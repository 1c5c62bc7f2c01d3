// myriad-cli tour validate: the bundled tour checks clean on its sample with its counts written
// from the scene (in English and Chinese); a tour pointing at objects the scene lacks exits 1
// naming the step's field; a tour that does not parse exits 1 naming the file and JSON path.
#include "cli_test_support.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using myriad::tests::cli;
using myriad::tests::Run;

namespace
{

const QString kTour = QStringLiteral(MYRIAD_SOURCE_DIR "/samples/tours/gpu-to-ten-thousand.json");

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text)
{
  const QString path = dir.filePath(name);
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly) || file.write(text) != text.size())
    return {};
  return path;
}

} // namespace

class TestCliTour final : public QObject
{
  Q_OBJECT

private slots:
  void bundledTourValidates();
  void brokenReferencesExitOne();
  void unreadableTourNamesTheField();
  void figuresFollowTheSandbox();
};

// "{{kpi NAME}}": written from the models run on the tour's scene; after a step's edits, from
// the edited sandbox. What-it-costs raises the energy price to 12 US cents/kWh at its step 9:
// the yearly OPEX must rise (the energy bill is facility energy × price), CAPEX must not.
void TestCliTour::figuresFollowTheSandbox()
{
  const Run run =
    cli({ "tour", "validate", MYRIAD_SOURCE_DIR "/samples/tours/what-it-costs.json" });
  QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
  QVERIFY2(!run.out.contains("{{kpi") && !run.out.contains(QStringLiteral("**…")),
           qPrintable(run.out));
  const QRegularExpression before(R"(OPEX \*\*([0-9.]+) million USD\*\* a year\.)");
  const QRegularExpression after(R"(At 12 cents: OPEX \*\*([0-9.]+) million USD)");
  const QRegularExpressionMatch b = before.match(run.out), a = after.match(run.out);
  QVERIFY2(b.hasMatch() && a.hasMatch(), qPrintable(run.out));
  QVERIFY2(a.captured(1).toDouble() > b.captured(1).toDouble(),
           qPrintable(a.captured(1) + " vs " + b.captured(1)));

  QTemporaryDir dir;
  const QString path = writeFile(
    dir, "figures.json",
    R"({"schema":"myriad-tour/1","id":"f","title":{"en":"F","zh_CN":"F"},"scene":"lab-256",
        "steps":[{"title":{"en":"S","zh_CN":"S"},
                  "text":{"en":"PUE {{kpi pue}}, {{kpi nope}}","zh_CN":"PUE {{kpi pue}}"}}]})");
  const Run bad = cli({ "tour", "validate", path });
  QCOMPARE(bad.exitCode, 1);
  QVERIFY2(bad.out.contains("error /steps/0/text: \"{{kpi nope}}\" names no model figure"),
           qPrintable(bad.out));
  QVERIFY2(QRegularExpression(R"(PUE 1\.[0-9]{2}, \{\{kpi nope\}\})").match(bad.out).hasMatch(),
           qPrintable(bad.out));
}

void TestCliTour::bundledTourValidates()
{
  const Run run = cli({ "tour", "validate", kTour });
  QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
  // h100-superpod-10k: 10,240 GPUs in 1,280 DGX H100; rail 3 of SU 0 is one leaf.
  QVERIFY2(run.out.contains("step 1: The hall"), qPrintable(run.out));
  QVERIFY2(run.out.contains("**10240 GPUs** in 1280 servers"), qPrintable(run.out));
  QVERIFY2(run.out.contains("step 5: Rails and leaves"), qPrintable(run.out));
  QVERIFY2(run.out.contains("highlights 1 object(s), a question"), qPrintable(run.out));
  QVERIFY2(run.out.contains("0 error(s), 0 warning(s)"), qPrintable(run.out));
  const Run chinese = cli({ "tour", "validate", kTour, "--lang", "zh_CN" });
  QCOMPARE(chinese.exitCode, 0);
  QVERIFY2(chinese.out.contains(QStringLiteral("10240 张 GPU")), qPrintable(chinese.out));
}

void TestCliTour::brokenReferencesExitOne()
{
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString path = writeFile(
    dir, "broken.json",
    R"({"schema":"myriad-tour/1","id":"b","title":{"en":"B","zh_CN":"B"},"scene":"lab-256",
        "steps":[{"title":{"en":"S","zh_CN":"S"},"text":{"en":"x","zh_CN":"x"},
                  "highlight":["H1-R99-K01"],"show":{"job":"missing-job.json"}}]})");
  QVERIFY(!path.isEmpty());
  const Run run = cli({ "tour", "validate", path });
  QCOMPARE(run.exitCode, 1);
  QVERIFY2(run.out.contains("error /steps/0/highlight/0: \"H1-R99-K01\" is no object"),
           qPrintable(run.out));
  QVERIFY2(run.out.contains("error /steps/0/show/job"), qPrintable(run.out));
  QVERIFY2(run.out.contains("2 error(s)"), qPrintable(run.out));
}

void TestCliTour::unreadableTourNamesTheField()
{
  QTemporaryDir dir;
  QVERIFY(dir.isValid());
  const QString path = writeFile(dir, "typo.json",
                                 R"({"schema":"myriad-tour/1","id":"t","title":{"en":"T"},
                                     "steps":[{"title":{"en":"S"},"text":{"en":"x"},
                                               "camera":{"preset":"fisheye"}}]})");
  const Run run = cli({ "tour", "validate", path, "--scene", "builtin:lab-256" });
  QCOMPARE(run.exitCode, 1);
  QVERIFY2(run.err.contains("typo.json") && run.err.contains("/steps/0/camera/preset") &&
             run.err.contains("top, isometric or aisle"),
           qPrintable(run.err));
}

QTEST_GUILESS_MAIN(TestCliTour)
#include "test_cli_tour.moc"
