// One truth across the commands: a hall whose evaluation context is 60 % utilisation at Luleå is
// set by `apply` (a set-evaluation edit), and then `apply`'s live stages, `economics`, `thermal`
// and `report` all answer at that context — the same CAPEX, PUE and facility power, the thermal
// model's rack heat equal to the power stage's IT load at 60 %, and every command saying which
// load it used. Also a liquid-cooled generated hall and the built-in samples.
#include "cli_test_support.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
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
  void samplesAgreeAcrossCommands_data();
  void samplesAgreeAcrossCommands();
  void commandLineOverridesAreNamed();
  void validateListsWhatTheLiveModelsFind_data();
  void validateListsWhatTheLiveModelsFind();
  void validateAndThermalAgreeOnAHotHall();

private:
  /** `economics` and `thermal` on `scene` agree with apply's live KPIs `after` at `load`. */
  void checkCommandsAgree(const QString& scene, const QJsonObject& after, const QString& load);
  QString generateLiquidHall();
  QString noEdits();
  /** A data row's scene: "liquid" (generated), "context" (lab-256 at 60 % in Luleå) or a file. */
  QString sceneFile(const QString& row);
  /** `apply SCENE [] --stages all --json`: the live loop's KPIs and violations; {} on failure. */
  QJsonObject liveRun(const QString& scene);

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
  checkCommandsAgree(m_scene, after, QStringLiteral("60 % utilisation"));
}

void TestCliConsistency::samplesAgreeAcrossCommands_data()
{
  QTest::addColumn<QString>("scene");
  QTest::newRow("h100-superpod-10k") << QStringLiteral("builtin:h100-superpod-10k");
  QTest::newRow("gb200-nvl72-10k") << QStringLiteral("builtin:gb200-nvl72-10k");
  QTest::newRow("ascend-910b-10k") << QStringLiteral("builtin:ascend-910b-10k");
  QTest::newRow("generated liquid 8k") << QStringLiteral("liquid");
}

void TestCliConsistency::samplesAgreeAcrossCommands()
{
  // The built-in samples and a generated liquid hall at their own evaluation context (80 %):
  // the live stages of `apply`, `economics` and `thermal` give the same figures.
  QFETCH(QString, scene);
  scene = sceneFile(scene);
  QVERIFY(!scene.isEmpty());
  const QJsonObject live = liveRun(scene);
  QVERIFY(!live.isEmpty());
  const QJsonObject after = live.value(QStringLiteral("after")).toObject();
  checkCommandsAgree(scene, after, QStringLiteral("80 % utilisation"));
}

QString TestCliConsistency::generateLiquidHall()
{
  const QString spec = m_dir.filePath(QStringLiteral("liquid-spec.json"));
  const QString scene = m_dir.filePath(QStringLiteral("liquid.json"));
  if (QFileInfo::exists(scene))
  {
    return scene;
  }
  QFile file(spec);
  if (!file.open(QIODevice::WriteOnly))
  {
    return {};
  }
  file.write(R"({"name": "liquid", "serverModel": "dgx-h100", "gpuCount": 8192,
                "cooling": "liquid"})");
  file.close();
  return cli({ "generate", spec, "-o", scene }).exitCode == 0 ? scene : QString();
}

QString TestCliConsistency::sceneFile(const QString& row)
{
  if (row == QStringLiteral("liquid"))
  {
    return generateLiquidHall();
  }
  return row == QStringLiteral("context") ? m_scene : row;
}

QJsonObject TestCliConsistency::liveRun(const QString& scene)
{
  const auto run =
    cli({ "apply", scene, noEdits(), "-o", m_dir.filePath(QStringLiteral("same.json")), "--stages",
          "all", "--json" });
  if (run.exitCode != 0)
  {
    qWarning("apply %s: %s", qPrintable(scene), qPrintable(run.err));
    return {};
  }
  return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

QString TestCliConsistency::noEdits()
{
  const QString path = m_dir.filePath(QStringLiteral("no-edits.json"));
  QFile edits(path);
  if (edits.open(QIODevice::WriteOnly))
  {
    edits.write("[]");
  }
  return path;
}

void TestCliConsistency::checkCommandsAgree(const QString& scene, const QJsonObject& after,
                                            const QString& load)
{
  // economics on the scene: the same CAPEX, PUE and facility power as apply's stage.
  const QString economicsJson = m_dir.filePath(QStringLiteral("economics.json"));
  const auto economics = cli({ "economics", scene, "-o", economicsJson, "--no-tornado" });
  QVERIFY2(economics.exitCode == 0, qPrintable(economics.err));
  QVERIFY2(economics.out.contains(load), qPrintable(economics.out));
  const QJsonObject kpis = jsonObject(economicsJson).value(QStringLiteral("kpis")).toObject();
  QVERIFY(near(kpis.value(QStringLiteral("capexUSD")).toDouble() / 1e6,
               after.value(QStringLiteral("capexMUSD")).toDouble()));
  QVERIFY(near(kpis.value(QStringLiteral("pue")).toDouble(),
               after.value(QStringLiteral("annualPue")).toDouble()));
  QVERIFY(near(kpis.value(QStringLiteral("facilityMW")).toDouble(),
               after.value(QStringLiteral("facilityPowerMW")).toDouble()));

  // thermal at the document's load: its rack heat is the power stage's IT load (one power law
  // per part in both models).
  const QString thermalJson = m_dir.filePath(QStringLiteral("thermal.json"));
  const auto thermal = cli({ "thermal", scene, "--cell", "0.5", "-o", thermalJson });
  QVERIFY2(thermal.exitCode == 0 || thermal.exitCode == 3, qPrintable(thermal.err));
  QVERIFY2(thermal.out.contains(load), qPrintable(thermal.out));
  double heatW = 0;
  for (const QJsonValue& hall : QJsonDocument::fromJson(readAll(thermalJson)).array())
  {
    heatW += hall.toObject()
               .value(QStringLiteral("energy"))
               .toObject()
               .value(QStringLiteral("heatInW"))
               .toDouble();
  }
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

void TestCliConsistency::validateListsWhatTheLiveModelsFind_data()
{
  QTest::addColumn<QString>("scene");
  QTest::newRow("lab-256") << QStringLiteral("builtin:lab-256");
  QTest::newRow("h100-superpod-10k") << QStringLiteral("builtin:h100-superpod-10k");
  QTest::newRow("gb200-nvl72-10k") << QStringLiteral("builtin:gb200-nvl72-10k");
  QTest::newRow("ascend-910b-10k") << QStringLiteral("builtin:ascend-910b-10k");
  QTest::newRow("generated liquid 8k") << QStringLiteral("liquid");
  QTest::newRow("lab-256 at 60 % in Luleå") << QStringLiteral("context");
}

void TestCliConsistency::validateListsWhatTheLiveModelsFind()
{
  // The Violations dock lists the live models' violations (the app's live loop, which `apply
  // --stages all` runs the same way); `validate` must list the same findings, no more and no
  // fewer, so that a hall signed off with `validate` shows no surprise in the app.
  QFETCH(QString, scene);
  scene = sceneFile(scene);
  QVERIFY(!scene.isEmpty());
  const QJsonObject live = liveRun(scene);
  QVERIFY(!live.isEmpty());
  const QJsonArray violations = live.value(QStringLiteral("violations")).toArray();
  // A finding's text without its fix hint (validate prints the hint apart for design findings).
  const auto withoutHint = [](QString text)
  { return text.left(text.indexOf(QStringLiteral("; fix: "))); };
  QSet<QString> liveFindings;
  int liveErrors = 0;
  for (const QJsonValue& value : violations)
  {
    const QJsonObject v = value.toObject();
    liveFindings.insert(withoutHint(v.value(QStringLiteral("message")).toString()));
    liveErrors += v.value(QStringLiteral("severity")).toString() == QStringLiteral("error");
  }
  const auto validate = cli({ "validate", scene });
  QSet<QString> validateFindings;
  for (const QString& line : validate.err.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
  {
    // FILE: WHERE: error|warning: message
    const int at = std::max(line.indexOf(QStringLiteral(": error: ")),
                            line.indexOf(QStringLiteral(": warning: ")));
    QVERIFY2(at > 0, qPrintable(line));
    validateFindings.insert(withoutHint(line.mid(line.indexOf(QStringLiteral(": "), at + 2) + 2)));
  }
  QVERIFY2(validateFindings == liveFindings,
           qPrintable(QStringLiteral("only in validate: %1\nonly in the live models: %2")
                        .arg(QStringList((validateFindings - liveFindings).values()).join(" | "),
                             QStringList((liveFindings - validateFindings).values()).join(" | "))));
  QCOMPARE(validate.exitCode, liveErrors > 0 ? 1 : 0);
}

void TestCliConsistency::validateAndThermalAgreeOnAHotHall()
{
  // lab-256 with every air handler supplying 33 °C air: the racks breathe air above the ASHRAE
  // A1 allowable 32 °C (lab-256 has no recirculation: its inlets are the supply). `validate` (the
  // Violations dock's list) flags each such rack — a warning above 27 °C, an error above 32 °C —
  // and `thermal` at the same cell and load counts the same racks, because both solve the same
  // hall the same way (the app's live thermal stage).
  const QString lab = m_dir.filePath(QStringLiteral("lab.json"));
  const QJsonArray coolers = jsonObject(lab)
                               .value(QStringLiteral("site"))
                               .toObject()
                               .value(QStringLiteral("halls"))
                               .toArray()
                               .first()
                               .toObject()
                               .value(QStringLiteral("coolers"))
                               .toArray();
  QVERIFY(!coolers.isEmpty());
  QJsonArray edits;
  for (const QJsonValue& cooler : coolers)
  {
    edits.append(QJsonObject{ { "op", "set" },
                              { "id", cooler.toObject().value(QStringLiteral("id")) },
                              { "key", "setpoint" },
                              { "value", 33 } });
  }
  const QString editsPath = m_dir.filePath(QStringLiteral("hot-edits.json"));
  QFile file(editsPath);
  QVERIFY(file.open(QIODevice::WriteOnly));
  file.write(QJsonDocument(edits).toJson());
  file.close();
  const QString hot = m_dir.filePath(QStringLiteral("hot.json"));
  const auto applied = cli({ "apply", lab, editsPath, "-o", hot });
  QVERIFY2(applied.exitCode == 0, qPrintable(applied.err));

  const auto validate = cli({ "validate", hot });
  const QRegularExpression cellLine(QStringLiteral("thermal at (\\d+\\.\\d+) m cells"));
  const auto cell = cellLine.match(validate.out);
  QVERIFY2(cell.hasMatch(), qPrintable(validate.out));
  int inletWarnings = 0, inletErrors = 0;
  for (const QString& line : validate.err.split(QLatin1Char('\n'), Qt::SkipEmptyParts))
  {
    if (line.contains(QStringLiteral(": inlet up to ")))
    {
      (line.contains(QStringLiteral(": error: ")) ? inletErrors : inletWarnings) += 1;
    }
  }
  const auto thermal = cli({ "thermal", hot, "--cell", cell.captured(1) });
  QVERIFY2(thermal.exitCode == 0 || thermal.exitCode == 3, qPrintable(thermal.err));
  const auto counts =
    QRegularExpression(QStringLiteral("racks above 27 °C: (\\d+), above 32 °C: (\\d+)"))
      .match(thermal.out);
  QVERIFY2(counts.hasMatch(), qPrintable(thermal.out));
  const int above27 = counts.captured(1).toInt();
  const int above32 = counts.captured(2).toInt();
  QVERIFY2(above32 > 0, qPrintable(thermal.out)); // the hall is hot: the check is not vacuous
  QCOMPARE(inletWarnings + inletErrors, above27);
  QCOMPARE(inletErrors, above32);
  if (inletErrors > 0)
  {
    QCOMPARE(validate.exitCode, 1); // an error is an error on the command line too
  }
}

QTEST_APPLESS_MAIN(TestCliConsistency)
#include "test_cli_consistency.moc"
