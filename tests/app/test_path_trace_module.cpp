// The Path Trace module in a bare context with the Fabric module, on lab-256: GPU 0 → GPU 1 of
// the first node is traced hop by hop (NIC → leaf → spine → leaf → NIC) with every equal-cost
// path highlighted and a pulse on the flow's path; failing the spine of hop 2 re-routes the flow
// through another spine (one equal-cost path fewer) and Restore All brings the first path back; a
// NIC hop cannot be failed as a switch; an unknown id is refused with a message naming it.
#include "app_test_support.h"
#include "fabric_module.h"
#include "module_test_support.h"
#include "path_trace_module.h"
#include "path_trace_panel.h"

#include "myriad/engine/live/live_models.h"
#include "myriad/scenes/fabric_view.h"
#include "myriad/scenes/path_pulse.h"

#include <QDockWidget>
#include <QLabel>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>

namespace myriad::app
{

class TestPathTraceModule final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase() { test::useTestSettings(); }
  void tracesFailsAndRestores();
};

void TestPathTraceModule::tracesFailsAndRestores()
{
  test::BareContext bare;
  FabricModule& fabric = bare.add<FabricModule>();
  PathTraceModule& module = bare.add<PathTraceModule>();
  QCOMPARE(bare.ui.dock(QStringLiteral("pathtrace.dock")), module.dock());
  bare.window->resize(1200, 800);
  bare.window->show();
  QVERIFY(QTest::qWaitForWindowExposed(bare.window.get()));
  bare.open(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json"));
  module.dock()->show();

  const engine::Scene& scene = bare.context.document->scene();
  const QString node = QString::fromStdString(scene.site.halls[0].rows[0].racks[0].nodes[0].id);
  module.panel()->setEndpoints(node + QStringLiteral("-G0"), node + QStringLiteral("-G1"));
  QSignalSpy traced(&module, &PathTraceModule::traced);
  module.traceNow(); // before the fabric exists: runs when it arrives
  QVERIFY(traced.count() == 1 || traced.wait(120000));
  QVERIFY(module.trace());
  const engine::traffic::PathTrace first = *module.trace();
  auto* hops = module.panel()->findChild<QTableWidget*>(QStringLiteral("pathHops"));
  QCOMPARE(hops->rowCount(), 4);
  QCOMPARE(hops->item(0, 1)->text(), node + QStringLiteral("-NIC0"));
  QCOMPARE(hops->item(3, 3)->text(), node + QStringLiteral("-NIC1"));
  QCOMPARE(fabric.fabricView()->stats().highlightPaths, static_cast<int>(first.paths.size()));
  QVERIFY(module.pulse()->visible());
  // The pulse starts at the source NIC's end of the first cable.
  const auto start =
    fabric.fabricView()->cablePolyline(fabric.fabricView()->cableOfLink(first.hops.front().link));
  QVERIFY(!start.empty());
  const auto at = module.pulse()->point();
  const bool atA = std::abs(at[0] - start.front()[0]) + std::abs(at[1] - start.front()[1]) < 1e-9;
  const bool atB = std::abs(at[0] - start.back()[0]) + std::abs(at[1] - start.back()[1]) < 1e-9;
  QVERIFY(atA || atB);

  // Hop 2 arrives at a spine: fail it; the flow takes another spine, one path fewer.
  const int spine = first.hops.at(1).to;
  module.failHopSwitch(1);
  QCOMPARE(traced.count(), 2);
  const engine::traffic::PathTrace after = *module.trace();
  QVERIFY(after.rerouted);
  QCOMPARE(after.hops.size(), first.hops.size());
  QVERIFY(std::find(after.devices.begin(), after.devices.end(), spine) == after.devices.end());
  QCOMPARE(after.paths.size() + 1, first.paths.size());
  QVERIFY(module.panel()
            ->findChild<QLabel*>(QStringLiteral("pathSummary"))
            ->text()
            .contains(QStringLiteral("Re-routed")));
  QVERIFY(module.panel()
            ->findChild<QLabel*>(QStringLiteral("pathFailures"))
            ->text()
            .contains(QString::fromStdString(fabric.fabric()->graph.device(spine).id)));

  // The last hop arrives at a NIC: not a switch to fail; nothing changes.
  module.failHopSwitch(3);
  QCOMPARE(traced.count(), 2);

  module.restoreAll();
  QCOMPARE(traced.count(), 3);
  QVERIFY(!module.trace()->rerouted);
  QCOMPARE(module.trace()->devices, first.devices);

  // An id that is nowhere: refused, the message names it; the hop list empties.
  QSignalSpy failed(&module, &PathTraceModule::traceFailed);
  module.panel()->setEndpoints(QStringLiteral("no-such-gpu"), node + QStringLiteral("-G1"));
  module.traceNow();
  QCOMPARE(failed.count(), 1);
  QVERIFY(failed.first().first().toString().contains(QStringLiteral("no-such-gpu")));
  QCOMPARE(hops->rowCount(), 0);
  QVERIFY(!module.trace());
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestPathTraceModule)
#include "test_path_trace_module.moc"
