// NetBox import and export (engine/netbox/netbox.h) on recorded NetBox 3.7 and 4.1 answers
// (tests/netbox/fixtures, README there) and on the 10,240-GPU sample's round trip.
#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/fabric/cabling.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/netbox/netbox.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/validation.h"
#include "netbox_bulk_to_api.h"

#include <QtTest>

#include <filesystem>
#include <set>

using namespace myriad::engine;
namespace nb = myriad::engine::netbox;

namespace
{

const std::string kFixtures = MYRIAD_SOURCE_DIR "/tests/netbox/fixtures/";

nb::ImportResult importFixture(const std::string& version)
{
  nb::ImportOptions options;
  options.siteSlug = "bj-dc1";
  return nb::importScene(nb::readInventoryFolder(kFixtures + "netbox-" + version),
                         Catalog::builtin(), options);
}

const Rack* findRack(const Scene& scene, const std::string& id)
{
  for (const auto& hall : scene.site.halls)
    for (const auto& row : hall.rows)
      for (const auto& rack : row.racks)
        if (rack.id == id)
          return &rack;
  return nullptr;
}

bool mentions(const std::vector<std::string>& warnings, const std::string& text)
{
  for (const auto& w : warnings)
    if (w.find(text) != std::string::npos)
      return true;
  return false;
}

std::string cutSheet(const Scene& scene)
{
  const auto graph = fabric::buildSuperPod(scene, Catalog::builtin());
  const auto cabling = fabric::routeCables(graph, scene, Catalog::builtin());
  return fabric::cutSheetCsv(graph, cabling, scene);
}

} // namespace

class TestNetbox : public QObject
{
  Q_OBJECT

private slots:
  /** Hall 1 of bj-dc1: two rows of four racks (A01–A04 facing B01–B04 across a cold aisle),
   *  6 compute racks × 2 DGX H100, 2 network racks × (2 QM9700 + 1 Arista mgmt switch), 96 cables
   *  (fixtures README). 3.7 places racks by the myriad_* custom fields. */
  void imports37ByCustomFields()
  {
    const auto result = importFixture("3.7");
    QCOMPARE(result.scene.site.halls.size(), std::size_t(1));
    const Hall& hall = result.scene.site.halls.front();
    QCOMPARE(hall.id, std::string("hall-1"));
    QCOMPARE(hall.rows.size(), std::size_t(2));
    QCOMPARE(result.racks, 8);
    QCOMPARE(result.devices, 18);
    QCOMPARE(result.cables, 96);
    QCOMPARE(result.positionSources, std::vector<std::string>{ "custom-fields" });
    QVERIFY2(!result.partial, result.warnings.empty() ? "" : result.warnings.front().c_str());
    // A01: centre (1.0, 6.0), rotation 180 → footprint corner (0.7, 5.4), front facing −y.
    const Rack* a01 = findRack(result.scene, "A01");
    QVERIFY(a01);
    QCOMPARE(a01->xM, 0.7);
    QCOMPARE(a01->yM, 5.4);
    QCOMPARE(a01->facing, Facing::MinusY);
    QCOMPARE(a01->nodes.size(), std::size_t(2));
    QCOMPARE(a01->nodes[0].model, std::string("dgx-h100"));
    QCOMPARE(a01->nodes[0].slotU, 3);
    QCOMPARE(a01->nodes[0].gpus.size(), std::size_t(8));
    const Rack* b04 = findRack(result.scene, "B04");
    QVERIFY(b04);
    QCOMPARE(b04->facing, Facing::PlusY);
    QCOMPARE(b04->kind, RackKind::Network);
    QCOMPARE(b04->switches.size(), std::size_t(3));
    // The Arista management switch is not in the parts map: a 1U placeholder whose rack power
    // is the nameplate sum (2 QM9700 at their catalog maximum + the type's 2 × 106 W draw).
    QCOMPARE(result.placeholders, std::vector<std::string>{ "arista-dcs-7010tx-48" });
    QCOMPARE(b04->powerSource, PowerSource::Nameplate);
    const double qm9700 = Catalog::builtin().part("qm9700").valueOr("powerMaxW", 0);
    QCOMPARE(b04->powerW, 2 * qm9700 + 212.0);
    // The imported scene is a valid document: it saves and loads back unchanged.
    const Scene back =
      sceneFromJson(sceneToJson(result.scene), "imported.json", Catalog::builtin());
    QVERIFY(back == result.scene);
  }

  /** 4.1 has no custom fields; the floor-plan plugin's canvas places the same racks at the same
   *  physical positions, so both imports agree rack by rack. */
  void imports41ByFloorplanLikeThe37Fields()
  {
    const auto v41 = importFixture("4.1");
    const auto v37 = importFixture("3.7");
    QCOMPARE(v41.positionSources, std::vector<std::string>{ "floorplan" });
    QCOMPARE(v41.racks, 8);
    for (const char* id : { "A01", "A02", "A03", "A04", "B01", "B02", "B03", "B04" })
    {
      const Rack* a = findRack(v41.scene, id);
      const Rack* b = findRack(v37.scene, id);
      QVERIFY2(a && b, id);
      QVERIFY2(std::abs(a->xM - b->xM) < 1e-9 && std::abs(a->yM - b->yM) < 1e-9, id);
      QCOMPARE(a->facing, b->facing);
    }
  }

  /** The site-level plan of sh-lab turns L01 by 90°: Myriad's racks face ±y, so it warns. */
  void warnsAboutTurnedRacks()
  {
    nb::ImportOptions options;
    options.siteSlug = "sh-lab";
    const auto result = nb::importScene(nb::readInventoryFolder(kFixtures + "netbox-4.1"),
                                        Catalog::builtin(), options);
    QCOMPARE(result.racks, 1);
    QVERIFY(mentions(result.warnings, "(L01): turned"));
  }

  void needsASiteWhenSeveralHoldRacks()
  {
    const auto inv = nb::readInventoryFolder(kFixtures + "netbox-3.7");
    try
    {
      nb::importScene(inv, Catalog::builtin());
      QFAIL("no error");
    }
    catch (const SpecError& e)
    {
      QVERIFY(std::string(e.what()).find("bj-dc1, sh-lab") != std::string::npos);
    }
  }

  /** Without floor plan and custom fields, racks are laid out by name: rows A and B, said so. */
  void assumesALayoutWithoutPositions()
  {
    auto inv = nb::readInventoryFolder(kFixtures + "netbox-3.7");
    for (auto& rack : inv.racks)
      rack.xM.reset();
    nb::ImportOptions options;
    options.siteSlug = "bj-dc1";
    const auto result = nb::importScene(inv, Catalog::builtin(), options);
    QCOMPARE(result.positionSources, std::vector<std::string>{ "assumed" });
    const Hall& hall = result.scene.site.halls.front();
    QCOMPARE(hall.rows.size(), std::size_t(2));
    QCOMPARE(hall.rows[0].racks.front().id, std::string("A01"));
    QCOMPARE(hall.rows[1].racks.back().id, std::string("B04"));
    // Racks without a power feed are warnings (NetBox names the feeds' racks only sometimes).
    QCOMPARE(errorCount(validateScene(result.scene, Catalog::builtin())), 0);
  }

  /** The three cables recorded far shorter than any route between their ports (0.5 m and 1 m
   *  between racks 1.2–1.8 m apart whose ports sit 0.7–2.4 m below the tray: routes of 4.7–5.7 m)
   *  are the ones listed; the 5 m and 7 m ones are what such routes take from stock. */
  void flagsRecordedLengthsThatCannotBe()
  {
    const auto result = importFixture("3.7");
    std::set<std::string> flagged;
    for (const auto& d : nb::compareCableLengths(result.scene, Catalog::builtin()))
      flagged.insert(d.cable);
    std::string list;
    for (const auto& d : nb::compareCableLengths(result.scene, Catalog::builtin()))
      list += d.cable + " " + std::to_string(d.recordedM) + "/" + std::to_string(d.routedM) + "; ";
    QVERIFY2(flagged == (std::set<std::string>{ "nb-cable-1", "nb-cable-31", "nb-cable-52" }),
             list.c_str());
  }

  /** Devices in unknown racks and cables to missing interfaces are named and the import is
   *  marked partial; the rest still comes in. */
  void namesWhatItLeavesOut()
  {
    auto inv = nb::readInventoryFolder(kFixtures + "netbox-4.1");
    inv.devices.front().rack = 999;
    inv.cables.back().bInterfaces = { 123456 };
    nb::ImportOptions options;
    options.siteSlug = "bj-dc1";
    const auto result = nb::importScene(inv, Catalog::builtin(), options);
    QVERIFY(result.partial);
    QVERIFY(mentions(result.warnings, "device 1 (dgx-a01-1): rack 999 is not in the inventory"));
    QVERIFY(mentions(result.warnings, "interface 123456 is not in the inventory"));
    QCOMPARE(result.devices, 17);
    QCOMPARE(result.cables, 95 - 8); // dgx-a01-1's eight cables go with it
  }

  void refusesBadPages()
  {
    nb::InventoryReader reader;
    const auto fails = [&](const std::string& text, const std::string& expected)
    {
      try
      {
        reader.addPage("dcim/racks", text, "racks.json");
        QFAIL(("no error for " + text).c_str());
      }
      catch (const LoadError& e)
      {
        QVERIFY2(std::string(e.what()).find(expected) != std::string::npos, e.what());
      }
    };
    fails("{\"count\": 1, \"next\": null, \"results\": [{\"id\": 1, \"name\": \"A0", "racks.json");
    fails("{\"count\": 1}", "/results");
    fails("{\"results\": [{\"name\": \"A01\"}]}", "/results/0/id");
    fails("{\"results\": [{\"id\": 1, \"u_height\": \"tall\"}]}", "/results/0/u_height");
    fails("{\"results\": [{\"id\": 1, \"site\": \"bj\"}]}", "/results/0/site");
    const auto dir = std::filesystem::temp_directory_path() / "myriad-netbox-empty";
    std::filesystem::create_directories(dir);
    try
    {
      nb::readInventoryFolder(dir.string());
      QFAIL("no error");
    }
    catch (const LoadError& e)
    {
      QVERIFY(std::string(e.what()).find("dcim/sites.json") != std::string::npos);
    }
  }

  /** Scene → export → what NetBox would answer → import: the same racks, devices, positions
   *  and cables (the imported scene's cut sheet equals the original's, cable by cable). */
  void roundTripsThe10kSample()
  {
    const Scene scene =
      loadScene(MYRIAD_SOURCE_DIR "/samples/h100-superpod-10k.json", Catalog::builtin());
    const auto files = nb::exportScene(scene, Catalog::builtin(), "dc1");
    int racks = 0;
    for (const auto& row : scene.site.halls.front().rows)
      racks += static_cast<int>(row.racks.size());
    QCOMPARE(files.racks, racks);
    const auto bulk = nlohmann::json::parse(files.files.at("netbox-bulk.json"));
    const auto dir = std::filesystem::temp_directory_path() / "myriad-netbox-roundtrip";
    std::filesystem::remove_all(dir);
    myriad::test::NetboxFromBulk(bulk).writeFolder(dir);
    const auto result =
      nb::importScene(nb::readInventoryFolder(dir.string()), Catalog::builtin(), {});
    QVERIFY2(!result.partial, result.warnings.empty() ? "" : result.warnings.front().c_str());
    QCOMPARE(result.positionSources, std::vector<std::string>{ "custom-fields" });
    QCOMPARE(result.cables, files.cables);
    QCOMPARE(result.scene.site.halls.front().id, scene.site.halls.front().id);
    for (const auto& row : scene.site.halls.front().rows)
    {
      for (const auto& rack : row.racks)
      {
        const Rack* back = findRack(result.scene, rack.id);
        QVERIFY2(back, rack.id.c_str());
        QVERIFY2(std::abs(back->xM - rack.xM) < 1e-6 && std::abs(back->yM - rack.yM) < 1e-6,
                 rack.id.c_str());
        QCOMPARE(back->facing, rack.facing);
        QCOMPARE(back->model, rack.model);
        QCOMPARE(back->kind, rack.kind);
        for (std::size_t n = 0; n < rack.nodes.size() && n < back->nodes.size(); ++n)
        {
          const Node& a = rack.nodes[n];
          const Node& b = back->nodes[n];
          QCOMPARE(b.id, a.id);
          QCOMPARE(b.hostname, a.hostname);
          QCOMPARE(b.slotU, a.slotU);
          QCOMPARE(b.scalableUnit, a.scalableUnit);
          QVERIFY2(b.nics == a.nics, a.id.c_str());
          QVERIFY2(b.gpus == a.gpus, a.id.c_str());
        }
        QVERIFY2(back->nodes == rack.nodes, rack.id.c_str());
        QVERIFY2(back->switches == rack.switches, rack.id.c_str());
      }
    }
    QCOMPARE(cutSheet(result.scene), cutSheet(scene));
    QVERIFY(result.placeholders.empty());
  }
};

QTEST_APPLESS_MAIN(TestNetbox)
#include "test_netbox.moc"
