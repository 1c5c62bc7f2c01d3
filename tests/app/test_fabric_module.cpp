// The Fabric module without a main window: its panel alone shows the BOM of a given fabric, and
// the module in a bare context registers its dock by id and follows the shared selection (a
// selected GPU highlights its path up the fabric tiers).
#include "app_test_support.h"
#include "fabric_module.h"
#include "fabric_panel.h"
#include "module_test_support.h"

#include "myriad/scenes/fabric_view.h"

#include "edit_controller.h"
#include "live_scheduler.h"
#include "scene_document.h"

#include "myriad/engine/edit/edit.h"

#include <QDockWidget>
#include <QSortFilterProxyModel>
#include <QTest>

namespace myriad::app
{

class TestFabricModule final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase() { test::useTestSettings(); }
  void panelAloneShowsTheBomOfAFabric();
  void moduleHighlightsTheSelectedGpusPath();
  void aFailedFabricStageLeavesThePreviousFabricStale();
};

void TestFabricModule::panelAloneShowsTheBomOfAFabric()
{
  SceneDocument document(engine::Catalog::builtin());
  document.open(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json"));
  const auto fabric = engine::live::buildFabricSnapshot(document.scene(), document.catalog());
  QVERIFY(!fabric->bom.empty());

  FabricPanel panel;
  panel.showFabric(fabric, 1);
  QCOMPARE(panel.fabric(), fabric.get());
  // One table row per BOM line, each with the line's part and quantity.
  const QAbstractItemModel* bom = panel.bomProxy()->sourceModel();
  QCOMPARE(bom->rowCount(), static_cast<int>(fabric->bom.size()));
  for (int row = 0; row < bom->rowCount(); ++row)
  {
    const engine::fabric::BomLine& line = fabric->bom[static_cast<std::size_t>(row)];
    QCOMPARE(bom->index(row, FabricPanel::BomPart).data().toString(),
             QString::fromStdString(line.part));
    QCOMPARE(bom->index(row, FabricPanel::BomQuantity).data(FabricPanel::SortRole).toInt(),
             line.quantity);
  }
  panel.clearFabric(QStringLiteral("gone"));
  QCOMPARE(panel.bomProxy()->rowCount(), 0);
}

void TestFabricModule::moduleHighlightsTheSelectedGpusPath()
{
  test::BareContext bare;
  FabricModule& fabric = bare.add<FabricModule>();
  QCOMPARE(bare.ui.dock(QStringLiteral("fabric.dock")), fabric.dock());
  QCOMPARE(fabric.dock()->objectName(), QStringLiteral("fabricDock")); // saved layouts
  bare.open(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json"));
  QVERIFY(!fabric.fabric()); // shown when the dock is shown or asked for
  // The live fabric stage computes it on a worker; the module shows that snapshot.
  QTRY_VERIFY_WITH_TIMEOUT(fabric.ensureFabric(), 60000);
  QCOMPARE(fabric.fabric(), bare.context.live->results().fabric);
  QVERIFY(fabric.fabricView()->stats().bundles > 0);

  // The first GPU of the first server in the hall: its path goes up from its NIC.
  const engine::Scene& scene = bare.context.document->scene();
  engine::ObjectRef gpu;
  const auto& rows = scene.site.halls.at(0).rows;
  for (int r = 0; r < static_cast<int>(rows.size()) && !gpu.valid(); ++r)
    for (int k = 0; k < static_cast<int>(rows[r].racks.size()) && !gpu.valid(); ++k)
      if (!rows[r].racks[k].nodes.empty() && !rows[r].racks[k].nodes[0].gpus.empty())
        gpu = engine::ObjectRef{ engine::ObjectKind::Gpu, 0, r, k, 0, 0 };
  QVERIFY(gpu.valid());
  bare.context.selection->select(gpu);
  QCOMPARE(fabric.fabricView()->stats().highlightPaths, 1);
  QVERIFY2(fabric.panel()->pathInfo().startsWith(QStringLiteral("Path up the fabric")),
           qPrintable(fabric.panel()->pathInfo()));
  bare.context.selection->select({});
  QCOMPARE(fabric.fabricView()->stats().highlightPaths, 0);
}

void TestFabricModule::aFailedFabricStageLeavesThePreviousFabricStale()
{
  // Deleting both network racks of lab-256 leaves the SuperPOD fabric without leaf switches:
  // the live fabric stage fails ("Leaf …"). The dock keeps the previous fabric on screen,
  // marked stale, and says why (issue: a module that fails shows the error and the previous
  // result).
  test::BareContext bare;
  FabricModule& fabric = bare.add<FabricModule>();
  bare.open(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json"));
  LiveScheduler* live = bare.context.live;
  QTRY_VERIFY_WITH_TIMEOUT(fabric.ensureFabric(), 60000);
  const auto before = fabric.fabric();
  QVERIFY(before);
  QVERIFY(!fabric.panel()->isStale());

  connect(bare.context.editController, &EditController::sceneChanged, live,
          [live, &bare](const engine::edit::ChangeSet& changes)
          { live->submitChanges(bare.context.document->scene(), changes); });
  QVERIFY(bare.context.editController->tryApply(
    engine::edit::DeleteObjects{ { "H1-R01-K05", "H1-R02-K01" } }));
  using engine::live::Stage;
  QTRY_VERIFY_WITH_TIMEOUT(live->stageCurrent(Stage::Fabric), 60000);
  QVERIFY(live->results().status(Stage::Fabric).failed);
  QVERIFY(fabric.ensureFabric());
  QCOMPARE(fabric.fabric(), before); // the previous snapshot, still shown
  QVERIFY(fabric.panel()->isStale());
  const QString summary = fabric.panel()->summaryText();
  QVERIFY2(summary.startsWith(QStringLiteral("Failed: ")) &&
             summary.contains(QStringLiteral("Leaf")) &&
             summary.contains(QStringLiteral("previous fabric")),
           qPrintable(summary));
  QVERIFY(fabric.panel()->bomProxy()->rowCount() > 0);
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestFabricModule)
#include "test_fabric_module.moc"
