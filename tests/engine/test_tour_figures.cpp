// Model figures in tour texts (engine/tour/tour_figures.h): "{{kpi NAME}}" is written from the
// live models run on the tour's scene, never typed. On lab-256 (32 DGX H100, one SU, 400 Gb/s
// rails) the figures obey the relations that define them: PUE = facility power / IT power;
// Young's checkpoint interval τ = √(2·δ·M) (Young 1974, δ the checkpoint write time, M the mean
// time between interruptions); the work lost per interruption, half of Daly's interval plus the
// restart; the hall's ring all-reduce cannot beat a 400 Gb/s NIC's busbw of
// B/8 = 50 GB/s; goodput is a share of wall time. A figure whose model has not run reads "…",
// and a name that is no figure is an error of checkTour naming the field.
#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/economics.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/live/live_models.h"
#include "myriad/engine/tour/tour.h"
#include "myriad/engine/tour/tour_figures.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace myriad::engine;
using namespace myriad::engine::tour;

namespace
{

double figure(const live::LiveResults& r, const char* name)
{
  const FigureSpec* spec = findFigure(name);
  if (!spec)
    qFatal("no figure %s", name);
  const std::optional<double> v = figureValue(*spec, r);
  if (!v)
    qFatal("figure %s not computed", name);
  return *v;
}

} // namespace

class TestTourFigures final : public QObject
{
  Q_OBJECT

private slots:
  void figuresObeyTheirDefinitions()
  {
    const Scene lab = generateScene(builtinSpec("lab-256"), Catalog::builtin());
    const std::vector<live::Stage> stages =
      stagesForFigures({ "pue", "youngIntervalMinutes", "busBwGBs", "nope" });
    QVERIFY(std::count(stages.begin(), stages.end(), live::Stage::Traffic) == 1);
    QVERIFY(std::count(stages.begin(), stages.end(), live::Stage::Thermal) == 0);
    QVERIFY(stagesForFigures({ "nope" }).empty());

    live::LiveResults r;
    live::runStages(stages, lab, Catalog::builtin(), {}, {}, r);
    const double pue = figure(r, "pue");
    QVERIFY2(pue > 1 && pue < 2, qPrintable(QString::number(pue)));
    QVERIFY(std::abs(pue - figure(r, "facilityMW") / figure(r, "itMW")) <= 1e-9 * pue);

    const double deltaS = r.economicsInputs.checkpointWriteS;
    const double mtbiS = figure(r, "mtbiHours") * 3600;
    QCOMPARE(deltaS, 60.0); // the default δ (economics/inputs.h)
    const double young = std::sqrt(2 * deltaS * mtbiS) / 60;
    QVERIFY(std::abs(figure(r, "youngIntervalMinutes") - young) <= 1e-9 * young);

    // Work lost per interruption: half of Daly's first-order interval √(2·δ·M) − δ (Daly 2006,
    // the goodput model's interval) redone, plus the restart R (600 s by default).
    QCOMPARE(r.economicsInputs.restartS, 600.0);
    const double lost = ((std::sqrt(2 * deltaS * mtbiS) - deltaS) / 2 + 600) / 60;
    QVERIFY(std::abs(figure(r, "lostMinutesPerInterruption") - lost) <= 1e-9 * lost);

    const double busBw = figure(r, "busBwGBs");
    QVERIFY2(busBw > 0 && busBw <= 400.0 / 8 * (1 + 1e-12), qPrintable(QString::number(busBw)));
    const double goodput = figure(r, "goodputPercent");
    QVERIFY(goodput > 0 && goodput < 100);

    // The thermal stage did not run: its figures are left out and read "…".
    const auto figures = plainFigures(r);
    QVERIFY(figures.count("maxInletC") == 0);
    QCOMPARE(figures.at("pue").size(), std::string("1.23").size()); // two decimals
    Tour t;
    QCOMPARE(
      renderText("PUE {{kpi pue}}, inlet {{ kpi maxInletC }}, {{kpi nope}}", lab, t, &figures),
      "PUE " + figures.at("pue") + ", inlet …, {{kpi nope}}");
  }

  void unknownFiguresAreErrors()
  {
    const Scene lab = generateScene(builtinSpec("lab-256"), Catalog::builtin());
    Tour t;
    t.title.en = t.title.zhCN = "T";
    Step s;
    s.title.en = s.title.zhCN = "S";
    s.text.en = "{{kpi pue}} and {{kpi nope}}";
    s.text.zhCN = "{{kpi pue}}";
    t.steps.push_back(s);
    const auto found = checkTour(t, lab, Catalog::builtin());
    QCOMPARE(found.size(), std::size_t{ 1 });
    QCOMPARE(found[0].jsonPath, std::string("/steps/0/text"));
    QVERIFY2(found[0].message.find("\"{{kpi nope}}\" names no model figure") == 0 &&
               found[0].message.find("goodputPercent") != std::string::npos,
             found[0].message.c_str());
    QCOMPARE(figuresUsed(t), std::vector<std::string>{ "pue" });
  }

  // The bundled tours quote figures by names that exist, and each figure is documented.
  void bundledToursQuoteKnownFigures()
  {
    const Tour failures = loadTour(MYRIAD_SOURCE_DIR "/samples/tours/failures-at-scale.json");
    const std::vector<std::string> used = figuresUsed(failures);
    for (const char* name : { "interruptionsPerDay", "youngIntervalMinutes", "goodputPercent" })
      QVERIFY2(std::count(used.begin(), used.end(), name) == 1, name);
    QFile docs(MYRIAD_SOURCE_DIR "/docs/tours.md");
    QVERIFY(docs.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(docs.readAll());
    for (const FigureSpec& f : figureSpecs())
      QVERIFY2(text.contains(QStringLiteral("`%1`").arg(QLatin1String(f.name))), f.name);
  }
};

QTEST_APPLESS_MAIN(TestTourFigures)
#include "test_tour_figures.moc"
