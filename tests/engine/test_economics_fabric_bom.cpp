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

#include <QtTest/QtTest>

using namespace myriad::engine;

namespace
{

double figure(const Catalog& catalog, const std::string& id, const char* name)
{
  const Part* part = catalog.find(id);
  return part && part->figures.count(name) ? part->figures.at(name).value : -1.0;
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
};

QTEST_APPLESS_MAIN(TestEconomicsFabricBom)
#include "test_economics_fabric_bom.moc"
