// Siting studies (engine/include/myriad/engine/siting/): distance and latency between sites, DCI
// capacity and cost, training across sites against the hierarchical all-reduce formula, carbon
// location- and market-based, a ranking whose answer is known by hand, and bad studies.
// Reference figures: samples/reference/dci.json and sites.json; docs/models/siting.md.

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/siting/cross_site.h"
#include "myriad/engine/siting/dci.h"
#include "myriad/engine/siting/geo.h"
#include "myriad/engine/siting/study.h"

#include <QtTest>

#include <cmath>
#include <numbers>

using namespace myriad::engine;
using namespace myriad::engine::siting;

namespace
{

const std::string kStudyFile = MYRIAD_SOURCE_DIR "/samples/siting/study.json";

/** The lab study (samples/siting/lab-256-two-sites.json) with `patch` members replacing its own. */
std::string labStudy(const std::string& members)
{
  std::string text = R"({"gpus": 256, "job": "../jobs/gpt-13b-lab.json",
    "hall": {"name": "lab-su16", "serverModel": "dgx-h100", "gpuCount": 256,
             "nodesPerScalableUnit": 16, "scalableUnitsPerRow": 2})";
  return text + (members.empty() ? "" : ", " + members) + "}";
}

SitingResult evaluate(const std::string& text)
{
  return evaluateSitingStudy(parseSitingStudy(text, kStudyFile, Catalog::builtin()),
                             Catalog::builtin());
}

const SitingOption& optionNamed(const SitingResult& r, const std::string& label)
{
  for (const SitingOption& o : r.options)
    if (o.label() == label)
      return o;
  throw Error("no option " + label);
}

/** The JSON path of the LoadError a study raises ("" when it loads). */
std::string rejectedAt(const std::string& text)
{
  try
  {
    (void)parseSitingStudy(text, kStudyFile, Catalog::builtin());
  }
  catch (const LoadError& e)
  {
    return e.jsonPath();
  }
  return {};
}

} // namespace

class TestSiting final : public QObject
{
  Q_OBJECT

private slots:
  void greatCircleDistances();
  void latencyFromDistance();
  void dciCapacityAndCost();
  void crossSiteStepByHand();
  void stepGrowsWithNarrowerLinkAsTheFormulaSays();
  void carbonLocationAndMarketBased();
  void rankingKnownByHand();
  void siteLimitsMakeSplitsNecessary();
  void badStudiesNameThePath();
};

void TestSiting::greatCircleDistances()
{
  // A quarter meridian is πR/2 and half the equator πR on the sphere of radius R.
  const double r = kEarthMeanRadiusKm;
  QVERIFY(std::abs(greatCircleKm({ 0, 0 }, { 90, 0 }) - std::numbers::pi * r / 2) < 1e-6);
  QVERIFY(std::abs(greatCircleKm({ 0, 10 }, { 0, -170 }) - std::numbers::pi * r) < 1e-6);
  // Beijing (39.90 N, 116.41 E) to Shanghai (31.23 N, 121.47 E): about 1,067 km by great circle
  // (published airport-to-airport and city-centre distances are 1,064–1,088 km).
  const double bs = greatCircleKm({ 39.90, 116.41 }, { 31.23, 121.47 });
  QVERIFY2(bs > 1055 && bs < 1080, qPrintable(QString::number(bs)));
  // The reference sites carry their location: Ulanqab (41.03 N, 113.13 E) to Gui'an (26.42 N,
  // 106.38 E) is about 1,740 km: 14.6° of latitude ≈ 1,624 km north–south and 6.75° of longitude
  // ≈ 625 km east–west at 34° N, √(1,624² + 625²) ≈ 1,740.
  const double ug = greatCircleKm(siteLocation("ulanqab-cn", Catalog::builtin()),
                                  siteLocation("guian-cn", Catalog::builtin()));
  QVERIFY2(ug > 1710 && ug < 1770, qPrintable(QString::number(ug)));
}

void TestSiting::latencyFromDistance()
{
  // Light in fibre of group index 1.468 covers 1 km in 4.90 µs; 1,000 km of route with 800ZR+
  // (600 km reach) is 2 segments, each adding a transponder pair's 10 µs: 4.900 + 0.020 ms.
  DciLinkSpec spec;
  spec.from = "a";
  spec.to = "b";
  spec.distanceKm = 1000;
  spec.optic = "dci-800zr-plus";
  const DciLink link = evaluateDciLink(spec, { 0, 0 }, { 0, 1 }, Catalog::builtin());
  QCOMPARE(link.segments, 2);
  QVERIFY(std::abs(link.oneWayLatencyS - 4.920e-3) < 1e-12);
  // Without a given route: great circle × the route factor 1.4 (a quarter meridian here).
  spec.distanceKm.reset();
  const DciLink far = evaluateDciLink(spec, { 0, 0 }, { 90, 0 }, Catalog::builtin());
  QVERIFY(std::abs(far.routeKm - 1.4 * std::numbers::pi * kEarthMeanRadiusKm / 2) < 1e-6);
  QVERIFY(std::abs(far.oneWayLatencyS - (far.routeKm * 4.9 + far.segments * 10) * 1e-6) < 1e-12);
}

void TestSiting::dciCapacityAndCost()
{
  // 16 channels of 800 Gb/s = 12.8 Tb/s per direction on one fibre pair (32 channels of 150 GHz
  // in the C band). 1,000 km at 600 km reach: 2 segments → modules 2 × 16 × 2 = 64; 4 terminals;
  // in-line amplifiers every 80 km: ⌈1000/80⌉ − 2 = 11 sites.
  // CAPEX 64 × $14,000 + 4 × $50,000 + 11 × $30,000 = $1,426,000; power 64 × 30 W + 4 × 300 W +
  // 11 × 150 W = 4,770 W; lease 1,000 km × 1 pair × $1,000 = $1,000,000 a year
  // (samples/reference/dci.json: prices and powers are estimates there).
  DciLinkSpec spec;
  spec.from = "a";
  spec.to = "b";
  spec.distanceKm = 1000;
  spec.channels = 16;
  const DciLink link = evaluateDciLink(spec, { 0, 0 }, { 0, 1 }, Catalog::builtin());
  QCOMPARE(link.capacityBps, 12.8e12);
  QCOMPARE(link.fibrePairs, 1);
  QCOMPARE(link.modules, 64);
  QCOMPARE(link.amplifierSites, 11);
  QCOMPARE(*link.capexUSD, 1'426'000.0);
  QCOMPARE(link.powerW, 4770.0);
  QCOMPARE(*link.leaseUSDPerYear, 1'000'000.0);
  QVERIFY(link.estimate);
  // 40 channels need a second fibre pair; an owned fibre has no lease.
  spec.channels = 40;
  spec.leased = false;
  const DciLink wide = evaluateDciLink(spec, { 0, 0 }, { 0, 1 }, Catalog::builtin());
  QCOMPARE(wide.fibrePairs, 2);
  QCOMPARE(wide.capacityBps, 32e12);
  QCOMPARE(*wide.leaseUSDPerYear, 0.0);
  spec.channels = 0;
  QVERIFY_THROWS_EXCEPTION(SpecError, evaluateDciLink(spec, {}, {}, Catalog::builtin()));
}

void TestSiting::crossSiteStepByHand()
{
  // S = 2, G = 1 GB, B = 8 Gb/s, ℓ = 1 ms: t_x = 2·1/2 · 8e9 bit / 8e9 bit/s + 2·1·1 ms = 1.002 s.
  CrossSiteStepInput in;
  in.sites = 2;
  in.gradientBytes = 1e9;
  in.ringBandwidthBps = 8e9;
  in.ringLatencyS = 1e-3;
  in.siteStepS = 10;
  in.dpTimeS = 1;
  in.dpExposedS = 0;
  in.dpWindowS = 2; // 1 s of slack under the backward pass hides all but 0.002 s
  CrossSiteStep step = crossSiteStep(in);
  QVERIFY(std::abs(step.exchangeS - 1.002) < 1e-12);
  QVERIFY(std::abs(step.stepS - 10.002) < 1e-12);
  // DiLoCo every 100 steps: the exchange once per 100 steps, not hidden.
  in.sync = CrossSiteSync::DiLoCo;
  in.outerSteps = 100;
  step = crossSiteStep(in);
  QVERIFY(std::abs(step.stepS - 10.01002) < 1e-12);
  // The bandwidth for a target is the inverse: a 10.5 s step needs t_x ≤ 50 s → B ≥ 8e9/49.998.
  const auto needed = bandwidthForStep(in, 10.5);
  QVERIFY(needed && std::abs(*needed - 8e9 / 49.998) < 1e-3);
  in.sync = CrossSiteSync::Hierarchical;
  in.dpExposedS = 0.5;
  in.dpTimeS = 2.5;
  in.dpWindowS = 2; // no slack left: the whole exchange is exposed
  step = crossSiteStep(in);
  QVERIFY(std::abs(step.addedS - 1.002) < 1e-12);
  const auto forAdded = bandwidthForStep(in, in.siteStepS + 1.002);
  QVERIFY(forAdded && std::abs(*forAdded / 8e9 - 1) < 1e-12);
  // Latency alone above the budget: no bandwidth reaches it.
  QVERIFY(!bandwidthForStep(in, in.siteStepS + 0.001));
}

void TestSiting::stepGrowsWithNarrowerLinkAsTheFormulaSays()
{
  // Llama 3 405B on 10,240 GPUs split over Ulanqab and Gui'an (5,120 each), hierarchical DP.
  // Between 16 and 4 channels of 800 Gb/s the step grows by the bandwidth term of
  //   t_x = 2(S − 1)/S · 8G/B + 2(S − 1)·ℓ,  G = 2 bytes × 405e9 (BF16 gradients), S = 2:
  //   Δ = 8 × 810e9 × (1/3.2e12 − 1/12.8e12) = 1.51875 s
  // as long as the DP collective's window is already full (the 405B job exposes DP at one site).
  auto study = [](int channels)
  {
    return std::string(R"({"gpus": 10240, "job": "../jobs/llama3-405b.json", "maxSites": 2,
      "dci": {"optic": "dci-800zr-plus", "channels": )") +
           std::to_string(channels) + R"(},
      "candidates": [{"site": "ulanqab-cn"}, {"site": "guian-cn"}]})";
  };
  const SitingResult wide = evaluate(study(16));
  const SitingResult narrow = evaluate(study(4));
  const SitingOption& w = optionNamed(wide, "ulanqab-cn + guian-cn");
  const SitingOption& n = optionNamed(narrow, "ulanqab-cn + guian-cn");
  QCOMPARE(w.dciCapacityBps, 12.8e12);
  QCOMPARE(n.dciCapacityBps, 3.2e12);
  QVERIFY2(std::abs((n.stepS - w.stepS) - 1.51875) < 1e-9,
           qPrintable(QString::number(n.stepS - w.stepS, 'g', 12)));
  QVERIFY(w.slowdown > 0 && n.slowdown > w.slowdown);
  // One site has no exchange: its step is the one-site step and its slowdown 0.
  QCOMPARE(optionNamed(wide, "ulanqab-cn").slowdown, 0.0);
  QCOMPARE(optionNamed(wide, "ulanqab-cn").stepS, wide.oneSiteStepS);
  // DiLoCo every 100 steps: the split pays one exchange per 100 steps, t_x / 100, on top of
  // the slower site's own step.
  const SitingResult diloco =
    evaluate(study(16).insert(1, R"("sync": "diloco", "outerSteps": 100, )"));
  const SitingOption& d = optionNamed(diloco, "ulanqab-cn + guian-cn");
  double slowestSite = 0;
  for (const SiteShare& s : d.sites)
    slowestSite = std::max(slowestSite, s.stepAloneS);
  QVERIFY(std::abs(d.stepS - slowestSite - d.exchangeS / 100) < 1e-12);
  QVERIFY(d.slowdown < w.slowdown / 10);
  // 16 channels slow the step by more than 5 %, so the bandwidth the 5 % target needs lies
  // above their 12.8 Tb/s; the channels it takes are that bandwidth in 800 Gb/s waves.
  QVERIFY(w.slowdown > 0.05);
  QVERIFY(w.bandwidthForTargetBps && *w.bandwidthForTargetBps > 12.8e12);
  QCOMPARE(w.channelsForTarget, static_cast<int>(std::ceil(*w.bandwidthForTargetBps / 800e9)));
}

void TestSiting::carbonLocationAndMarketBased()
{
  // Location-based: facility MWh × the grid's factor (Inner Mongolia 0.75 kg/kWh, Guizhou 0.48);
  // market-based: × (1 − renewable share under contract), GHG Protocol Scope 2.
  const SitingResult r = evaluate(labStudy(R"("maxSites": 1, "candidates": [
      {"site": "ulanqab-cn", "renewableShare": 0.5}, {"site": "guian-cn"}])"));
  const SiteShare& u = optionNamed(r, "ulanqab-cn").sites.front();
  const SiteShare& g = optionNamed(r, "guian-cn").sites.front();
  QVERIFY(std::abs(u.carbonLocationT - u.facilityMWh * 0.75) < 1e-6 * u.carbonLocationT);
  QVERIFY(std::abs(g.carbonLocationT - g.facilityMWh * 0.48) < 1e-6 * g.carbonLocationT);
  QVERIFY(std::abs(u.carbonMarketT - 0.5 * u.carbonLocationT) < 1e-9 * u.carbonLocationT);
  QCOMPARE(g.carbonMarketT, g.carbonLocationT);
  // The colder site needs less cooling energy for the same hall.
  QVERIFY(u.pue < g.pue);
}

void TestSiting::rankingKnownByHand()
{
  // The same hall at Ulanqab (0.38 CNY/kWh, cold: low PUE) and Shanghai (0.70 CNY/kWh, hot):
  // by cost Ulanqab must come first, and any split after both single sites (it adds a DCI link
  // and a slowdown). By carbon with Shanghai on 95 % contracted renewables, Shanghai first.
  const std::string candidates = R"("maxSites": 2, "candidates": [
      {"site": "shanghai-cn", "renewableShare": 0.95}, {"site": "ulanqab-cn"}])";
  const SitingResult byCost = evaluate(labStudy(candidates));
  QCOMPARE(byCost.evaluated, 3);
  QCOMPARE(byCost.options[0].label(), std::string("ulanqab-cn"));
  QCOMPARE(byCost.options[1].label(), std::string("shanghai-cn"));
  QCOMPARE(byCost.options[2].sites.size(), std::size_t(2));
  QCOMPARE(byCost.options[0].rank, 1);
  QVERIFY(byCost.options[0].pareto && byCost.options[1].pareto && !byCost.options[2].pareto);
  const SitingResult byCarbon = evaluate(labStudy(candidates + R"(, "rankBy": "carbon")"));
  QCOMPARE(byCarbon.options[0].label(), std::string("shanghai-cn"));
}

void TestSiting::siteLimitsMakeSplitsNecessary()
{
  // Neither site may hold more than 128 GPUs: only the split is feasible, 128 + 128.
  const SitingResult r = evaluate(labStudy(R"("maxSites": 2, "candidates": [
      {"site": "ulanqab-cn", "maxGpus": 128}, {"site": "guian-cn", "maxGpus": 128}])"));
  QCOMPARE(r.evaluated, 1);
  QCOMPARE(r.infeasible, 2);
  QCOMPARE(r.options.front().label(), std::string("ulanqab-cn + guian-cn"));
  QCOMPARE(r.options.front().sites[0].jobGpus, 128);
  QCOMPARE(r.options.front().hallGpus, 256);
  QVERIFY(!r.options.back().feasible);
  // One site only and too small: nothing is feasible, said plainly.
  QVERIFY_THROWS_EXCEPTION(SpecError, evaluate(labStudy(R"("maxSites": 1, "candidates": [
      {"site": "ulanqab-cn", "maxGpus": 128}])")));
}

void TestSiting::badStudiesNameThePath()
{
  const std::string two = R"("candidates": [{"site": "ulanqab-cn"}, {"site": "guian-cn"}])";
  QCOMPARE(rejectedAt(labStudy(R"("candidates": [{"site": "atlantis"}])")),
           std::string("/candidates/0/site"));
  QCOMPARE(rejectedAt(labStudy(R"("candidates": [{"site": "ulanqab-cn", "latitude": 40}])")),
           std::string("/candidates/0"));
  QCOMPARE(rejectedAt(labStudy(two + R"(, "links": [{"from": "ulanqab-cn", "to": "mars"}])")),
           std::string("/links/0/to"));
  QCOMPARE(rejectedAt(labStudy(
             two + R"(, "links": [{"from": "ulanqab-cn", "to": "guian-cn", "distanceKm": -5}])")),
           std::string("/links/0/distanceKm"));
  QCOMPARE(rejectedAt(labStudy(two + R"(, "dci": {"channels": 0})")), std::string("/dci/channels"));
  QCOMPARE(rejectedAt(labStudy(two + R"(, "dci": {"channels": 2000000000})")),
           std::string("/dci/channels")); // more waves than any fibre route carries
  QCOMPARE(rejectedAt(labStudy(two + R"(, "dci": {"optic": "smoke-signals"})")),
           std::string("/dci/optic"));
  QCOMPARE(rejectedAt(labStudy(two + R"(, "inputs": {"utilisation": 2})")),
           std::string("/inputs")); // in range of its type, out of range of its meaning
  QCOMPARE(rejectedAt(labStudy(two + R"(, "inputs": {"utilisation": "high"})")),
           std::string("/inputs/utilisation"));
  QCOMPARE(rejectedAt(labStudy(R"("candidates": [{"site": "ulanqab-cn", "renewableShare": 1.5}])")),
           std::string("/candidates/0/renewableShare"));
  QCOMPARE(rejectedAt(R"({"gpus": 100, "job": "../jobs/gpt-13b-lab.json", "candidates": [
      {"site": "ulanqab-cn"}]})"),
           std::string("/gpus")); // not whole replicas of TP·PP = 8
  QCOMPARE(rejectedAt(labStudy(two + R"(, "maxsites": 2)")), std::string("/maxsites"));
  QVERIFY(rejectedAt(labStudy(two)).empty());
}

QTEST_APPLESS_MAIN(TestSiting)
#include "test_siting.moc"
