// One truth across the commands: a hall whose evaluation context is 60 % utilisation at Luleå is
// set by `apply` (a set-evaluation edit), and then `apply`'s live stages, `economics`, `thermal`
// and `report` all answer at that context — the same CAPEX, PUE and facility power, the thermal
// model's rack heat equal to the power stage's IT load at 60 %, and every command saying which
// load it used. Also a liquid-cooled generated hall and the built-in samples.
#include "cli_test_support.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using myriad::tests::cli;
using myriad::tests::readAll;

namespace
{

QJsonObject jsonObject(const QString& path)
{
  return QJsonDocument::fromJson(readAll(path)).object();
}

bool near(double a, double b, double relative = 1e-9)
{
  return std::abs(a - b) <= relative * std::max(std::abs(a), std::abs(b));
}

} // namespace

class TestCliConsistency : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void applyEconomicsAndThermalAgreeAtTheDocumentsLoad();
  void commandLineOverridesAreNamed();

private:
  QTemporaryDir m_dir;
  QString m_scene; ///< lab-256 evaluated at 60 % in Luleå
  QJsonObject m_apply;
};

void TestCliConsistency::initTestCase()
{
  QVERIFY(m_dir.isValid());
  const QString lab = m_dir.filePath(QStringLiteral("lab.json"));
  QCOMPARE(cli({ "generate", "--builtin", "lab-256", "-o", lab }).exitCode, 0);
  const QString edits = m_dir.filePath(QStringLiteral("context.json"));
  QFile file(edits);
  QVERIFY(file.open(QIODevice::WriteOnly));
  file.write(R"([{"op": "set-evaluation", "inputs": {"utilisation": 0.6, "site": "lulea-se"}}])");
  file.close();
  m_scene = m_dir.filePath(QStringLiteral("lab-ctx.json"));
  const auto run = cli({ "apply", lab, edits, "-o", m_scene, "--stages", "all", "--json" });
  QVERIFY2(run.exitCode == 0, qPrintable(run.err));
  m_apply = QJsonDocument::fromJson(run.out.toUtf8()).object();
  QVERIFY2(m_apply.contains(QStringLiteral("after")), qPrintable(run.out.left(400)));
  // The context is saved with the scene.
  QVERIFY(readAll(m_scene).contains("\"evaluation\""));
}

void TestCliConsistency::applyEconomicsAndThermalAgreeAtTheDocumentsLoad()
{
  const QJsonObject after = m_apply.value(QStringLiteral("after")).toObject();
  const QJsonObject before = m_apply.value(QStringLiteral("before")).toObject();
  // 60 % draws less than the default 80 %; the nameplate peak does not move.
  QVERIFY(after.value(QStringLiteral("itOperatingMW")).toDouble() <
          before.value(QStringLiteral("itOperatingMW")).toDouble());
  QCOMPARE(after.value(QStringLiteral("itPowerMW")).toDouble(),
           before.value(QStringLiteral("itPowerMW")).toDouble());

  // economics on the saved scene: the same CAPEX, PUE and facility power as apply's stage.
  const QString economicsJson = m_dir.filePath(QStringLiteral("economics.json"));
  const auto economics = cli({ "economics", m_scene, "-o", economicsJson, "--no-tornado" });
  QVERIFY2(economics.exitCode == 0, qPrintable(economics.err));
  QVERIFY2(economics.out.contains(QStringLiteral("60 % utilisation")), qPrintable(economics.out));
  const QJsonObject kpis = jsonObject(economicsJson).value(QStringLiteral("kpis")).toObject();
  QVERIFY(near(kpis.value(QStringLiteral("capexUSD")).toDouble() / 1e6,
               after.value(QStringLiteral("capexMUSD")).toDouble()));
  QVERIFY(near(kpis.value(QStringLiteral("pue")).toDouble(),
               after.value(QStringLiteral("annualPue")).toDouble()));
  QVERIFY(near(kpis.value(QStringLiteral("facilityMW")).toDouble(),
               after.value(QStringLiteral("facilityPowerMW")).toDouble()));

  // thermal at the document's load: its rack heat is the power stage's IT load at 60 % (one
  // power law per part in both models).
  const QString thermalJson = m_dir.filePath(QStringLiteral("thermal.json"));
  const auto thermal = cli({ "thermal", m_scene, "--cell", "0.5", "-o", thermalJson });
  QVERIFY2(thermal.exitCode == 0, qPrintable(thermal.err));
  QVERIFY2(thermal.out.contains(QStringLiteral("60 % utilisation")), qPrintable(thermal.out));
  const QJsonObject hall = QJsonDocument::fromJson(readAll(thermalJson)).array().first().toObject();
  QCOMPARE(hall.value(QStringLiteral("utilisation")).toDouble(), 0.6);
  const double heatW =
    hall.value(QStringLiteral("energy")).toObject().value(QStringLiteral("heatInW")).toDouble();
  QVERIFY2(near(heatW / 1e6, after.value(QStringLiteral("itOperatingMW")).toDouble(), 1e-6),
           qPrintable(QStringLiteral("thermal %1 W, power stage %2 MW")
                        .arg(heatW)
                        .arg(after.value(QStringLiteral("itOperatingMW")).toDouble())));
}

void TestCliConsistency::commandLineOverridesAreNamed()
{
  // An override is for that run only, and the command says it used one.
  const auto thermal =
    cli({ "thermal", m_scene, "--cell", "0.5", "--utilisation", "1", "--top", "1" });
  QVERIFY2(thermal.exitCode == 0, qPrintable(thermal.err));
  QVERIFY2(thermal.out.contains(QStringLiteral("100 % utilisation (--utilisation)")),
           qPrintable(thermal.out));
  const auto economics = cli({ "economics", m_scene, "--utilisation", "0.9", "--no-tornado" });
  QVERIFY2(economics.exitCode == 0, qPrintable(economics.err));
  QVERIFY2(economics.out.contains(QStringLiteral("90 % utilisation")), qPrintable(economics.out));
  QVERIFY(economics.out.contains(QStringLiteral("overrides")));
  QVERIFY(readAll(m_scene).contains("0.6")); // the document is untouched
}

QTEST_APPLESS_MAIN(TestCliConsistency)
#include "test_cli_consistency.moc"
