// FabricView: cable bundles per (tray segment, tier) with radii from the cables' cross-section,
// tier toggles, path and cable highlights that follow the routes, link-value colours, and an
// off-screen render of the 10k sample with every cable shown.

#include "scene_fixtures.h"

#include "myriad/engine/fabric/cabling.h"
#include "myriad/engine/fabric/paths.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/scenes/fabric_view.h"

#include <vtkCallbackCommand.h>
#include <vtkCommand.h>
#include <vtkNew.h>
#include <vtkOutputWindow.h>
#include <vtkPNGWriter.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>
#include <vtkUnsignedCharArray.h>
#include <vtkWindowToImageFilter.h>

#include <cmath>
#include <limits>
#include <map>
#include <numbers>
#include <set>

using namespace myriad;
namespace fab = engine::fabric;

namespace
{

struct Fabric
{
  engine::Scene scene;
  fab::FabricGraph graph;
  fab::CablingResult cabling;
};

Fabric makeFabric(const std::string& sample)
{
  Fabric f;
  f.scene = tests::loadSample(sample);
  f.graph = fab::buildSuperPod(f.scene, engine::Catalog::builtin());
  f.cabling = fab::routeCables(f.graph, f.scene, engine::Catalog::builtin());
  return f;
}

/** A device of `kind` at `level` whose id starts with `prefix` (−1 when none). */
int findDevice(const fab::FabricGraph& g, fab::DeviceKind kind, int level, int skip = 0)
{
  for (int d = 0; d < static_cast<int>(g.devices().size()); ++d)
  {
    if (g.device(d).kind == kind && g.device(d).level == level && skip-- == 0)
    {
      return d;
    }
  }
  return -1;
}

/** The neighbour of `device` one level up (first link), −1 at the top. */
int upNeighbour(const fab::FabricGraph& g, int device)
{
  for (const int l : g.linksOf(device))
  {
    const int peer = g.peer(l, device);
    if (g.device(peer).level == g.device(device).level + 1)
    {
      return peer;
    }
  }
  return -1;
}

} // namespace

class TestFabricView final : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void bundleCountIsSegmentTimesTier();
  void radiiGrowWithCableCount();
  void tierToggleHidesProps();
  void pathHighlightMarksHopsPlusOne();
  void ecmpSetAndCableHighlight();
  void linkValuesColourBundles();
  void rendersTenKWithoutVtkErrors();
  void renderForReview();

private:
  Fabric m_tenK;
  vtkNew<vtkRenderer> m_renderer; ///< not rendered: the non-render tests only count props
};

void TestFabricView::initTestCase()
{
  m_tenK = makeFabric("h100-superpod-10k");
  QCOMPARE(m_tenK.cabling.unreachable, 0);
}

void TestFabricView::bundleCountIsSegmentTimesTier()
{
  // Expected: one bundle per distinct (tray segment, tier) that a routed cable runs along, and
  // the bundles of a segment together hold that segment's cable count.
  scenes::FabricView view(m_renderer);
  view.build(m_tenK.graph, m_tenK.cabling, m_tenK.scene, engine::Catalog::builtin());
  std::set<std::pair<int, fab::Tier>> expected;
  for (const fab::Cable& c : m_tenK.cabling.cables)
  {
    if (c.route >= 0)
    {
      for (const int s : m_tenK.cabling.routes[c.route].segments)
      {
        expected.insert({ s, m_tenK.graph.links()[c.link].tier });
      }
    }
  }
  QVERIFY(expected.size() > 100);
  QCOMPARE(view.stats().bundles, static_cast<int>(expected.size()));
  std::map<int, int> perSegment;
  for (const scenes::FabricBundle& b : view.bundles())
  {
    perSegment[b.segment] += b.cables;
  }
  for (const auto& [segment, cables] : perSegment)
  {
    QCOMPARE(cables, m_tenK.cabling.trays[segment].cables);
  }
  QCOMPARE(view.tiers().size(), std::size_t(3)); // node-leaf, leaf-spine, spine-core
}

void TestFabricView::radiiGrowWithCableCount()
{
  // Physical r = sqrt(Σ π d²/4 / π): 1,000 fibres of 3 mm make a bundle of radius
  // sqrt(1000) · 1.5 mm = 47.4 mm, drawn kBundleDrawScale times as thick; one fibre is drawn at
  // the minimum radius.
  const double fibre = std::numbers::pi * 0.003 * 0.003 / 4;
  QCOMPARE(scenes::bundleRadiusM(fibre), scenes::kMinBundleRadiusM);
  QVERIFY(std::abs(scenes::bundleRadiusM(1000 * fibre) -
                   scenes::kBundleDrawScale * std::sqrt(1000.0) * 0.0015) < 1e-9);
  double previous = 0;
  for (int n = 1; n <= 4096; n *= 2)
  {
    const double r = scenes::bundleRadiusM(n * fibre);
    QVERIFY(r >= previous);
    previous = r;
  }
  // Across the sample: within one tier and medium mix, more cross-section never draws thinner.
  scenes::FabricView view(m_renderer);
  view.build(m_tenK.graph, m_tenK.cabling, m_tenK.scene, engine::Catalog::builtin());
  std::vector<scenes::FabricBundle> bundles = view.bundles();
  std::sort(bundles.begin(), bundles.end(),
            [](const auto& a, const auto& b) { return a.crossSectionM2 < b.crossSectionM2; });
  for (std::size_t i = 1; i < bundles.size(); ++i)
  {
    QVERIFY(bundles[i].radiusM >= bundles[i - 1].radiusM);
  }
  QVERIFY(bundles.back().radiusM > 2 * bundles.front().radiusM);
}

void TestFabricView::tierToggleHidesProps()
{
  scenes::FabricView view(m_renderer);
  view.build(m_tenK.graph, m_tenK.cabling, m_tenK.scene, engine::Catalog::builtin());
  const scenes::FabricViewStats all = view.stats();
  QCOMPARE(all.visibleActors, 3); // one tube actor per tier
  QCOMPARE(all.visibleBundles, all.bundles);
  int leafSpine = 0;
  for (const auto& b : view.bundles())
  {
    leafSpine += b.tier == fab::Tier::LeafSpine ? 1 : 0;
  }
  view.setTierVisible(fab::Tier::LeafSpine, false);
  QVERIFY(!view.tierVisible(fab::Tier::LeafSpine));
  QCOMPARE(view.stats().visibleActors, 2);
  QCOMPARE(view.stats().visibleBundles, all.bundles - leafSpine);
  view.setCablesVisible(false);
  QCOMPARE(view.stats().visibleActors, 0);
  view.setCablesVisible(true);
  view.setTierVisible(fab::Tier::LeafSpine, true);
  QCOMPARE(view.stats().visibleBundles, all.bundles);
}

void TestFabricView::pathHighlightMarksHopsPlusOne()
{
  // A NIC's path up the three tiers: NIC → leaf → spine → core is 3 hops, 4 marked devices,
  // and the polyline follows the cables (drops and trays), so it has more points than that.
  scenes::FabricView view(m_renderer);
  view.build(m_tenK.graph, m_tenK.cabling, m_tenK.scene, engine::Catalog::builtin());
  const fab::FabricGraph& g = m_tenK.graph;
  std::vector<int> path{ findDevice(g, fab::DeviceKind::Nic, 0) };
  while (upNeighbour(g, path.back()) >= 0)
  {
    path.push_back(upNeighbour(g, path.back()));
  }
  QCOMPARE(path.size(), std::size_t(4));
  QCOMPARE(view.highlightPaths({ path }), 1);
  const scenes::FabricViewStats s = view.stats();
  QCOMPARE(s.highlightAnchors, static_cast<int>(path.size()));
  QVERIFY(s.highlightPoints > s.highlightAnchors);
  QCOMPARE(s.visibleActors, 3 + 2); // tiers + lines + anchors
  // The polyline of a routed cable starts and ends at its devices.
  const int cable = view.cableOfLink(g.linksOf(path[1]).back());
  const auto line = view.cablePolyline(cable);
  const auto a = view.devicePoint(g.links()[m_tenK.cabling.cables[cable].link].a.device);
  QVERIFY(line.size() >= 4);
  QCOMPARE(line.front(), a);
  view.clearHighlight();
  QCOMPARE(view.stats().highlightAnchors, 0);
  QCOMPARE(view.stats().visibleActors, 3);
}

void TestFabricView::ecmpSetAndCableHighlight()
{
  // Two NICs of different pods: 6 hops (NIC–leaf–spine–core–spine–leaf–NIC); every path of
  // the ECMP set is drawn, and devices shared by paths are marked once.
  scenes::FabricView view(m_renderer);
  view.build(m_tenK.graph, m_tenK.cabling, m_tenK.scene, engine::Catalog::builtin());
  const fab::FabricGraph& g = m_tenK.graph;
  const int a = findDevice(g, fab::DeviceKind::Nic, 0);
  const int b = findDevice(g, fab::DeviceKind::Nic, 0, g.countDevices(fab::DeviceKind::Nic) - 1);
  const int hops = fab::hopCount(g, a, b);
  QCOMPARE(hops, 6);
  const auto paths = fab::ecmpPaths(g, a, b, 64);
  QVERIFY(paths.size() > 1);
  QCOMPARE(view.highlightPaths({ paths.front() }), 1);
  QCOMPARE(view.stats().highlightAnchors, hops + 1);
  std::set<int> devices;
  for (const auto& p : paths)
  {
    devices.insert(p.begin(), p.end());
  }
  QCOMPARE(view.highlightPaths(paths), static_cast<int>(paths.size()));
  QCOMPARE(view.stats().highlightAnchors, static_cast<int>(devices.size()));
  view.highlightCable(0);
  QCOMPARE(view.stats().highlightAnchors, 2);
  QCOMPARE(view.stats().highlightPaths, 1);
}

void TestFabricView::linkValuesColourBundles()
{
  // Every node–leaf link at 1.0 (saturated): node–leaf bundles turn red, the others grey.
  scenes::FabricView view(m_renderer);
  view.build(m_tenK.graph, m_tenK.cabling, m_tenK.scene, engine::Catalog::builtin());
  std::vector<double> values(m_tenK.graph.links().size(), std::numeric_limits<double>::quiet_NaN());
  for (std::size_t l = 0; l < values.size(); ++l)
  {
    values[l] = m_tenK.graph.links()[l].tier == fab::Tier::NodeLeaf ? 1.0 : values[l];
  }
  view.setLinkValues(values);
  QVERIFY(view.stats().linkValues);
  QCOMPARE(scenes::FabricView::valueColor(1.0)[0], 1.0);
  QVERIFY(scenes::FabricView::valueColor(1.0)[1] < 0.05);
  QVERIFY(scenes::FabricView::valueColor(0.0)[1] > 0.7);
  view.setLinkValues({});
  QVERIFY(!view.stats().linkValues);
}

void TestFabricView::rendersTenKWithoutVtkErrors()
{
  if (!tests::requireDisplay())
  {
    QSKIP("no X display (run under xvfb-run or tests/run-gl.sh)");
  }
  int errors = 0;
  vtkNew<vtkCallbackCommand> onError;
  onError->SetClientData(&errors);
  onError->SetCallback([](vtkObject*, unsigned long, void* count, void*)
                       { ++*static_cast<int*>(count); });
  vtkOutputWindow::GetInstance()->AddObserver(vtkCommand::ErrorEvent, onError);
  vtkNew<vtkRenderWindow> window;
  vtkNew<vtkRenderer> renderer;
  window->SetOffScreenRendering(1);
  window->SetSize(640, 400);
  window->AddRenderer(renderer);
  scenes::HallScene hall(renderer);
  hall.build(m_tenK.scene, engine::Catalog::builtin());
  hall.applyCameraPreset(scenes::CameraPreset::Top);
  scenes::FabricView view(renderer);
  view.build(m_tenK.graph, m_tenK.cabling, m_tenK.scene, engine::Catalog::builtin());
  const auto& g = m_tenK.graph;
  view.highlightPaths(fab::ecmpPaths(g, findDevice(g, fab::DeviceKind::Nic, 0),
                                     findDevice(g, fab::DeviceKind::Nic, 0, 5000), 16));
  auto grab = [&]
  {
    window->Render();
    vtkNew<vtkUnsignedCharArray> pixels;
    window->GetPixelData(0, 0, 639, 399, 1, pixels);
    return std::vector<unsigned char>(pixels->GetPointer(0),
                                      pixels->GetPointer(0) + pixels->GetNumberOfValues());
  };
  const auto withCables = grab();
  view.setCablesVisible(false);
  view.clearHighlight();
  const auto without = grab();
  vtkOutputWindow::GetInstance()->RemoveObserver(onError);
  QCOMPARE(errors, 0);
  QVERIFY2(withCables != without, "drawing the cables must change the image");
}

void TestFabricView::renderForReview()
{
  // Not a check: with MYRIAD_RENDER_REVIEW_DIR set, writes renders of the 10k sample's cables
  // (isometric, top with an ECMP path set) for a person to look at.
  const QByteArray dir = qgetenv("MYRIAD_RENDER_REVIEW_DIR");
  if (dir.isEmpty() || !tests::requireDisplay())
  {
    QSKIP("set MYRIAD_RENDER_REVIEW_DIR to write review renders");
  }
  vtkNew<vtkRenderWindow> window;
  vtkNew<vtkRenderer> renderer;
  window->SetOffScreenRendering(1);
  window->SetSize(1600, 1000);
  window->AddRenderer(renderer);
  scenes::HallScene hall(renderer);
  hall.build(m_tenK.scene, engine::Catalog::builtin());
  scenes::FabricView view(renderer);
  view.build(m_tenK.graph, m_tenK.cabling, m_tenK.scene, engine::Catalog::builtin());
  const auto& g = m_tenK.graph;
  view.highlightPaths(fab::ecmpPaths(g, findDevice(g, fab::DeviceKind::Nic, 0),
                                     findDevice(g, fab::DeviceKind::Nic, 0, 9000), 64));
  for (const auto& [preset, name] : { std::pair{ scenes::CameraPreset::Isometric, "iso" },
                                      std::pair{ scenes::CameraPreset::Top, "top" } })
  {
    hall.applyCameraPreset(preset);
    window->Render();
    vtkNew<vtkWindowToImageFilter> grab;
    grab->SetInput(window);
    vtkNew<vtkPNGWriter> writer;
    writer->SetInputConnection(grab->GetOutputPort());
    writer->SetFileName((dir.toStdString() + "/fabric-10k-" + name + ".png").c_str());
    writer->Write();
  }
}

QTEST_APPLESS_MAIN(TestFabricView)
#include "test_fabric_view.moc"
