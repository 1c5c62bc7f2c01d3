// CollectiveAnimation on lab-256: the chunks drawn at time t sit on exactly the cable directions
// that carry a flow at t in the simulation (linksBusyAt), on those cables' routes, and picking a
// chunk on screen finds a chunk on such a cable; a constant-rate flow's chunk is halfway at half
// its transfer time; the animation ends at the simulated completion time of the collective
// (collectives.h ringAllReduce, run separately), where nothing moves; rack arrows (level of
// detail) and hierarchical NVLink phases draw what their timelines say.

#include "scene_fixtures.h"

#include "myriad/engine/fabric/cabling.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/traffic/collectives.h"
#include "myriad/engine/traffic/hierarchical.h"
#include "myriad/scenes/collective_animation.h"
#include "myriad/scenes/fabric_view.h"

#include <vtkNew.h>
#include <vtkRenderWindow.h>
#include <vtkRenderer.h>

#include <cmath>
#include <set>

using namespace myriad;
namespace fab = engine::fabric;
namespace tr = engine::traffic;
using Point = std::array<double, 3>;

namespace
{

/** Distance from p to the polyline. */
double distanceToPolyline(const Point& p, const std::vector<Point>& line)
{
  double best = 1e300;
  for (std::size_t i = 1; i < line.size(); ++i)
  {
    const Point& a = line[i - 1];
    const Point& b = line[i];
    double ab2 = 0, dot = 0;
    for (int k = 0; k < 3; ++k)
    {
      ab2 += (b[k] - a[k]) * (b[k] - a[k]);
      dot += (p[k] - a[k]) * (b[k] - a[k]);
    }
    const double w = ab2 > 0 ? std::clamp(dot / ab2, 0.0, 1.0) : 0.0;
    double d2 = 0;
    for (int k = 0; k < 3; ++k)
    {
      const double q = a[k] + w * (b[k] - a[k]) - p[k];
      d2 += q * q;
    }
    best = std::min(best, std::sqrt(d2));
  }
  return best;
}

std::vector<int> chunkDirections(const scenes::CollectiveAnimation& animation)
{
  std::set<int> set;
  for (const scenes::AnimationChunk& c : animation.chunks())
  {
    set.insert(c.direction);
  }
  return { set.begin(), set.end() };
}

/** Times inside phases: a quarter and three quarters into every `stride`-th phase. */
std::vector<double> sampleTimes(const tr::CollectiveTimeline& tl, int stride)
{
  std::vector<double> out;
  for (std::size_t p = 0; p < tl.phases.size(); p += stride)
  {
    const double len = tl.phases[p].endS - tl.phases[p].startS;
    out.push_back(tl.phases[p].startS + 0.25 * len);
    out.push_back(tl.phases[p].startS + 0.75 * len);
  }
  return out;
}

} // namespace

class TestCollectiveAnimation final : public QObject
{
  Q_OBJECT

private slots:
  void initTestCase();
  void chunksSitOnTheBusyCables();
  void pickingFindsChunksOnBusyCables();
  void chunkProgressFollowsTheRate();
  void endsAtTheSimulatedCompletion();
  void rackArrowsAndNvlinkPhases();

private:
  engine::Scene m_scene;
  fab::FabricGraph m_graph;
  fab::CablingResult m_cabling;
  std::vector<int> m_members;
  static constexpr double kBytes = 256e6;
};

void TestCollectiveAnimation::initTestCase()
{
  if (!tests::requireDisplay())
  {
    QSKIP("no X display (run under xvfb-run or tests/run-gl.sh)");
  }
  m_scene = tests::loadSample("lab-256");
  m_graph = fab::buildSuperPod(m_scene, engine::Catalog::builtin());
  m_cabling = fab::routeCables(m_graph, m_scene, engine::Catalog::builtin());
  for (int d = 0; d < static_cast<int>(m_graph.devices().size()) && m_members.size() < 64; ++d)
  {
    if (m_graph.device(d).kind == fab::DeviceKind::Nic && m_graph.device(d).rail >= 0)
    {
      m_members.push_back(d);
    }
  }
  QCOMPARE(m_members.size(), std::size_t{ 64 });
}

void TestCollectiveAnimation::chunksSitOnTheBusyCables()
{
  vtkNew<vtkRenderer> renderer;
  scenes::FabricView view(renderer);
  view.build(m_graph, m_cabling, m_scene, engine::Catalog::builtin());
  const tr::CollectiveTimeline tl = tr::ringAllReduceTimeline(m_graph, m_members, kBytes);
  scenes::CollectiveAnimation animation(renderer);
  animation.setTimeline(tl, m_graph, view);
  int checkedChunks = 0;
  for (const double t : sampleTimes(tl, 7))
  {
    animation.setTime(t);
    const std::vector<int> busy = tr::linksBusyAt(tl, t);
    QVERIFY(!busy.empty());
    QCOMPARE(chunkDirections(animation), busy);
    QCOMPARE(animation.busyDirections(), busy);
    for (const scenes::AnimationChunk& c : animation.chunks())
    {
      // On its own cable's route (or the straight line of an uncabled link).
      const int cable = view.cableOfLink(c.direction / 2);
      std::vector<Point> route = view.cablePolyline(cable);
      if (route.empty())
      {
        const fab::Link& l = m_graph.links()[c.direction / 2];
        route = { view.devicePoint(l.a.device), view.devicePoint(l.b.device) };
      }
      QVERIFY2(distanceToPolyline(c.point, route) < 1e-9, qPrintable(QString::number(t)));
      ++checkedChunks;
    }
  }
  QVERIFY(checkedChunks > 100);
}

void TestCollectiveAnimation::pickingFindsChunksOnBusyCables()
{
  vtkNew<vtkRenderWindow> window;
  vtkNew<vtkRenderer> renderer;
  window->SetOffScreenRendering(1);
  window->SetSize(1000, 700);
  window->AddRenderer(renderer);
  scenes::HallScene hall(renderer);
  hall.build(m_scene, engine::Catalog::builtin());
  hall.applyCameraPreset(scenes::CameraPreset::Top);
  scenes::FabricView view(renderer);
  view.build(m_graph, m_cabling, m_scene, engine::Catalog::builtin());
  view.setCablesVisible(false);
  const tr::CollectiveTimeline tl = tr::ringAllReduceTimeline(m_graph, m_members, kBytes);
  scenes::CollectiveAnimation animation(renderer);
  animation.setTimeline(tl, m_graph, view);
  const tr::TimelinePhase& phase = tl.phases.at(3);
  const double t = phase.startS + 0.4 * (phase.endS - phase.startS);
  animation.setTime(t);
  window->Render();
  const std::vector<int> busy = tr::linksBusyAt(tl, t);
  int picked = 0;
  for (std::size_t i = 0; i < animation.chunks().size(); i += 5)
  {
    const Point& p = animation.chunks()[i].point;
    renderer->SetWorldPoint(p[0], p[1], p[2], 1.0);
    renderer->WorldToDisplay();
    const double* d = renderer->GetDisplayPoint();
    const auto hit =
      animation.pickChunk(static_cast<int>(std::lround(d[0])), static_cast<int>(std::lround(d[1])));
    QVERIFY2(hit.has_value(), qPrintable(QStringLiteral("chunk %1 not picked").arg(i)));
    // Chunks may overlap on screen: whichever is picked must sit on a busy cable direction.
    const int direction = animation.chunks().at(static_cast<std::size_t>(*hit)).direction;
    QVERIFY(std::binary_search(busy.begin(), busy.end(), direction));
    ++picked;
  }
  QVERIFY(picked > 10);
  // A corner of the window holds no chunk.
  QVERIFY(!animation.pickChunk(2, 2).has_value());
}

void TestCollectiveAnimation::chunkProgressFollowsTheRate()
{
  // Every flow of a ring step sends the same bytes from the step's start at one constant rate
  // (collective_timeline.h), so its chunk moves linearly: halfway along at half its finish time,
  // at the far end when it finishes.
  vtkNew<vtkRenderer> renderer;
  scenes::FabricView view(renderer);
  view.build(m_graph, m_cabling, m_scene, engine::Catalog::builtin());
  const tr::CollectiveTimeline tl = tr::ringAllReduceTimeline(m_graph, m_members, kBytes);
  scenes::CollectiveAnimation animation(renderer);
  animation.setTimeline(tl, m_graph, view);
  const tr::TimelinePhase& phase = tl.phases.at(5);
  const tr::TimelinePattern& pattern = tl.patterns.at(phase.pattern);
  const tr::TimelineFlow& f = tl.flows.at(pattern.firstFlow);
  QCOMPARE(f.segmentCount, std::size_t{ 1 });
  animation.setTime(phase.startS + 0.5 * f.finishS);
  bool found = false;
  for (const scenes::AnimationChunk& c : animation.chunks())
  {
    if (c.flow == static_cast<int>(pattern.firstFlow))
    {
      QVERIFY2(std::abs(c.fraction - 0.5) < 1e-9, qPrintable(QString::number(c.fraction)));
      found = true;
    }
  }
  QVERIFY(found);
}

void TestCollectiveAnimation::endsAtTheSimulatedCompletion()
{
  vtkNew<vtkRenderer> renderer;
  scenes::FabricView view(renderer);
  view.build(m_graph, m_cabling, m_scene, engine::Catalog::builtin());
  const tr::CollectiveTimeline tl = tr::ringAllReduceTimeline(m_graph, m_members, kBytes);
  const tr::CollectiveResult run = tr::ringAllReduce(m_graph, m_members, kBytes);
  QVERIFY(std::abs(tl.endS - run.timeS) <= 1e-12 * run.timeS);
  // 2(n − 1) lockstep phases: reduce-scatter, then all-gather.
  QCOMPARE(tl.phases.size(), std::size_t{ 2 * (64 - 1) });
  scenes::CollectiveAnimation animation(renderer);
  animation.setTimeline(tl, m_graph, view);
  animation.setTime(std::nextafter(tl.endS, 0.0));
  QVERIFY(animation.stats().chunks > 0); // the last phase still moves just before the end
  animation.setTime(tl.endS);
  QCOMPARE(animation.stats().phase, -1);
  QCOMPARE(animation.stats().chunks, 0);
  QVERIFY(animation.busyDirections().empty());
}

void TestCollectiveAnimation::rackArrowsAndNvlinkPhases()
{
  vtkNew<vtkRenderer> renderer;
  scenes::FabricView view(renderer);
  view.build(m_graph, m_cabling, m_scene, engine::Catalog::builtin());
  const tr::CollectiveTimeline flows = tr::ringAllReduceTimeline(m_graph, m_members, kBytes);
  const tr::CollectiveTimeline racks =
    tr::aggregateTimeline(flows, m_graph, tr::TimelineLevel::Rack);
  QVERIFY(racks.flows.size() < flows.flows.size());
  scenes::CollectiveAnimation animation(renderer);
  animation.setTimeline(racks, m_graph, view);
  // Rack arrows: the busy cables are still exactly the simulation's; each arrow carrying data
  // has one chunk on the arc between its two racks' positions, at its sent fraction (the arc's
  // ends are the racks' member devices, FabricView::devicePoint).
  int arrowsSeen = 0;
  for (const double t : sampleTimes(racks, 11))
  {
    animation.setTime(t);
    QCOMPARE(animation.busyDirections(), tr::linksBusyAt(racks, t));
    int carrying = 0;
    for (const tr::ActiveFlow& a : tr::flowsActiveAt(racks, t))
    {
      carrying += a.rateBps > 0 && !racks.flows[a.flow].nvlink ? 1 : 0;
    }
    QCOMPARE(static_cast<int>(animation.chunks().size()), carrying);
    for (const scenes::AnimationChunk& c : animation.chunks())
    {
      QCOMPARE(c.direction, -1);
      const tr::TimelineFlow& f = racks.flows[static_cast<std::size_t>(c.flow)];
      const Point a = view.devicePoint(racks.groupDevice[static_cast<std::size_t>(f.src)]);
      const Point b = view.devicePoint(racks.groupDevice[static_cast<std::size_t>(f.dst)]);
      if (c.fraction <= 1e-12 && f.src != f.dst)
      {
        QVERIFY(std::hypot(c.point[0] - a[0], c.point[1] - a[1], c.point[2] - a[2]) < 1e-9);
      }
      // Above the straight line between the racks, never below it (the arc rises).
      const double lineZ = a[2] + c.fraction * (b[2] - a[2]);
      QVERIFY(c.point[2] >= lineZ - 1e-9);
      ++arrowsSeen;
    }
  }
  QVERIFY(arrowsSeen > 0);

  // Hierarchical all-reduce of 8 nodes: intra-node phases move over NVLink (no cable: nothing
  // drawn, counted), inter-node phases over the rails.
  tr::GpuNetwork net(m_graph, 450e9);
  std::vector<std::vector<int>> groups(1);
  for (int gpu = 0; gpu < 64; ++gpu)
  {
    groups.front().push_back(gpu);
  }
  const tr::CollectiveTimeline hier = tr::hierarchicalAllReduceTimeline(net, groups, kBytes);
  animation.setTimeline(hier, m_graph, view);
  int intra = 0, inter = 0;
  for (const tr::TimelinePhase& p : hier.phases)
  {
    animation.setTime(0.5 * (p.startS + p.endS));
    if (p.scope == tr::PhaseScope::IntraNode)
    {
      QVERIFY(animation.stats().nvlinkFlows > 0);
      QCOMPARE(animation.stats().chunks, 0);
      ++intra;
    }
    else
    {
      QVERIFY(animation.stats().chunks > 0);
      QCOMPARE(chunkDirections(animation), tr::linksBusyAt(hier, 0.5 * (p.startS + p.endS)));
      ++inter;
    }
  }
  QVERIFY(intra > 0 && inter > 0);
}

QTEST_MAIN(TestCollectiveAnimation)
#include "test_collective_animation.moc"
