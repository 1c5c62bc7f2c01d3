// Halls placed apart in the 3D view (engine/hall_placement.h): a scene of two sites, one hall each
// (lab-256 and a copy, tests::twoSiteScene()), is drawn with each hall at its own origin, while
// every engine model keeps working in the hall's own frame. Checked here: hall boxes apart and
// racks inside their hall, the drawn boxes = the engine's hall-local boxes + the hall's origin,
// picking and box select in the second hall, the site labels and outlines, the fabric view's
// devices and cable routes, the thermal field at its hall's origin, and that a scene without
// sites (every sample) is drawn exactly as before.

#include "scene_fixtures.h"
#include "two_site_scene.h"

#include "myriad/engine/edit/edit.h"
#include "myriad/engine/fabric/cabling.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/hall_placement.h"
#include "myriad/engine/query.h"
#include "myriad/engine/thermal/thermal_model.h"
#include "myriad/engine/validation.h"
#include "myriad/scenes/fabric_view.h"
#include "myriad/scenes/thermal_view.h"

#include <vtkActor.h>
#include <vtkActorCollection.h>
#include <vtkCamera.h>
#include <vtkMapper.h>
#include <vtkNew.h>
#include <vtkPolyData.h>
#include <vtkPropCollection.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>

#include <cstdlib>

using namespace myriad;
namespace fab = engine::fabric;

namespace
{

engine::Box shifted(const engine::Box& b, const engine::HallOrigin& o)
{
  return { b.x0 + o.xM, b.y0 + o.yM, b.z0, b.x1 + o.xM, b.y1 + o.yM, b.z1 };
}

bool sameBox(const engine::Box& a, const engine::Box& b)
{
  return a.x0 == b.x0 && a.y0 == b.y0 && a.z0 == b.z0 && a.x1 == b.x1 && a.y1 == b.y1 &&
         a.z1 == b.z1;
}

/** `inner` lies within `outer` in plan (x, y), with a tolerance for rounding. */
bool insidePlan(const engine::Box& inner, const engine::Box& outer)
{
  constexpr double eps = 1e-9;
  return inner.x0 >= outer.x0 - eps && inner.x1 <= outer.x1 + eps && inner.y0 >= outer.y0 - eps &&
         inner.y1 <= outer.y1 + eps;
}

QString text(const engine::Box& b)
{
  return QStringLiteral("(%1, %2, %3)–(%4, %5, %6)")
    .arg(b.x0)
    .arg(b.y0)
    .arg(b.z0)
    .arg(b.x1)
    .arg(b.y1)
    .arg(b.z1);
}

/** The world point's display position after a render (the camera matrices are then set). */
std::array<double, 3> project(vtkRenderer* renderer, double x, double y, double z)
{
  renderer->SetWorldPoint(x, y, z, 1.0);
  renderer->WorldToDisplay();
  std::array<double, 3> d{};
  renderer->GetDisplayPoint(d.data());
  return d;
}

} // namespace

class TestHallSites final : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void fixtureIsAValidTwoSiteScene();
  void hallBoxesApartAndRacksInside();
  void drawnBoxesAreEngineBoxesAtOrigin();
  void siteLabelsAndOutlines();
  void singleHallSceneUnchanged();
  void updateAfterMoveInSecondHall();
  void pickAndBoxSelectInSecondHall();
  void fabricViewInSecondHall();
  void thermalFieldAtHallOrigin();

private:
  engine::Scene m_lab;
  engine::Scene m_sites;
  std::vector<engine::HallOrigin> m_origins;
};

void TestHallSites::initTestCase()
{
  m_lab = tests::loadSample("lab-256");
  m_sites = tests::twoSiteScene();
  m_origins = engine::hallOrigins(m_sites);
  QCOMPARE(m_origins.size(), std::size_t(2));
  // MYRIAD_TWO_SITE_SCENE=FILE.json also writes the scene (schema 2), named sites, to look at
  // in the app: tests/run-gl.sh build/app/myriad FILE.json --screenshot out.png.
  if (const char* path = std::getenv("MYRIAD_TWO_SITE_SCENE"); path && *path)
  {
    engine::Scene named = m_sites;
    named.sites[0].name = "Ulanqab";
    named.sites[1].name = "Gui'an";
    engine::saveScene(named, path);
  }
}

void TestHallSites::fixtureIsAValidTwoSiteScene()
{
  // The copied hall must not clash with the original (duplicate ids are load errors) and both
  // halls must name a listed site: otherwise the app would refuse this scene as a file.
  const auto diagnostics = engine::validateScene(m_sites, engine::Catalog::builtin());
  QCOMPARE(engine::errorCount(diagnostics), 0);
  // Sites stand one behind the other along Y: the second hall's origin is beyond the first
  // hall's depth plus the gap between sites; both start at x = 0.
  QCOMPARE(m_origins[0].xM, 0.0);
  QCOMPARE(m_origins[0].yM, 0.0);
  QCOMPARE(m_origins[1].xM, 0.0);
  QCOMPARE(m_origins[1].yM, m_sites.site.halls[0].depthM + engine::kSiteGapM);
}

void TestHallSites::hallBoxesApartAndRacksInside()
{
  // (a) The hall boxes of the layout (HallScene::objectBox of a hall is the extracted layout's
  // box) do not overlap, and every rack is drawn inside its own hall's world box: before the
  // halls were placed, both halls covered the same floor.
  vtkNew<vtkRenderer> renderer;
  scenes::HallScene view(renderer);
  view.build(m_sites, engine::Catalog::builtin());
  const auto hall0 = view.objectBox({ engine::ObjectKind::Hall, 0 });
  const auto hall1 = view.objectBox({ engine::ObjectKind::Hall, 1 });
  QVERIFY(hall0 && hall1);
  const bool overlap = hall0->x0 < hall1->x1 && hall1->x0 < hall0->x1 && hall0->y0 < hall1->y1 &&
                       hall1->y0 < hall0->y1;
  QVERIFY2(!overlap, qPrintable(text(*hall0) + " and " + text(*hall1)));
  const std::array<engine::Box, 2> halls{ *hall0, *hall1 };
  for (int h = 0; h < 2; ++h)
  {
    const auto& rows = m_sites.site.halls[h].rows;
    for (int r = 0; r < static_cast<int>(rows.size()); ++r)
    {
      for (int k = 0; k < static_cast<int>(rows[r].racks.size()); ++k)
      {
        const auto box = view.objectBox({ engine::ObjectKind::Rack, h, r, k });
        QVERIFY(box);
        QVERIFY2(insidePlan(*box, halls[h]),
                 qPrintable(QStringLiteral("hall %1 rack %2/%3 at %4 outside %5")
                              .arg(h)
                              .arg(r)
                              .arg(k)
                              .arg(text(*box), text(halls[h]))));
      }
    }
  }
}

void TestHallSites::drawnBoxesAreEngineBoxesAtOrigin()
{
  // (b) World = hall frame + origin, exactly: the drawn box of a hall-1 rack, server, switch and
  // cooler is the engine's hall-local box moved by hallOrigins()[1] (the hall-1 copy has the same
  // local positions as hall 0, so the two differ by the origin alone).
  const engine::Catalog& catalog = engine::Catalog::builtin();
  vtkNew<vtkRenderer> renderer;
  scenes::HallScene view(renderer);
  view.build(m_sites, catalog);
  const engine::Hall& hall = m_sites.site.halls[1];
  const engine::HallOrigin& origin = m_origins[1];
  QVERIFY(origin.yM > 0);
  int checkedNodes = 0, checkedSwitches = 0;
  for (int r = 0; r < static_cast<int>(hall.rows.size()); ++r)
  {
    for (int k = 0; k < static_cast<int>(hall.rows[r].racks.size()); ++k)
    {
      const engine::Rack& rack = hall.rows[r].racks[k];
      const auto drawn = view.objectBox({ engine::ObjectKind::Rack, 1, r, k });
      QVERIFY(drawn);
      QVERIFY2(sameBox(*drawn, shifted(engine::rackBox(rack, catalog), origin)),
               qPrintable(text(*drawn)));
      if (!rack.nodes.empty())
      {
        const engine::Node& node = rack.nodes.front();
        const auto nodeBox = view.objectBox({ engine::ObjectKind::Node, 1, r, k, 0 });
        QVERIFY(nodeBox);
        const engine::Box local =
          engine::slotBox(rack, node.slotU, engine::partHeightU(node.model, catalog), catalog);
        QVERIFY(sameBox(*nodeBox, shifted(local, origin)));
        ++checkedNodes;
      }
      if (!rack.switches.empty())
      {
        const engine::Switch& sw = rack.switches.front();
        engine::ObjectRef ref{ engine::ObjectKind::Switch, 1, r, k };
        ref.item = 0;
        const auto swBox = view.objectBox(ref);
        QVERIFY(swBox);
        const engine::Box local =
          engine::slotBox(rack, sw.slotU, engine::partHeightU(sw.model, catalog), catalog);
        QVERIFY(sameBox(*swBox, shifted(local, origin)));
        ++checkedSwitches;
      }
    }
  }
  QVERIFY(checkedNodes > 0 && checkedSwitches > 0);
  QVERIFY(!hall.coolers.empty());
  engine::ObjectRef cooler{ engine::ObjectKind::Cooler, 1 };
  cooler.item = 0;
  const auto coolerBox = view.objectBox(cooler);
  QVERIFY(coolerBox);
  QVERIFY(sameBox(*coolerBox, shifted(engine::coolerBox(hall.coolers[0], catalog), origin)));
}

void TestHallSites::siteLabelsAndOutlines()
{
  // Each site gets one name label (billboard) and the outline actor is attached: the stats
  // count two labels, every prop the scene says it holds is in the renderer, and the summary
  // lists both sites in view order with their names (the reference site, no name being set).
  vtkNew<vtkRenderer> renderer;
  scenes::HallScene view(renderer);
  view.build(m_sites, engine::Catalog::builtin());
  const scenes::SceneStats stats = view.stats();
  QCOMPARE(stats.siteLabels, 2);
  QCOMPARE(stats.actors, renderer->GetViewProps()->GetNumberOfItems());
  const std::string summary = view.summary();
  const auto north = summary.find("site north \"ulanqab-cn\" halls 1");
  const auto south = summary.find("site south \"guian-cn\" halls 1");
  QVERIFY2(north != std::string::npos && south != std::string::npos && north < south,
           summary.c_str());
}

void TestHallSites::singleHallSceneUnchanged()
{
  // (d) A scene without sites has one hall at origin (0, 0): its boxes are the engine's own,
  // bit for bit, and no site label or line is added (the still frames of the samples stay as
  // they are, test_still_frames).
  const engine::Catalog& catalog = engine::Catalog::builtin();
  const auto origins = engine::hallOrigins(m_lab);
  QCOMPARE(origins.size(), std::size_t(1));
  QCOMPARE(origins[0].xM, 0.0);
  QCOMPARE(origins[0].yM, 0.0);
  vtkNew<vtkRenderer> renderer;
  scenes::HallScene view(renderer);
  view.build(m_lab, catalog);
  const engine::Hall& hall = m_lab.site.halls[0];
  const auto hallBox = view.objectBox({ engine::ObjectKind::Hall, 0 });
  QVERIFY(hallBox);
  QVERIFY(sameBox(*hallBox, { 0, 0, 0, hall.widthM, hall.depthM, hall.heightM }));
  for (int r = 0; r < static_cast<int>(hall.rows.size()); ++r)
  {
    for (int k = 0; k < static_cast<int>(hall.rows[r].racks.size()); ++k)
    {
      const auto box = view.objectBox({ engine::ObjectKind::Rack, 0, r, k });
      QVERIFY(box && sameBox(*box, engine::rackBox(hall.rows[r].racks[k], catalog)));
    }
  }
  QCOMPARE(view.stats().siteLabels, 0);
  QVERIFY(view.summary().find("\nsite ") == std::string::npos);
}

void TestHallSites::updateAfterMoveInSecondHall()
{
  // An edit works in the hall's frame (a move by a delta); the view updated in place draws the
  // moved rack at its new local box + the origin, as a full build would.
  const engine::Catalog& catalog = engine::Catalog::builtin();
  engine::Scene scene = m_sites;
  vtkNew<vtkRenderer> renderer;
  scenes::HallScene view(renderer);
  view.build(scene, catalog);
  const engine::Rack& rack = scene.site.halls[1].rows[0].racks[0];
  engine::edit::MoveObjects move;
  move.ids = { rack.id };
  move.dyM = -0.6; // toward the wall, into the aisle in front of the first row
  engine::edit::ApplyOptions options;
  options.checkPlacement = false; // the placement rules are not what this test is about
  const engine::edit::EditResult result = engine::edit::applyEdit(scene, catalog, move, options);
  view.updateObjects(scene, catalog, result.changes.ids);
  const auto drawn = view.objectBox({ engine::ObjectKind::Rack, 1, 0, 0 });
  QVERIFY(drawn);
  QVERIFY2(sameBox(*drawn, shifted(engine::rackBox(rack, catalog), m_origins[1])),
           qPrintable(text(*drawn)));
  vtkNew<vtkRenderer> freshRenderer;
  scenes::HallScene fresh(freshRenderer);
  fresh.build(scene, catalog);
  QCOMPARE(view.summary(), fresh.summary());
}

void TestHallSites::pickAndBoxSelectInSecondHall()
{
  // (c) A click on the roof of a hall-1 rack in the plan view returns that rack with hall == 1
  // (before the placement it would have hit hall 0's rack at the same local position), and a
  // rubber band around its world footprint selects it and nothing in hall 0.
  if (!tests::requireDisplay())
  {
    QSKIP("no X display (run under xvfb-run or tests/run-gl.sh)");
  }
  const engine::Catalog& catalog = engine::Catalog::builtin();
  vtkNew<vtkRenderWindow> window;
  vtkNew<vtkRenderer> renderer;
  window->SetOffScreenRendering(1);
  window->SetSize(800, 500);
  window->AddRenderer(renderer);
  scenes::HallScene view(renderer);
  view.build(m_sites, catalog);
  view.applyCameraPreset(scenes::CameraPreset::Top);
  const auto& rows = m_sites.site.halls[1].rows;
  const int r = static_cast<int>(rows.size()) / 2;
  const int k = static_cast<int>(rows[r].racks.size()) / 2;
  const engine::Box box = shifted(engine::rackBox(rows[r].racks[k], catalog), m_origins[1]);
  // Zoom the plan view onto the rack so that it spans many pixels.
  vtkCamera* camera = renderer->GetActiveCamera();
  const double cx = 0.5 * (box.x0 + box.x1), cy = 0.5 * (box.y0 + box.y1);
  camera->SetFocalPoint(cx, cy, 0);
  camera->SetPosition(cx, cy, 100);
  camera->SetParallelScale(4.0);
  renderer->ResetCameraClippingRange();
  window->Render();
  const auto p = project(renderer, cx, cy, box.z1);
  const std::optional<engine::ObjectRef> ref =
    view.pick(static_cast<int>(p[0]), static_cast<int>(p[1]));
  QVERIFY(ref.has_value());
  QCOMPARE(ref->kind, engine::ObjectKind::Rack);
  QCOMPARE(ref->hall, 1);
  QCOMPARE(ref->row, r);
  QCOMPARE(ref->rack, k);
  const std::vector<engine::ObjectRef> band =
    view.racksInRect(box.x0 + 0.01, box.y0 + 0.01, box.x1 - 0.01, box.y1 - 0.01);
  QCOMPARE(band.size(), std::size_t(1));
  QCOMPARE(band.front().hall, 1);
  QCOMPARE(band.front().row, r);
  QCOMPARE(band.front().rack, k);
}

void TestHallSites::fabricViewInSecondHall()
{
  // The fabric's locations, trays and routes are hall-local: a device of hall 1 is drawn at its
  // slot's centre + the hall's origin, and a cable routed in hall 1 runs inside hall 1's world
  // box from end to end (drop, trays, drop).
  const engine::Catalog& catalog = engine::Catalog::builtin();
  const fab::FabricGraph graph = fab::buildSuperPod(m_sites, catalog);
  const fab::CablingResult cabling = fab::routeCables(graph, m_sites, catalog);
  vtkNew<vtkRenderer> renderer;
  scenes::FabricView view(renderer);
  view.build(graph, cabling, m_sites, catalog);
  const engine::HallOrigin& origin = m_origins[1];
  const engine::Hall& hall = m_sites.site.halls[1];
  const engine::Box hallBox = shifted({ 0, 0, 0, hall.widthM, hall.depthM, hall.heightM }, origin);
  int device = -1;
  for (int d = 0; d < static_cast<int>(graph.devices().size()) && device < 0; ++d)
  {
    device = graph.device(d).location.placed() && graph.device(d).location.hall == 1 ? d : -1;
  }
  QVERIFY2(device >= 0, "no placed device in hall 1");
  const fab::Location& loc = graph.device(device).location;
  const engine::Box slot =
    engine::slotBox(hall.rows[loc.row].racks[loc.rack], loc.slotU, loc.heightU, catalog);
  const auto point = view.devicePoint(device);
  QCOMPARE(point[0], origin.xM + 0.5 * (slot.x0 + slot.x1));
  QCOMPARE(point[1], origin.yM + 0.5 * (slot.y0 + slot.y1));
  int cable = -1;
  for (int c = 0; c < static_cast<int>(cabling.cables.size()) && cable < 0; ++c)
  {
    const int route = cabling.cables[c].route;
    cable = route >= 0 && cabling.routes[route].hall == 1 && !cabling.routes[route].segments.empty()
              ? c
              : -1;
  }
  QVERIFY2(cable >= 0, "no routed cable in hall 1");
  const auto line = view.cablePolyline(cable);
  QVERIFY(line.size() >= 4); // up, along at least one tray, down
  for (const auto& q : line)
  {
    QVERIFY2(
      insidePlan({ q[0], q[1], 0, q[0], q[1], 0 }, hallBox),
      qPrintable(QStringLiteral("(%1, %2) outside %3").arg(q[0]).arg(q[1]).arg(text(hallBox))));
  }
  // The drawn bundles and drops (tubes along the trays, from rack tops up to them): the two
  // halls are copies wired alike, so as many tube points stand over hall 1 as over hall 0, and
  // none in the empty gap between the sites.
  const double gapY0 = m_sites.site.halls[0].depthM + 1.0, gapY1 = origin.yM - 1.0;
  int overHall0 = 0, overHall1 = 0, inGap = 0;
  vtkActorCollection* actors = renderer->GetActors();
  actors->InitTraversal();
  while (vtkActor* actor = actors->GetNextActor())
  {
    actor->GetMapper()->Update();
    auto* data = vtkPolyData::SafeDownCast(actor->GetMapper()->GetInput());
    for (vtkIdType i = 0; data && i < data->GetNumberOfPoints(); ++i)
    {
      const double y = data->GetPoint(i)[1];
      overHall0 += y < m_sites.site.halls[0].depthM + 1.0 ? 1 : 0;
      overHall1 += y > hallBox.y0 - 1.0 && y < hallBox.y1 + 1.0 ? 1 : 0;
      inGap += y > gapY0 && y < gapY1 ? 1 : 0;
    }
  }
  QVERIFY(overHall1 > 0);
  QCOMPARE(overHall1, overHall0);
  QCOMPARE(inGap, 0);
}

void TestHallSites::thermalFieldAtHallOrigin()
{
  // A field solved in a hall's frame and shown for a hall at (30, 50): the view's world bounds
  // are the grid's moved by the origin, and the probe at a world point answers the field at the
  // hall-local point (here T = 20 + x + 2·y + 3·z in the hall frame, exact for trilinear).
  engine::thermal::ThermalResult result;
  engine::thermal::ThermalGrid& g = result.problem.grid;
  g.nx = 6;
  g.ny = 4;
  g.nz = 3;
  g.cellM = 0.5;
  g.solid.assign(g.cellCount(), 0);
  result.solution.temperatureC.assign(g.cellCount(), 0);
  for (int k = 0; k < g.nz; ++k)
    for (int j = 0; j < g.ny; ++j)
      for (int i = 0; i < g.nx; ++i)
        result.solution.temperatureC[g.index(i, j, k)] =
          20 + (i + 0.5) * g.cellM + 2 * (j + 0.5) * g.cellM + 3 * (k + 0.5) * g.cellM;
  vtkNew<vtkRenderer> renderer;
  scenes::ThermalView view(renderer);
  view.setResult(result, { 30.0, 50.0 });
  QCOMPARE(view.hallOrigin()[0], 30.0);
  QCOMPARE(view.hallOrigin()[1], 50.0);
  const auto b = view.bounds();
  QCOMPARE(b[0], 30.0);
  QCOMPARE(b[1], 33.0);
  QCOMPARE(b[2], 50.0);
  QCOMPARE(b[3], 52.0);
  const double local[3] = { 1.3, 0.9, 0.6 };
  const auto probe = view.probe({ 30.0 + local[0], 50.0 + local[1], local[2] });
  QVERIFY(probe);
  QVERIFY(std::abs(probe->temperatureC - (20 + local[0] + 2 * local[1] + 3 * local[2])) < 1e-9);
  // The hall-local point itself lies outside the moved field.
  QVERIFY(!view.probe({ local[0], local[1], local[2] }));
  double slice[6];
  view.horizontalSlice()->GetBounds(slice);
  QCOMPARE(slice[0], 30.0);
  QCOMPARE(slice[2], 50.0);
}

QTEST_APPLESS_MAIN(TestHallSites)
#include "test_hall_sites.moc"
