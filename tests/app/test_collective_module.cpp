// The Collective Animation module in a bare context with the Fabric module, on lab-256: a ring
// all-reduce asked for before the fabric exists runs when it arrives; the 3D view shows at time
// t chunks on exactly the cable directions the simulation says are busy; phase steps land in
// the middle of phases; playing runs to the simulated completion time (collectives.h
// ringAllReduce, run separately on the members rail by rail) and stops there; node-by-node order
// runs the same GPUs in fabric order and says so; a size of 0 is refused with a message naming
// the field; another document drops the animation.
#include "app_test_support.h"
#include "collective_module.h"
#include "collective_panel.h"
#include "fabric_module.h"
#include "module_test_support.h"

#include "myriad/engine/live/live_models.h"
#include "myriad/engine/traffic/collectives.h"
#include "myriad/scenes/collective_animation.h"

#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>

#include <algorithm>
#include <set>

namespace myriad::app
{

namespace tr = engine::traffic;

namespace
{

/** The first `n` NICs on a rail, fabric order (node by node). */
std::vector<int> firstComputeNics(const engine::fabric::FabricGraph& graph, std::size_t n)
{
  std::vector<int> nics;
  for (int d = 0; d < static_cast<int>(graph.devices().size()) && nics.size() < n; ++d)
  {
    if (graph.device(d).kind == engine::fabric::DeviceKind::Nic && graph.device(d).rail >= 0)
    {
      nics.push_back(d);
    }
  }
  return nics;
}

} // namespace

class TestCollectiveModule final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase() { test::useTestSettings(); }
  void playsTheRingFromTheSimulation();
};

void TestCollectiveModule::playsTheRingFromTheSimulation()
{
  test::BareContext bare;
  FabricModule& fabric = bare.add<FabricModule>();
  CollectiveModule& module = bare.add<CollectiveModule>();
  QCOMPARE(bare.ui.dock(QStringLiteral("collectives.dock")), module.dock());
  bare.window->resize(1200, 800);
  bare.window->show();
  QVERIFY(QTest::qWaitForWindowExposed(bare.window.get()));
  bare.open(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json"));

  // Asked at once: it waits for the fabric, then runs.
  CollectiveRequest request;
  request.kind = CollectiveKind::RingAllReduce;
  request.gpus = 64;
  request.bytes = 128e6;
  QSignalSpy ready(&module, &CollectiveModule::collectiveReady);
  module.simulate(request);
  QVERIFY(ready.count() == 1 || ready.wait(120000));
  const ComputedCollective* computed = module.computed();
  QVERIFY(computed);
  QCOMPARE(computed->gpus, 64);
  const tr::CollectiveTimeline& tl = computed->timeline;
  QCOMPARE(tl.level, tr::TimelineLevel::Flow); // 64 flows: below the automatic limit
  // The panel shows what ran and offers every GPU of the fabric (lab-256: 32 nodes × 8).
  auto* gpus = module.panel()->findChild<QSpinBox*>(QStringLiteral("collectiveGpus"));
  QCOMPARE(gpus->value(), 64);
  QCOMPARE(gpus->maximum(), 256);
  const auto* summary = module.panel()->findChild<QLabel*>(QStringLiteral("collectiveSummary"));
  QVERIFY(summary->text().contains(QStringLiteral("126"))); // 2(n − 1) phases
  QVERIFY2(summary->text().contains(QStringLiteral("8 nodes × 8 rails, rail by rail")),
           qPrintable(summary->text()));

  // Time t in phase 10: the chunks' cable directions are the simulation's busy ones.
  module.stepPhase(+1);
  const double firstMid = 0.5 * (tl.phases[0].startS + tl.phases[0].endS);
  QCOMPARE(module.time(), firstMid);
  const double t = tl.phases[10].startS + 0.3 * (tl.phases[10].endS - tl.phases[10].startS);
  module.seek(t);
  std::set<int> drawn;
  for (const scenes::AnimationChunk& c : module.animation()->chunks())
  {
    drawn.insert(c.direction);
  }
  const std::vector<int> busy = tr::linksBusyAt(tl, t);
  QCOMPARE(std::vector<int>(drawn.begin(), drawn.end()), busy);
  QVERIFY(module.panel()
            ->findChild<QLabel*>(QStringLiteral("collectivePhase"))
            ->text()
            .contains(QStringLiteral("11")));

  // Played (the whole collective in 10 s of wall time) it ends at the simulated completion.
  auto* speed = module.panel()->findChild<QComboBox*>(QStringLiteral("collectiveSpeed"));
  speed->setCurrentIndex(3);
  QCOMPARE(module.panel()->speed().wholeSeconds, 10.0);
  QSignalSpy finished(&module, &CollectiveModule::playbackFinished);
  module.play();
  QVERIFY(module.playing());
  QVERIFY(finished.wait(60000));
  QVERIFY(!module.playing());
  // Default ring order, rail by rail: the NICs of the first 8 nodes (fabric order is node by
  // node), sorted by rail; the same members `myriad-cli traffic --ring-allreduce-gpus 64` takes.
  const engine::fabric::FabricGraph& graph = fabric.fabric()->graph;
  const std::vector<int> nodeOrder = firstComputeNics(graph, 64);
  std::vector<int> railOrder = nodeOrder;
  std::stable_sort(railOrder.begin(), railOrder.end(),
                   [&](int a, int b) { return graph.device(a).rail < graph.device(b).rail; });
  const tr::CollectiveResult run = tr::ringAllReduce(graph, railOrder, 128e6);
  QCOMPARE(module.time(), tl.endS);
  QVERIFY(std::abs(module.time() - run.timeS) <= 1e-12 * run.timeS);
  QCOMPARE(module.animation()->stats().chunks, 0);

  // Node by node: the same GPUs in fabric order; the summary says which order ran.
  request.order = tr::MemberOrder::Node;
  module.simulate(request);
  QCOMPARE(ready.count(), 2);
  const tr::CollectiveResult nodeRun = tr::ringAllReduce(graph, nodeOrder, 128e6);
  QVERIFY(std::abs(module.computed()->timeline.endS - nodeRun.timeS) <= 1e-12 * nodeRun.timeS);
  QVERIFY(nodeRun.timeS > run.timeS);
  QVERIFY(summary->text().contains(QStringLiteral("node by node")));
  QCOMPARE(module.panel()->findChild<QComboBox*>(QStringLiteral("collectiveOrder"))->currentData(),
           QVariant(static_cast<int>(tr::MemberOrder::Node)));

  // A size of 0 bytes is refused with a message naming the field; nothing is shown.
  test::ErrorRecorder errors;
  QSignalSpy failed(&module, &CollectiveModule::simulateFailed);
  request.bytes = 0;
  module.simulate(request);
  QCOMPARE(failed.count(), 1);
  QVERIFY2(errors.messages.value(0).contains(QStringLiteral("size per GPU")),
           qPrintable(errors.messages.join(QLatin1Char('|'))));
  QVERIFY(!module.computed());

  // Another document: the animation is dropped.
  bare.open(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json"));
  QVERIFY(!module.computed());
  QCOMPARE(module.animation()->stats().chunks, 0);
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestCollectiveModule)
#include "test_collective_module.moc"
