// Guided tours as data (engine/tour/tour.h, docs/tours.md): the bundled tour reads and checks
// clean on its sample, its counts come from the scene, queries pick what their attributes say,
// and bad tours are refused with the JSON path of the field and the expected form, or reported
// by checkTour with the path of the step's field.
#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/tour/tour.h"

#include <QtTest>

#include <algorithm>

using namespace myriad::engine;
using namespace myriad::engine::tour;

namespace
{

const char* const kMinimal = R"({"schema":"myriad-tour/1","id":"t","title":{"en":"T","zh_CN":"T"},
  "steps":[{"title":{"en":"S","zh_CN":"S"},"text":{"en":"x","zh_CN":"x"}STEP}]})";

/** kMinimal with `step` spliced into its one step (", \"key\": …"). */
std::string minimal(const std::string& step)
{
  std::string text = kMinimal;
  text.replace(text.find("STEP"), 4, step);
  return text;
}

/** The LoadError of parsing `text`, or an empty one when it parsed. */
std::string loadErrorOf(const std::string& text)
{
  try
  {
    parseTour(text, "t.json");
  }
  catch (const LoadError& error)
  {
    return error.jsonPath() + " | " + error.what();
  }
  return {};
}

Query query(const std::string& kind, const std::string& role = {}, int su = -1, int rail = -1)
{
  Query q;
  q.kind = kind, q.role = role, q.scalableUnit = su, q.rail = rail;
  return q;
}

bool hasFinding(const std::vector<Diagnostic>& found, const std::string& path, Severity severity)
{
  return std::any_of(found.begin(), found.end(),
                     [&](const Diagnostic& d)
                     { return d.jsonPath == path && d.severity == severity; });
}

} // namespace

class TestTour final : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void bundledTourChecksCleanOnItsSample();
  void queriesPickByAttribute();
  void badToursNameTheField();
  void checkFindsWhatPointsAtNothing();

private:
  Scene m_superpod;
};

void TestTour::initTestCase()
{
  m_superpod = generateScene(builtinSpec("h100-superpod-10k"), Catalog::builtin());
}

void TestTour::bundledTourChecksCleanOnItsSample()
{
  const Tour t = loadTour(MYRIAD_SOURCE_DIR "/samples/tours/gpu-to-ten-thousand.json");
  QCOMPARE(t.scene, std::string("h100-superpod-10k"));
  QVERIFY(t.steps.size() >= 8);
  const auto found =
    checkTour(t, m_superpod, Catalog::builtin(), MYRIAD_SOURCE_DIR "/samples/tours");
  for (const Diagnostic& d : found)
    qWarning("%s: %s", d.jsonPath.c_str(), d.message.c_str());
  QVERIFY(found.empty());
  // The counts are the scene's: the SuperPOD of 10,240 GPUs in DGX H100 servers of 8 GPUs each.
  QCOMPARE(renderText(t.steps[0].text.en, m_superpod, t),
           std::string("This hall holds **10240 GPUs** in 1280 servers. We build it up from one "
                       "GPU."));
  QVERIFY(renderText(t.steps[0].text.in("zh_CN"), m_superpod, t).find("10240 张 GPU") !=
          std::string::npos);
}

void TestTour::queriesPickByAttribute()
{
  // samples/h100-superpod-10k.json: 320 leaves (40 SUs × 8 rails), 320 spines, 160 cores; one
  // leaf per rail and SU (rail-optimised), SU 0's first leaf H1-R01-K05-S01 on rail 0.
  QCOMPARE(matchQuery(m_superpod, query("switch", "leaf")).size(), std::size_t(320));
  QCOMPARE(matchQuery(m_superpod, query("switch", "spine")).size(), std::size_t(320));
  QCOMPARE(matchQuery(m_superpod, query("switch", "core")).size(), std::size_t(160));
  const auto rail3 = matchQuery(m_superpod, query("switch", "leaf", 0, 3));
  QCOMPARE(rail3.size(), std::size_t(1));
  QCOMPARE(matchQuery(m_superpod, query("switch", "leaf", 0, 0)),
           (std::vector<std::string>{ "H1-R01-K05-S01" }));
  QCOMPARE(matchQuery(m_superpod, query("gpu")).size(), std::size_t(10240));
  // A node query with a rail matches nothing: nodes have no rail.
  QVERIFY(matchQuery(m_superpod, query("node", "", -1, 3)).empty());
  Tour t;
  t.queries["spines"] = query("switch", "spine");
  QCOMPARE(resolveTarget(m_superpod, t, Target{ {}, "spines", {} }).size(), std::size_t(320));
  QCOMPARE(resolveTarget(m_superpod, t, Target{ "H1-R01-K01", {}, {} }),
           (std::vector<std::string>{ "H1-R01-K01" }));
  QVERIFY(resolveTarget(m_superpod, t, Target{ "H9-NOPE", {}, {} }).empty());
  // "{{count NAME}}" with spaces inside the braces is a placeholder; "count" must be a word.
  QCOMPARE(renderText("{{ count spines }} / {{countspines}} / {{count spines", m_superpod, t),
           std::string("320 / {{countspines}} / {{count spines"));
}

void TestTour::badToursNameTheField()
{
  QVERIFY2(loadErrorOf(minimal("")).empty(), loadErrorOf(minimal("")).c_str());
  const struct
  {
    std::string text;
    const char* path;
  } cases[] = {
    { minimal(R"(,"higlight":["H1"])"), "/steps/0/higlight" },
    { minimal(R"(,"camera":{"preset":"top","object":"H1-R01"})"), "/steps/0/camera" },
    { minimal(R"(,"camera":{"preset":"fisheye"})"), "/steps/0/camera/preset" },
    { minimal(R"(,"highlight":[{"kind":"switch","role":"lef"}])"), "/steps/0/highlight/0/role" },
    { minimal(R"(,"highlight":[{"kind":"pdu"}])"), "/steps/0/highlight/0/kind" },
    { minimal(R"(,"action":{"op":"explode"})"), "/steps/0/action/op" },
    { minimal(R"(,"show":{"docks":["fabric","dashbaord"]})"), "/steps/0/show/docks/1" },
    { minimal(R"(,"show":{"fabricTiers":["lief"]})"), "/steps/0/show/fabricTiers/0" },
    { minimal(R"(,"show":{"tabs":{"dashboard":"cost"}})"), "/steps/0/show/tabs/dashboard" },
    { minimal(R"(,"show":{"tabs":{"violations":"all"}})"), "/steps/0/show/tabs/violations" },
    { minimal(R"(,"show":{"tabs":{"thermal":3}})"), "/steps/0/show/tabs/thermal" },
    { minimal(R"(,"question":{"prompt":{"en":"?"},"explanation":{"en":"!"},
                 "options":[{"text":{"en":"a"}},{"text":{"en":"b"}}]})"),
      "/steps/0/question/options" },
    { R"({"schema":"myriad-tour/9","id":"t","title":{"en":"T"},"steps":[]})", "/schema" },
    { R"({"schema":"myriad-tour/1","id":"t","title":{"en":"T"},"steps":[]})", "/steps" },
  };
  for (const auto& c : cases)
  {
    const std::string error = loadErrorOf(c.text);
    QVERIFY2(error.rfind(std::string(c.path) + " |", 0) == 0,
             (c.path + (" got: " + error)).c_str());
    QVERIFY2(error.find("t.json") != std::string::npos, error.c_str());
  }
}

void TestTour::checkFindsWhatPointsAtNothing()
{
  const Tour t = parseTour(
    R"({"schema":"myriad-tour/1","id":"t","title":{"en":"T","zh_CN":"T"},"summary":{"en":"S"},
        "queries":{"none":{"kind":"switch","role":"leaf","su":999}},
        "steps":[{"title":{"en":"S"},"text":{"en":"{{count nope}} and {{count none}}","zh_CN":"x"},
                  "highlight":["H9-NOPE","@missing",{"kind":"switch","role":"leaf","su":999}],
                  "action":{"op":"edits","edits":[{"op":"delete","ids":["H9-NOPE"]}]},
                  "question":{"prompt":{"en":"?","zh_CN":"？"},"explanation":{"en":"!","zh_CN":"！"},
                              "options":[{"text":{"en":"a","zh_CN":"甲"},"correct":true},
                                         {"text":{"en":"b"}}]}}]})",
    "t.json");
  const auto found = checkTour(t, m_superpod, Catalog::builtin());
  QVERIFY(hasFinding(found, "/queries/none", Severity::Error));
  QVERIFY(hasFinding(found, "/steps/0/title", Severity::Warning)); // no Chinese
  QVERIFY(hasFinding(found, "/steps/0/text", Severity::Error));    // {{count nope}}
  QVERIFY(hasFinding(found, "/steps/0/highlight/0", Severity::Error));
  QVERIFY(hasFinding(found, "/steps/0/highlight/1", Severity::Error));
  QVERIFY(hasFinding(found, "/steps/0/highlight/2", Severity::Error));
  QVERIFY(hasFinding(found, "/steps/0/action/edits", Severity::Error));
  // Texts without their Chinese: the summary, an option (the first option has it).
  QVERIFY(hasFinding(found, "/summary", Severity::Warning));
  QVERIFY(hasFinding(found, "/steps/0/question/options/1/text", Severity::Warning));
  QVERIFY(!hasFinding(found, "/steps/0/question/options/0/text", Severity::Warning));
  // An unknown placeholder stays as written.
  QCOMPARE(renderText("{{count nope}}", m_superpod, t), std::string("{{count nope}}"));
}

QTEST_APPLESS_MAIN(TestTour)
#include "test_tour.moc"
