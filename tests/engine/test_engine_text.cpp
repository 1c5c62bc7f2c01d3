// The engine's message patterns (engine/text.h): %1 … %9 take the arguments by number, and a
// finding of the physical checks carries the pattern whose English is its message, so the app
// can show it in another language (app/shell/engine_text.h, tests/app/test_translation).
#include "myriad/engine/catalog.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/live/live_models.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/text.h"
#include "myriad/engine/validation.h"

#include <QtTest>

#include <algorithm>

using namespace myriad::engine;

class TestEngineText final : public QObject
{
  Q_OBJECT

private slots:
  void placeholdersTakeArgumentsByNumber();
  void findingsCarryTheirPattern();
  void violationsKeepFindingAndFixApart();
  void phrasesAreTranslatedPartsOfAFinding();
  void powerChainFindingsCarryTheirPattern();
};

void TestEngineText::placeholdersTakeArgumentsByNumber()
{
  QCOMPARE(formatText("%2 before %1", { "a", "b" }), std::string("b before a"));
  // A placeholder without an argument and a lone % stay as written; an argument's own "%1" is
  // not replaced again.
  QCOMPARE(formatText("%1 at 80 % load, %3", { "x%1", "y" }), std::string("x%1 at 80 % load, %3"));
  QCOMPARE(formatText("", {}), std::string());
  QCOMPARE((Text{ "U%1–U%2", { "3", "10" } }.str()), std::string("U3–U10"));
  QVERIFY((Text{}.empty()));
}

void TestEngineText::findingsCarryTheirPattern()
{
  // The lab's first rack: 4 DGX H100 at 10.2 kW = 40.8 kW against a 40 kW PDU.
  Scene scene = generateScene(builtinSpec("lab-256"), Catalog::builtin());
  Rack& rack = scene.site.halls[0].rows[0].racks[0];
  rack.powerCapW = 40000;
  const std::vector<Diagnostic> found = validateScene(scene, Catalog::builtin());
  QCOMPARE(found.size(), std::size_t(1));
  const Diagnostic& d = found.front();
  QCOMPARE(d.text.pattern, std::string("rack %1 draws up to %2, over its PDU capacity of %3"));
  QCOMPARE(d.text.args, (std::vector<std::string>{ rack.id, "40.8 kW", "40.0 kW" }));
  QCOMPARE(d.message, "rack " + rack.id + " draws up to 40.8 kW, over its PDU capacity of 40.0 kW");
}

void TestEngineText::violationsKeepFindingAndFixApart()
{
  Diagnostic d(Severity::Warning, "R1", "/x", Text{ "rack %1 draws %2", { "R1", "5.0 kW" } },
               Text{ "connect the rack to two feeds (A and B)", {} });
  const live::Violation v = live::violationOf(live::Stage::Power, d);
  QCOMPARE(v.message,
           std::string("rack R1 draws 5.0 kW; fix: connect the rack to two feeds (A and B)"));
  QCOMPARE(v.text.pattern, std::string("rack %1 draws %2"));
  QCOMPARE(v.hint.pattern, std::string("connect the rack to two feeds (A and B)"));
  // A finding in plain words passes through as the untranslated pattern "%1".
  const Diagnostic plain(Severity::Error, "H1", "/y", "no CDU", "add a CDU");
  const live::Violation p = live::violationOf(live::Stage::Thermal, plain);
  QCOMPARE(p.text.str(), std::string("no CDU"));
  QCOMPARE(p.hint.str(), std::string("add a CDU"));
  QCOMPARE(p.message, std::string("no CDU; fix: add a CDU"));
}

void TestEngineText::phrasesAreTranslatedPartsOfAFinding()
{
  // Parts follow the arguments in the numbering: here %3.
  const Text at{ " at %1 % utilisation", { "80" } };
  QCOMPARE((Text{ "%1 has %2%3", { "H1", "5 kW" }, { at } }.str()),
           std::string("H1 has 5 kW at 80 % utilisation"));
  // The hall of samples/halls: its two air handlers are set to 2 × 8.48 = 16.96 m³/s against
  // the 17.86 m³/s its 16 racks draw (given powers, DGX H100 at 15 K): supply/demand 0.95, a
  // starved hall. The finding's load phrase is a part of its own, with the given-power count as an
  // argument.
  const Catalog& catalog = Catalog::builtin();
  const Scene scene =
    loadScene(MYRIAD_SOURCE_DIR "/samples/halls/hall-tiles-grilles.json", catalog);
  const std::vector<Diagnostic> found = coolingDiagnostics(scene, catalog, { 0.8 });
  const auto starved = std::find_if(
    found.begin(), found.end(),
    [](const Diagnostic& d) { return d.message.find("a starved hall") != std::string::npos; });
  QVERIFY(starved != found.end());
  QCOMPARE(starved->text.args.at(0), std::string("H1"));
  QCOMPARE(starved->text.args.at(3), std::string("0.95"));
  QCOMPARE(starved->text.parts.size(), std::size_t(1));
  QCOMPARE(starved->text.parts[0].pattern,
           std::string(" at %1 % utilisation (%2 racks at their given power)"));
  QCOMPARE(starved->text.parts[0].args, (std::vector<std::string>{ "80", "16" }));
  QVERIFY(starved->message.find("(ratio 0.95) at 80 % utilisation (16 racks at their given "
                                "power): a starved hall") != std::string::npos);
}

void TestEngineText::powerChainFindingsCarryTheirPattern()
{
  // A rack naming a feed the hall does not have: the power chain's finding, as a pattern.
  Scene scene = generateScene(builtinSpec("lab-256"), Catalog::builtin());
  Rack& rack = scene.site.halls[0].rows[0].racks[0];
  rack.feeds = { "H1-F99" };
  const std::vector<Diagnostic> found = powerDiagnostics(scene, Catalog::builtin(), 0.8);
  const auto unknown = std::find_if(found.begin(), found.end(),
                                    [&](const Diagnostic& d)
                                    { return d.objectId == rack.id && d.text.args.size() == 2; });
  QVERIFY(unknown != found.end());
  QCOMPARE(unknown->text.pattern, std::string("rack %1 names feed '%2', which does not exist"));
  QCOMPARE(unknown->text.args, (std::vector<std::string>{ rack.id, "H1-F99" }));
  QCOMPARE(unknown->message, "rack " + rack.id + " names feed 'H1-F99', which does not exist");
  QCOMPARE(unknown->hintText.pattern,
           std::string("name an existing feed or add the feed to the hall"));
}

QTEST_APPLESS_MAIN(TestEngineText)
#include "test_engine_text.moc"
