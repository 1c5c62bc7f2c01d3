// The economics model prices the scene's routed fabric (economics::fabricBomInput): counts and
// optics power from the cabling model, prices from the catalog — each transceiver at its
// priceUSD, each fibre at pricePerMeterUSD × its routed length, each copper assembly at its
// pricePerCableUSD. The expected sums are recomputed here from routeCables independently.
#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/economics.h"
#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/fabric/cabling.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/live/live_models.h"

#include <QtTest/QtTest>

using namespace myriad::engine;

namespace
{

double figure(const Catalog& catalog, const std::string& id, const char* name)
{
  const Part* part = catalog.find(id);
  return part && part->figures.count(name) ? part->figures.at(name).value : -1.0;
}

/** The optics and cables CAPEX lines of `result`, in that order. */
std::pair<economics::CostItem, economics::CostItem> opticsAndCables(
  const economics::EconomicsResult& result)
{
  std::pair<economics::CostItem, economics::CostItem> lines;
  for (const economics::CostItem& item : result.capex)
  {
    if (item.category == "optics")
      lines.first = item;
    if (item.category == "cables")
      lines.second = item;
  }
  return lines;
}

/** The app's figures: the live fabric and economics stages, as the Dashboard gets them. */
economics::EconomicsResult liveEconomics(const Scene& scene, const Catalog& catalog)
{
  live::LiveResults results;
  live::CancelToken cancel;
  live::runStages(
    { live::Stage::Geometry, live::Stage::Fabric, live::Stage::Power, live::Stage::Economics },
    scene, catalog, live::LiveOptions{}, cancel, results);
  if (!results.economics)
    throw std::runtime_error("the live economics stage gave no result: " +
                             results.status(live::Stage::Economics).error);
  return *results.economics;
}

/** The CLI's and the report's figures: the document's inputs with fabricBomInput. */
economics::EconomicsResult cliEconomics(const Scene& scene, const Catalog& catalog)
{
  economics::EconomicsInputs inputs = economics::documentInputs(scene);
  inputs.bom = economics::fabricBomInput(scene, catalog);
  return economics::evaluateEconomics(scene, catalog, inputs, false);
}

} // namespace

class TestEconomicsFabricBom final : public QObject
{
  Q_OBJECT

private slots:
  void pricesTheRoutedCables()
  {
    const Catalog& catalog = Catalog::builtin();
    const Scene scene = generateScene(builtinSpec("lab-256"), catalog);
    const fabric::CablingResult cabling =
      fabric::routeCables(fabric::buildSuperPod(scene, catalog), scene, catalog);
    double optics = 0;
    double transceivers = 0;
    for (const auto& [part, count] : cabling.opticsByPart)
    {
      QVERIFY2(figure(catalog, part, "priceUSD") > 0, part.c_str());
      optics += count * figure(catalog, part, "priceUSD");
      transceivers += count;
    }
    double cables = 0;
    for (const fabric::Cable& cable : cabling.cables)
    {
      const std::string& part = cabling.media.at(cable.medium).cablePart;
      const double perMetre = figure(catalog, part, "pricePerMeterUSD");
      cables += perMetre > 0 ? perMetre * cable.lengthM : figure(catalog, part, "pricePerCableUSD");
    }

    const economics::BomInput bom = economics::fabricBomInput(scene, catalog);
    QCOMPARE(bom.cables.value(), static_cast<double>(cabling.cables.size()));
    QCOMPARE(bom.transceivers.value(), transceivers);
    QCOMPARE(bom.opticsPowerW.value(), cabling.opticsPowerW);
    QVERIFY(std::abs(bom.opticsUSD.value() - optics) < 1e-6 * optics);
    QVERIFY(std::abs(bom.cablesUSD.value() - cables) < 1e-6 * cables);

    // Priced from the BOM, the CAPEX lines are no longer estimates and carry those sums.
    economics::EconomicsInputs inputs;
    inputs.bom = bom;
    const economics::EconomicsResult result =
      economics::evaluateEconomics(scene, catalog, inputs, false);
    for (const economics::CostItem& item : result.capex)
    {
      if (item.category == "optics" || item.category == "cables")
      {
        QVERIFY2(!item.estimate, item.category.c_str());
        QCOMPARE(item.usd.value(), item.category == "optics" ? *bom.opticsUSD : *bom.cablesUSD);
      }
    }
  }

  void sceneWithoutFabricKeepsTheEstimate()
  {
    // No leaf switches: no fabric to route, so every BOM figure stays unset (estimated).
    const Catalog& catalog = Catalog::builtin();
    Scene scene = generateScene(builtinSpec("lab-256"), catalog);
    for (Hall& hall : scene.site.halls)
    {
      for (Row& row : hall.rows)
      {
        for (Rack& rack : row.racks)
        {
          rack.switches.clear();
        }
      }
    }
    const economics::BomInput bom = economics::fabricBomInput(scene, catalog);
    QVERIFY(!bom.transceivers && !bom.cables && !bom.opticsUSD && !bom.cablesUSD &&
            !bom.opticsPowerW);
  }

  void appAndCliPriceOneBom_data()
  {
    QTest::addColumn<QString>("hall");
    QTest::newRow("generated lab-256") << "generated";
    QTest::newRow("imported, leaves without fabric places") << "imported";
    QTest::newRow("hand-described, no switches") << "switchless";
  }

  void appAndCliPriceOneBom()
  {
    // One document, one figure: the Dashboard (live stages) and `myriad-cli economics` / the
    // report (documentInputs + fabricBomInput) must give the same optics and cables lines.
    // - generated: the fabric covers the hall, both price the routed BOM (not estimates);
    // - imported (as NetBox gives it: leaves with no scalable unit or rail): the fabric can wire
    //   none of the NICs; a partial BOM would price the hall's optics at $0, so both estimate
    //   them from counts (found on the netbox-3.7 fixture: app $0, CLI $124.8k);
    // - switchless (no spec, no switches): nothing to cable, both price $0.
    QFETCH(QString, hall);
    const Catalog& catalog = Catalog::builtin();
    Scene scene = generateScene(builtinSpec("lab-256"), catalog);
    if (hall != "generated")
      scene.spec.reset(); // an imported or hand-made document declares no generator
    for (Hall& h : scene.site.halls)
      for (Row& row : h.rows)
        for (Rack& rack : row.racks)
        {
          if (hall == "switchless")
            rack.switches.clear();
          for (Switch& sw : rack.switches)
            if (hall == "imported" && sw.role == SwitchRole::Leaf)
              sw.scalableUnit = sw.rail = sw.group = -1;
        }
    const auto [appOptics, appCables] = opticsAndCables(liveEconomics(scene, catalog));
    const auto [cliOptics, cliCables] = opticsAndCables(cliEconomics(scene, catalog));
    QCOMPARE(appOptics.usd, cliOptics.usd);
    QCOMPARE(appCables.usd, cliCables.usd);
    QCOMPARE(appOptics.estimate, cliOptics.estimate);
    QCOMPARE(appOptics.basis, cliOptics.basis);
    QCOMPARE(appOptics.estimate, hall == "imported");
    if (hall == "switchless")
      QCOMPARE(appOptics.usd.value_or(-1), 0.0);
    else
      QVERIFY(appOptics.usd.value_or(0) > 10000); // 256 GPUs' NICs and leaf uplinks: > $10k
  }
};

QTEST_APPLESS_MAIN(TestEconomicsFabricBom)
#include "test_economics_fabric_bom.moc"
