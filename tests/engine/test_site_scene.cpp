// Multi-site scenes (schema 2): files of schema 1 load unchanged, sites and links round-trip,
// bad sites and links are named by JSON path, halls stand side by side in the view without
// overlap, each site gets its own fabric, and a 405B job placed over two sites slows down with a
// narrower DCI link exactly as the hierarchical all-reduce formula says.
// Model: engine/include/myriad/engine/siting/site_scene.h; docs/models/siting.md.

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/hall_placement.h"
#include "myriad/engine/query.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/siting/site_scene.h"
#include "myriad/engine/siting/study.h"
#include "myriad/engine/traffic/workload.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <fstream>
#include <sstream>

using namespace myriad::engine;
using namespace myriad::engine::siting;

namespace
{

std::string readText(const std::string& path)
{
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

SceneSite site(const std::string& id, const std::string& reference)
{
  SceneSite s;
  s.id = id;
  s.reference = reference;
  return s;
}

/** Two lab halls (one SU of 16 nodes each) at Ulanqab and Gui'an, `channels` × 800ZR+. */
Scene labTwoSites(int channels = 4)
{
  GeneratorSpec design = builtinSpec("lab-256");
  design.nodesPerScalableUnit = 16;
  design.scalableUnitsPerRow = 2;
  SiteLink link;
  link.from = "ulanqab";
  link.to = "guian";
  link.channels = channels;
  return buildMultiSiteScene(
    "lab two sites", design,
    { { site("ulanqab", "ulanqab-cn"), 128 }, { site("guian", "guian-cn"), 128 } }, { link },
    Catalog::builtin());
}

/** The JSON path of the LoadError the scene text raises ("" when it loads). */
std::string rejectedAt(const nlohmann::json& scene)
{
  try
  {
    (void)sceneFromJson(scene.dump(), "bad.json", Catalog::builtin());
  }
  catch (const LoadError& e)
  {
    return e.jsonPath();
  }
  return {};
}

} // namespace

class TestSiteScene final : public QObject
{
  Q_OBJECT

private slots:
  void schemaOneLoadsUnchanged();
  void sitesAndLinksRoundTrip();
  void badSitesAreNamedByPath();
  void hallsStandSideBySide();
  void eachSiteHasItsOwnFabric();
  void jobSlowsWithANarrowerLinkAsTheFormulaSays();
  void sitingOptionSceneTimesTheJobAsTheStudy();
  void jobLargerThanTheSitesIsRejected();
  void pipelineSplitFollowsTheSchedule();
  void pipelineSplitOf405BOverTwoSites();
};

void TestSiteScene::schemaOneLoadsUnchanged()
{
  // tests/engine/data/lab-256-schema1.json is samples/lab-256.json as schema 1 wrote it (the
  // file before schema 2). It loads as a scene without sites (every hall at none) and writes
  // back as the schema 2 sample, byte for byte: the schema version is the only change.
  const std::string text = readText(MYRIAD_SOURCE_DIR "/tests/engine/data/lab-256-schema1.json");
  QVERIFY(text.find("\"schemaVersion\": 1,") != std::string::npos);
  const Scene scene = sceneFromJson(text, "lab-256-schema1.json", Catalog::builtin());
  QCOMPARE(scene.schemaVersion, 2);
  QVERIFY(scene.sites.empty());
  QVERIFY(scene.links.empty());
  for (const Hall& hall : scene.site.halls)
    QVERIFY(hall.site.empty());
  const std::string sample = readText(MYRIAD_SOURCE_DIR "/samples/lab-256.json");
  QVERIFY(sample.find("\"schemaVersion\": 2,") != std::string::npos);
  QVERIFY(sceneToJson(scene) == sample);
  std::string upgraded = text;
  upgraded.replace(upgraded.find("\"schemaVersion\": 1,"), 19, "\"schemaVersion\": 2,");
  QVERIFY(upgraded == sample);
}

void TestSiteScene::sitesAndLinksRoundTrip()
{
  Scene scene = labTwoSites();
  scene.sites[0].latitudeDeg = 41.0;
  scene.sites[0].longitudeDeg = 113.1;
  scene.sites[1].renewableShare = 0.4;
  scene.links[0].distanceKm = 2100;
  const std::string text = sceneToJson(scene);
  const Scene again = sceneFromJson(text, "two.json", Catalog::builtin());
  QVERIFY(again == scene);
  QCOMPARE(again.site.halls[1].site, std::string("guian"));
  QCOMPARE(*again.links[0].distanceKm, 2100.0);
  QVERIFY(sceneToJson(again) == text);
}

void TestSiteScene::badSitesAreNamedByPath()
{
  const nlohmann::json good = nlohmann::json::parse(sceneToJson(labTwoSites()));
  QCOMPARE(rejectedAt(good), std::string());
  auto broken = [&](auto&& change)
  {
    nlohmann::json j = good;
    change(j);
    return rejectedAt(j);
  };
  // A hall at a site the scene does not list; a hall at none in a scene with sites.
  QCOMPARE(broken([](auto& j) { j["site"]["halls"][1]["site"] = "shanghai"; }),
           std::string("/site/halls/1/site"));
  QCOMPARE(broken([](auto& j) { j["site"]["halls"][0].erase("site"); }),
           std::string("/site/halls/0/site"));
  // Sites in a schema 1 file; a site without a reference site; half a location.
  QCOMPARE(broken([](auto& j) { j["schemaVersion"] = 1; }), std::string("/sites"));
  QCOMPARE(broken([](auto& j) { j["sites"][0]["reference"] = "atlantis"; }),
           std::string("/sites/0/reference"));
  QCOMPARE(broken([](auto& j) { j["sites"][0]["latitude"] = 41.0; }), std::string("/sites/0"));
  QCOMPARE(broken([](auto& j) { j["sites"][1]["id"] = "ulanqab"; }), std::string("/sites/1/id"));
  // Links to unknown sites, to itself, negative distances, no channels.
  QCOMPARE(broken([](auto& j) { j["links"][0]["to"] = "shanghai"; }), std::string("/links/0/to"));
  QCOMPARE(broken([](auto& j) { j["links"][0]["to"] = "ulanqab"; }), std::string("/links/0/to"));
  QCOMPARE(broken([](auto& j) { j["links"][0]["distanceKm"] = -5; }),
           std::string("/links/0/distanceKm"));
  QCOMPARE(broken([](auto& j) { j["links"][0]["channels"] = 0; }),
           std::string("/links/0/channels"));
  QCOMPARE(broken([](auto& j) { j["links"][0]["optic"] = "dci-1600zr"; }),
           std::string("/links/0/optic"));
  QCOMPARE(broken([](auto& j) { j["links"].push_back(j["links"][0]); }), std::string("/links/1"));
}

void TestSiteScene::hallsStandSideBySide()
{
  // Two halls at Ulanqab and one at Gui'an: Ulanqab's side by side along X (8 m apart), Gui'an's
  // behind them along Y (40 m behind the deeper Ulanqab hall). No two halls overlap.
  Scene scene = labTwoSites();
  Hall second = scene.site.halls[0];
  second.id = "ulanqab-H2";
  second.widthM = 20;
  second.rows.clear();
  second.coolers.clear();
  second.feeds.clear();
  scene.site.halls.push_back(second);
  const auto origins = hallOrigins(scene);
  QCOMPARE(origins.size(), std::size_t(3));
  const Hall& u1 = scene.site.halls[0];
  QCOMPARE(origins[0].xM, 0.0);
  QCOMPARE(origins[0].yM, 0.0);
  QCOMPARE(origins[2].xM, u1.widthM + kHallGapM);
  QCOMPARE(origins[2].yM, 0.0);
  QCOMPARE(origins[1].xM, 0.0);
  QCOMPARE(origins[1].yM, std::max(u1.depthM, second.depthM) + kSiteGapM);
  const auto sites = siteFootprints(scene);
  QCOMPARE(sites.size(), std::size_t(2));
  QCOMPARE(sites[0].site, std::string("ulanqab"));
  QCOMPARE(sites[0].halls, (std::vector<int>{ 0, 2 }));
  QCOMPARE(sites[0].x1, u1.widthM + kHallGapM + second.widthM);
  // A scene without sites keeps its one hall at the origin, as before.
  const Scene lab = generateScene(builtinSpec("lab-256"), Catalog::builtin());
  QCOMPARE(hallOrigins(lab).front().xM, 0.0);
  QCOMPARE(hallOrigins(lab).front().yM, 0.0);
}

void TestSiteScene::eachSiteHasItsOwnFabric()
{
  // Each site's 128 GPUs get the fabric their hall gets alone (one SU of 16 nodes: 8 rail
  // leaves and their spines), and no link joins the sites: twice one site's counts.
  const Catalog& catalog = Catalog::builtin();
  const Scene scene = labTwoSites();
  const fabric::FabricGraph both = fabric::buildSuperPod(scene, catalog);
  const fabric::FabricGraph one = fabric::buildSuperPod(siteSubScene(scene, "guian"), catalog);
  QCOMPARE(both.devices().size(), 2 * one.devices().size());
  QCOMPARE(both.links().size(), 2 * one.links().size());
  QCOMPARE(both.topology, std::string("superpod per site"));
  for (const fabric::Link& link : both.links())
  {
    const auto& a = both.device(link.a.device);
    const auto& b = both.device(link.b.device);
    if (a.location.hall >= 0 && b.location.hall >= 0)
      QCOMPARE(a.location.hall, b.location.hall); // one hall per site here: never across
  }
  // The second site's NICs keep their node index in the whole scene (its nodes come second).
  const int nodesPerSite = countScene(siteSubScene(scene, "ulanqab"), catalog).nodes;
  const int guianNic = both.find("guian-H1-R01-K01-N1-NIC0");
  QVERIFY(guianNic >= 0);
  QCOMPARE(both.device(guianNic).host, nodesPerSite);
  QCOMPARE(both.device(guianNic).location.hall, 1);
}

void TestSiteScene::jobSlowsWithANarrowerLinkAsTheFormulaSays()
{
  // 5,120 + 5,120 H100 GPUs (DGX SuperPOD design) at Ulanqab and Gui'an, Llama 3 405B with TP 8,
  // PP 16, DP 80 (samples/jobs/llama3-405b.json): 40 replicas per site. After the in-site
  // reduce-scatter the two sites exchange the whole BF16 gradient, G = 2 B × 405e9 = 8.1e11 B,
  // in a ring of S = 2 over one link of N 800ZR+ wavelengths, B = N × 800 Gb/s (OIF 800ZR line
  // rate) per direction:
  //   t_x = 2(S − 1)/S · 8G/B + 2(S − 1)·ℓ = 6.48e12 bit / B + 2ℓ,
  // and it is exposed beyond the DP window w: t_step = t_site − e_dp + max(0, t_dp + t_x − w).
  // With 1, 2, 4 and 8 wavelengths t_dp + t_x > w, so the step changes by 6.48e12·(1/B₁ − 1/B₂)
  // from one width to the next (Patarasuk & Yuan 2009; docs/models/siting.md).
  const Catalog& catalog = Catalog::builtin();
  const traffic::JobSpec job = traffic::loadJob(MYRIAD_SOURCE_DIR "/samples/jobs/llama3-405b.json");
  QCOMPARE(job.dp, 80);
  QCOMPARE(job.parameters, 405e9);
  Scene scene = buildMultiSiteScene(
    "two sites", builtinSpec("h100-superpod-10k"),
    { { site("ulanqab", "ulanqab-cn"), 5120 }, { site("guian", "guian-cn"), 5120 } },
    { SiteLink{ "ulanqab", "guian" } }, catalog);
  SceneJobOptions options;
  options.oneSiteReference = false;
  std::vector<double> steps;
  double latencyS = 0;
  for (const int channels : { 1, 2, 4, 8 })
  {
    scene.links[0].channels = channels;
    const SceneJobResult r = evaluateSceneJob(scene, catalog, job, options, nullptr);
    QCOMPARE(r.sites.size(), std::size_t(2));
    QCOMPARE(r.sites[0].replicas, 40);
    QCOMPARE(r.sites[1].replicas, 40);
    QCOMPARE(r.ringBandwidthBps, channels * 800e9);
    latencyS = r.ringLatencyS;
    const double expectedExchange = 6.48e12 / (channels * 800e9) + 2 * latencyS;
    QVERIFY(std::abs(r.exchangeS - expectedExchange) < 1e-9 * expectedExchange);
    const CrossSiteStepInput& in = r.sites[0].step;
    QVERIFY(in.dpTimeS + r.exchangeS > in.dpWindowS); // exposed: the step follows t_x
    QVERIFY(std::abs(r.stepS - (in.siteStepS - in.dpExposedS + in.dpTimeS + r.exchangeS -
                                in.dpWindowS)) < 1e-9);
    steps.push_back(r.stepS);
  }
  // About 2,400 km of fibre: ℓ ≈ 12 ms one way (4.9 µs/km), so 2ℓ ≈ 24 ms.
  QVERIFY(latencyS > 0.010 && latencyS < 0.014);
  const double widths[] = { 800e9, 1600e9, 3200e9, 6400e9 };
  for (std::size_t i = 0; i + 1 < steps.size(); ++i)
  {
    const double expected = 6.48e12 * (1 / widths[i] - 1 / widths[i + 1]);
    QVERIFY2(
      std::abs((steps[i] - steps[i + 1]) - expected) < 1e-6,
      qPrintable(QString("N %1: %2 s vs %3 s").arg(i).arg(steps[i] - steps[i + 1]).arg(expected)));
  }
}

void TestSiteScene::sitingOptionSceneTimesTheJobAsTheStudy()
{
  // The option "ulanqab-cn + guian-cn" of the lab study, turned into a scene, gives the same step
  // and slowdown when its job is timed over the scene: one model, two ways in.
  const Catalog& catalog = Catalog::builtin();
  const SitingStudy study =
    loadSitingStudy(MYRIAD_SOURCE_DIR "/samples/siting/lab-256-two-sites.json", catalog);
  const SitingResult result = evaluateSitingStudy(study, catalog);
  const SitingOption* pair = nullptr;
  for (const SitingOption& o : result.options)
    pair = o.label() == "ulanqab-cn + guian-cn" ? &o : pair;
  QVERIFY(pair);
  const Scene scene = sitingOptionScene(study, *pair, catalog);
  QCOMPARE(scene.sites.size(), std::size_t(2));
  QCOMPARE(scene.sites[0].renewableShare, 0.3);
  const Scene reread = sceneFromJson(sceneToJson(scene), "option.json", catalog);
  const SceneJobResult r = evaluateSceneJob(reread, catalog, study.job, {}, nullptr);
  QVERIFY(std::abs(r.stepS - pair->stepS) < 1e-9);
  QVERIFY(r.slowdown);
  QVERIFY(std::abs(*r.slowdown - pair->slowdown) < 1e-9);
  // Its economics too: each site's halls at its reference site, the link's CAPEX and lease.
  const SitingOption money = sceneSitesEconomics(reread, catalog);
  QCOMPARE(money.sites.size(), std::size_t(2));
  QCOMPARE(money.links.size(), std::size_t(1));
  QCOMPARE(money.hallGpus, pair->hallGpus);
  const auto same = [](double a, double b) { return std::abs(a - b) <= 1e-9 * std::abs(b); };
  QVERIFY(same(money.capexUSD, pair->capexUSD));
  QVERIFY(same(money.opexUSDPerYear, pair->opexUSDPerYear));
  QVERIFY(same(money.usdPerGpuHour, pair->usdPerGpuHour));
  QVERIFY(same(money.carbonLocationT, pair->carbonLocationT));
  QVERIFY(same(money.carbonMarketT, pair->carbonMarketT));
  QVERIFY(money.carbonMarketT < money.carbonLocationT); // renewable shares 0.3 and 0.2
}

void TestSiteScene::jobLargerThanTheSitesIsRejected()
{
  // The lab scene holds 2 × 128 GPUs = 32 replicas of TP·PP = 8 (gpt-13b-lab: TP 8, PP 1); a
  // job of DP 64 does not fit, and a third site without a ring link is named.
  const Catalog& catalog = Catalog::builtin();
  traffic::JobSpec job = traffic::loadJob(MYRIAD_SOURCE_DIR "/samples/jobs/gpt-13b-lab.json");
  QCOMPARE(job.tp * job.pp, 8);
  job.tokensPerStep *= 64.0 / job.dp;
  job.dp = 64;
  Scene scene = labTwoSites();
  try
  {
    (void)evaluateSceneJob(scene, catalog, job, {}, nullptr);
    QFAIL("a job larger than the sites was accepted");
  }
  catch (const SpecError& e)
  {
    QVERIFY2(QString(e.what()).contains("needs 64 replicas"), e.what());
  }
  job.tokensPerStep *= 16.0 / job.dp;
  job.dp = 16;
  scene.sites.push_back(site("shanghai", "shanghai-cn"));
  Hall third = scene.site.halls[1];
  third.site = "shanghai";
  scene.site.halls.push_back(third);
  try
  {
    (void)evaluateSceneJob(scene, catalog, job, {}, nullptr);
    QFAIL("a ring without its links was accepted");
  }
  catch (const SpecError& e)
  {
    QVERIFY2(QString(e.what()).contains("no link between sites guian and shanghai"), e.what());
  }
  QVERIFY_THROWS_EXCEPTION(SpecError, (void)sceneSitesEconomics(scene, catalog));
}

void TestSiteScene::pipelineSplitFollowsTheSchedule()
{
  // 1F1B with m = 8 micro-batches of t_mb = 8 s / 8 = 1 s compute per stage; A = 1e11 bytes cross
  // the boundary per micro-batch each way, ℓ = 10 ms.
  // B = 1 Tb/s: τ = 0.8 + 0.01 = 0.81 s < t_mb, hidden in the steady state: only fill and drain,
  //   2τ = 1.62 s.
  // B = 0.4 Tb/s: τ = 2.01 s > t_mb, the boundary sets the pace: 2τ + 7·(τ − 1) = 11.09 s.
  PipelineSplitInput in;
  in.oneSiteStepS = 10;
  in.computeS = 8;
  in.microBatches = 8;
  in.boundaryBytes = 1e11;
  in.latencyS = 0.01;
  in.bandwidthBps = 1e12;
  PipelineSplitStep step = pipelineSplitStep(in);
  QVERIFY(std::abs(step.transferS - 0.81) < 1e-12);
  QVERIFY(std::abs(step.stepS - 11.62) < 1e-12);
  in.bandwidthBps = 4e11;
  step = pipelineSplitStep(in);
  QVERIFY(std::abs(step.addedS - 11.09) < 1e-12);
  // The bandwidth for a target step inverts both branches.
  QVERIFY(std::abs(*bandwidthForPipelineSplit(in, 11.62) - 1e12) < 1e-3);
  QVERIFY(std::abs(*bandwidthForPipelineSplit(in, 21.09) - 4e11) < 1e-3);
  QVERIFY(!bandwidthForPipelineSplit(in, 10.01)); // 2τ ≤ 0.01 s: below the latency
  in.bandwidthBps = 0;
  QVERIFY_THROWS_EXCEPTION(SpecError, (void)pipelineSplitStep(in));
}

void TestSiteScene::pipelineSplitOf405BOverTwoSites()
{
  // Llama 3 405B's 16 PP stages split 8 + 8 over Ulanqab and Gui'an (all 80 replicas span both):
  // per micro-batch all replicas send T/m = 10,485,760 / 16 tokens × h = 16,384 × 2 bytes at
  // the boundary, crossed 2v − 1 = 7 times with v = 4 interleaved chunks: A = 1.503e11 bytes.
  const Catalog& catalog = Catalog::builtin();
  const traffic::JobSpec job = traffic::loadJob(MYRIAD_SOURCE_DIR "/samples/jobs/llama3-405b.json");
  Scene scene = buildMultiSiteScene(
    "two sites", builtinSpec("h100-superpod-10k"),
    { { site("ulanqab", "ulanqab-cn"), 5120 }, { site("guian", "guian-cn"), 5120 } },
    { SiteLink{ "ulanqab", "guian" } }, catalog);
  SceneJobOptions options;
  options.pipelineSplit = true;
  const double a = 7 * (10485760.0 / 16) * 16384 * 2;
  for (const int channels : { 16, 1 })
  {
    scene.links[0].channels = channels;
    const SceneJobResult r = evaluateSceneJob(scene, catalog, job, options, nullptr);
    QVERIFY(r.pipelineSplit);
    QCOMPARE(r.boundaryBytes, a);
    const double tau = 8 * a / (channels * 800e9) + r.ringLatencyS;
    QVERIFY(std::abs(r.exchangeS - tau) < 1e-12);
    const double tmb = r.sites[0].step.computeS / 16;
    const double expected = *r.oneSiteStepS + 2 * tau + 15 * std::max(0.0, tau - tmb);
    QVERIFY2(std::abs(r.stepS - expected) < 1e-9,
             qPrintable(QString("%1 vs %2").arg(r.stepS).arg(expected)));
    // 16 wavelengths: τ ≈ 0.106 s hides behind t_mb; one wavelength: τ ≈ 1.5 s does not.
    QCOMPARE(tau < tmb, channels == 16);
  }
  // An odd PP cannot be halved between two sites.
  traffic::JobSpec odd = job;
  odd.pp = 15;
  QVERIFY_THROWS_EXCEPTION(SpecError,
                           (void)evaluateSceneJob(scene, catalog, odd, options, nullptr));
}

QTEST_GUILESS_MAIN(TestSiteScene)
#include "test_site_scene.moc"
