// The Fabric dock on the 10,240-GPU sample: one BOM row per BOM line and one cut-sheet row per
// cable, numeric sorting, the text filter, CSV export identical to the engine's CSV, and the
// linkage with the 3D view (cut-sheet row → cable highlight, rack → cut-sheet filter, GPU →
// path up the tiers, two GPUs → ECMP path set with hops and latency).
#include "app_test_support.h"
#include "edit_controller.h"
#include "fabric_panel.h"
#include "live_scheduler.h"
#include "main_window.h"
#include "main_window_test_support.h"
#include "scene_document.h"
#include "vtk_view_widget.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/fabric/paths.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/scene_io.h"
#include "myriad/scenes/fabric_view.h"

#include <vtkCamera.h>
#include <vtkRenderer.h>

#include <QCheckBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <memory>
#include <set>

using myriad::engine::ObjectKind;
using myriad::engine::ObjectRef;
namespace fab = myriad::engine::fabric;

namespace myriad::app
{

class TestFabricPanel final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase();
  void cleanupTestCase();
  void rowsAreBomLinesAndCables();
  void sortsNumerically();
  void filterMatchesAnyColumn();
  void traysTabListsSegmentsFullestFirst();
  void csvExportEqualsEngineCsv();
  void exportToMissingFolderReportsError();
  void cutSheetRowHighlightsCable();
  void rackSelectionFiltersCutSheet();
  void gpuSelectionHighlightsPathUp();
  void twoGpusHighlightEcmpSet();
  void ctrlClickSecondGpuInViewShowsPaths();
  void tierToggleAndShowCables();
  void replacedSceneRecomputes();
  void editRecomputesAfterAPause();
  void dockShowsTheLiveStagesBom();
  void anEditBuildsTheFabricOnce();

private:
  FabricPanel* panel() const { return test::fabricModule(*m_window).panel(); }
  const FabricData& data() const { return *panel()->fabric(); }
  /** GPU `gpu` of the first node of the n-th compute rack with nodes. */
  ObjectRef gpuRef(int nthRack, int gpu) const;
  /** Click (GPU detail, top view zoomed on it) GPU `gpu` of the top node of the n-th rack. */
  ObjectRef clickTopGpu(int nthRack, int gpu, Qt::KeyboardModifiers modifiers);

  std::unique_ptr<test::ErrorRecorder> m_errors;
  std::unique_ptr<MainWindow> m_window;
};

void TestFabricPanel::initTestCase()
{
  test::useTestSettings();
  m_errors = std::make_unique<test::ErrorRecorder>();
  m_window = std::make_unique<MainWindow>();
  m_window->resize(1280, 800);
  m_window->openDefaultScene();
  m_window->show();
  QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
  auto* dock = m_window->ui().dock(QStringLiteral("fabric.dock"));
  QVERIFY(dock);
  QVERIFY(panel()->fabric() == nullptr); // lazy: nothing computed while the dock is hidden
  dock->show();
  QVERIFY(QTest::qWaitFor([&] { return panel()->fabric() != nullptr; }, 10000));
  QVERIFY2(m_errors->messages.isEmpty(), qPrintable(m_errors->messages.join('\n')));
}

void TestFabricPanel::cleanupTestCase()
{
  m_window.reset();
  m_errors.reset();
}

ObjectRef TestFabricPanel::gpuRef(int nthRack, int gpu) const
{
  const engine::Hall& hall = m_window->document()->scene().site.halls.at(0);
  for (int r = 0; r < static_cast<int>(hall.rows.size()); ++r)
  {
    for (int k = 0; k < static_cast<int>(hall.rows[r].racks.size()); ++k)
    {
      if (!hall.rows[r].racks[k].nodes.empty() && nthRack-- == 0)
      {
        return ObjectRef{ ObjectKind::Gpu, 0, r, k, 0, gpu };
      }
    }
  }
  return {};
}

void TestFabricPanel::rowsAreBomLinesAndCables()
{
  // The 10k sample: 30,720 cables (3 tiers × 10,240 links), BOM lines as billOfMaterials says.
  QCOMPARE(panel()->bomProxy()->rowCount(), static_cast<int>(data().bom.size()));
  QCOMPARE(panel()->cutSheetProxy()->rowCount(), 30720);
  QCOMPARE(panel()->cutSheetProxy()->rowCount(), static_cast<int>(data().cabling.cables.size()));
  QVERIFY(panel()->summaryText().contains(QStringLiteral("30,720 cables")));
}

void TestFabricPanel::sortsNumerically()
{
  // Quantity descending: the first row is the largest quantity (numbers, not text: "9,920"
  // would sort above "28,873" as text).
  QSortFilterProxyModel* bom = panel()->bomProxy();
  panel()->bomView()->sortByColumn(FabricPanel::BomQuantity, Qt::DescendingOrder);
  int most = 0;
  for (const fab::BomLine& line : data().bom)
  {
    most = std::max(most, line.quantity);
  }
  QCOMPARE(bom->index(0, FabricPanel::BomQuantity).data(FabricPanel::SortRole).toInt(), most);
  QSortFilterProxyModel* cut = panel()->cutSheetProxy();
  panel()->cutSheetView()->sortByColumn(FabricPanel::CutLength, Qt::DescendingOrder);
  double longest = 0;
  for (const fab::Cable& c : data().cabling.cables)
  {
    longest = std::max(longest, c.lengthM);
  }
  QCOMPARE(cut->index(0, FabricPanel::CutLength).data(FabricPanel::SortRole).toDouble(), longest);
  const double second =
    cut->index(1, FabricPanel::CutLength).data(FabricPanel::SortRole).toDouble();
  QVERIFY(second <= longest);
  panel()->cutSheetView()->sortByColumn(FabricPanel::CutCable, Qt::AscendingOrder);
}

void TestFabricPanel::filterMatchesAnyColumn()
{
  // "singlemode-dr" appears only in the medium column: the rows left are the DR cables.
  panel()->filterEdit()->setText(QStringLiteral("SINGLEMODE-DR"));
  QCOMPARE(panel()->cutSheetProxy()->rowCount(),
           data().cabling.cablesByMedium.at("singlemode-dr-400g"));
  int bomLines = 0;
  for (const fab::BomLine& line : data().bom)
  {
    const std::string all = line.category + line.part + line.detail;
    bomLines += all.find("singlemode-dr") != std::string::npos ? 1 : 0;
  }
  QCOMPARE(panel()->bomProxy()->rowCount(), bomLines);
  panel()->filterEdit()->clear();
  QCOMPARE(panel()->cutSheetProxy()->rowCount(), 30720);
}

void TestFabricPanel::traysTabListsSegmentsFullestFirst()
{
  // One row per tray segment, sorted by fill descending: the top row is the fullest segment,
  // and the 10k sample's trays are all sized to ≤ 50 % (so the summary lists none over 50 %).
  QSortFilterProxyModel* trays = panel()->trayProxy();
  QCOMPARE(trays->rowCount(), static_cast<int>(data().cabling.trays.size()));
  double fullest = 0;
  for (const fab::TraySegment& t : data().cabling.trays)
  {
    fullest = std::max(fullest, t.fill);
  }
  QCOMPARE(trays->index(0, FabricPanel::TrayFill).data(FabricPanel::SortRole).toDouble(), fullest);
  QVERIFY(fullest <= 0.5);
  QVERIFY(!panel()->summaryText().contains(QStringLiteral("over 50")));
  const int top = trays->index(0, FabricPanel::TrayIndex).data(FabricPanel::SortRole).toInt();
  const fab::TraySegment& t = data().cabling.trays.at(top);
  QCOMPARE(
    trays->index(0, FabricPanel::TraySize).data().toString(),
    QStringLiteral("%1 × %2 mm").arg(t.widthM * 1000, 0, 'f', 0).arg(t.depthM * 1000, 0, 'f', 0));
  // The filter applies here too: "cross-aisle" leaves only those segments.
  int crossAisle = 0;
  for (const fab::TraySegment& s : data().cabling.trays)
  {
    crossAisle += s.kind == "cross-aisle" ? 1 : 0;
  }
  panel()->filterEdit()->setText(QStringLiteral("cross-aisle"));
  QCOMPARE(trays->rowCount(), crossAisle);
  panel()->filterEdit()->clear();
  // Making the fullest segment's row current narrows the cut sheet to the cables routed
  // through it: as many as the segment counts (the sample has no unreachable cable), each on a
  // route that lists the segment. "All racks" brings every cable back.
  QCOMPARE(data().cabling.unreachable, 0);
  panel()->trayView()->setCurrentIndex(trays->index(0, 0));
  QCOMPARE(panel()->trayFilter(), top);
  QSortFilterProxyModel* cut = panel()->cutSheetProxy();
  QCOMPARE(cut->rowCount(), t.cables);
  const int cable = cut->index(0, FabricPanel::CutCable).data(FabricPanel::SortRole).toInt();
  const auto& route = data().cabling.routes.at(data().cabling.cables.at(cable).route).segments;
  QVERIFY(std::find(route.begin(), route.end(), top) != route.end());
  panel()->setRackFilter({});
  QCOMPARE(panel()->trayFilter(), -1);
  QCOMPARE(cut->rowCount(), 30720);
}

void TestFabricPanel::csvExportEqualsEngineCsv()
{
  QTemporaryDir dir;
  const QString bom = dir.filePath(QStringLiteral("bom.csv"));
  const QString cut = dir.filePath(QStringLiteral("cables.csv"));
  QVERIFY(panel()->exportBomCsv(bom));
  QVERIFY(panel()->exportCutSheetCsv(cut));
  QCOMPARE(engine::readFile(bom.toStdString()), fab::bomCsv(data().bom));
  QCOMPARE(engine::readFile(cut.toStdString()),
           fab::cutSheetCsv(data().graph, data().cabling, m_window->document()->scene()));
  QVERIFY(m_errors->messages.isEmpty());
}

void TestFabricPanel::exportToMissingFolderReportsError()
{
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("no/such/folder/bom.csv"));
  QVERIFY(!panel()->exportBomCsv(path));
  QCOMPARE(m_errors->messages.size(), 1);
  QVERIFY2(m_errors->messages.first().contains(QStringLiteral("no/such/folder")),
           qPrintable(m_errors->messages.first()));
  m_errors->messages.clear();
  m_errors->titles.clear();
}

void TestFabricPanel::cutSheetRowHighlightsCable()
{
  QSignalSpy selected(panel(), &FabricPanel::cableSelected);
  QVERIFY(panel()->selectCable(1234));
  QCOMPARE(selected.count(), 1);
  QCOMPARE(selected.first().first().toInt(), 1234);
  const scenes::FabricViewStats s = test::fabricModule(*m_window).fabricView()->stats();
  QCOMPARE(s.highlightPaths, 1);
  QCOMPARE(s.highlightAnchors, 2); // the cable's two ends
  QCOMPARE(static_cast<std::size_t>(s.highlightPoints),
           test::fabricModule(*m_window).fabricView()->cablePolyline(1234).size());
}

void TestFabricPanel::rackSelectionFiltersCutSheet()
{
  // A leaf rack: its cables are those with an end on a device in it.
  const fab::FabricGraph& g = data().graph;
  const int leaf = g.links().front().b.device;
  const fab::Location loc = g.device(leaf).location;
  const ObjectRef rack{ ObjectKind::Rack, loc.hall, loc.row, loc.rack };
  m_window->selectObject(rack);
  const QString rackId = QString::fromStdString(
    m_window->document()->scene().site.halls[loc.hall].rows[loc.row].racks[loc.rack].id);
  QCOMPARE(panel()->rackFilter(), rackId);
  int expected = 0;
  for (const fab::Cable& c : data().cabling.cables)
  {
    const fab::Link& l = g.links()[c.link];
    const auto in = [&](int d)
    {
      const fab::Location& x = g.device(d).location;
      return x.hall == loc.hall && x.row == loc.row && x.rack == loc.rack;
    };
    expected += in(l.a.device) || in(l.b.device) ? 1 : 0;
  }
  QVERIFY(expected > 0);
  QCOMPARE(panel()->cutSheetProxy()->rowCount(), expected);
  m_window->selectObject({});
  QCOMPARE(panel()->rackFilter(), QString());
  QCOMPARE(panel()->cutSheetProxy()->rowCount(), 30720);
}

void TestFabricPanel::gpuSelectionHighlightsPathUp()
{
  // A three-tier SuperPOD: NIC → leaf → spine → core, 3 hops, 4 devices marked.
  const ObjectRef gpu = gpuRef(0, 3);
  m_window->selectObject(gpu);
  QCOMPARE(m_window->selection(), gpu);
  const scenes::FabricViewStats s = test::fabricModule(*m_window).fabricView()->stats();
  QCOMPARE(s.highlightPaths, 1);
  QCOMPARE(s.highlightAnchors, 4);
  QVERIFY2(panel()->pathInfo().contains(QStringLiteral("3 hops")), qPrintable(panel()->pathInfo()));
  // GPU 3 uses NIC 3 (rail 3).
  QVERIFY(panel()->pathInfo().contains(QStringLiteral("-NIC3 → ")));
}

void TestFabricPanel::twoGpusHighlightEcmpSet()
{
  // Two GPUs in racks far apart (different pods): 6 hops; every equal-cost path is drawn.
  const ObjectRef a = gpuRef(0, 0);
  const ObjectRef b = gpuRef(300, 0);
  QVERIFY(b.valid());
  const QString text = test::fabricModule(*m_window).highlightGpuPath(a, b);
  const fab::FabricGraph& g = data().graph;
  const auto& scene = m_window->document()->scene();
  const auto nic = [&](const ObjectRef& r)
  { return g.find(scene.site.halls[0].rows[r.row].racks[r.rack].nodes[0].id + "-NIC0"); };
  const int hops = fab::hopCount(g, nic(a), nic(b));
  const auto paths = fab::ecmpPaths(g, nic(a), nic(b), 256);
  std::set<int> devices;
  for (const auto& p : paths)
  {
    devices.insert(p.begin(), p.end());
  }
  QVERIFY2(text.contains(QStringLiteral("%1 hops").arg(hops)), qPrintable(text));
  QVERIFY(text.contains(QStringLiteral("latency")));
  QCOMPARE(test::fabricModule(*m_window).fabricView()->stats().highlightPaths,
           static_cast<int>(paths.size()));
  QCOMPARE(test::fabricModule(*m_window).fabricView()->stats().highlightAnchors,
           static_cast<int>(devices.size()));
  QCOMPARE(panel()->pathInfo(), text);
}

ObjectRef TestFabricPanel::clickTopGpu(int nthRack, int gpu, Qt::KeyboardModifiers modifiers)
{
  ObjectRef ref = gpuRef(nthRack, gpu);
  const engine::Rack& rack =
    m_window->document()->scene().site.halls[0].rows[ref.row].racks[ref.rack];
  // From above, a click hits the highest server of the rack first.
  for (int n = 0; n < static_cast<int>(rack.nodes.size()); ++n)
  {
    ref.node = rack.nodes[n].slotU > rack.nodes[ref.node].slotU ? n : ref.node;
  }
  const std::optional<engine::Box> box = m_window->hallScene()->objectBox(ref);
  if (!box)
  {
    return {};
  }
  const double cx = (box->x0 + box->x1) / 2, cy = (box->y0 + box->y1) / 2;
  vtkCamera* camera = m_window->view()->renderer()->GetActiveCamera();
  camera->ParallelProjectionOn();
  camera->SetFocalPoint(cx, cy, box->z1);
  camera->SetPosition(cx, cy, box->z1 + 30);
  camera->SetViewUp(0, 1, 0);
  camera->SetParallelScale(2.0);
  m_window->view()->renderer()->ResetCameraClippingRange();
  const int framesBefore = m_window->view()->framesRendered();
  m_window->view()->update();
  // Drawn with the new camera (the caller's checks fail if it never is).
  [[maybe_unused]] const bool drawn =
    QTest::qWaitFor([&] { return m_window->view()->framesRendered() > framesBefore; }, 5000);
  vtkRenderer* renderer = m_window->view()->renderer();
  renderer->SetWorldPoint(cx, cy, box->z1, 1.0);
  renderer->WorldToDisplay();
  const double* display = renderer->GetDisplayPoint();
  const QPoint pos = m_window->view()->fromDisplay(display[0], display[1]).toPoint();
  QTest::mouseClick(m_window->view(), Qt::LeftButton, modifiers, pos);
  return ref;
}

void TestFabricPanel::ctrlClickSecondGpuInViewShowsPaths()
{
  // Click a GPU, then Ctrl+click a GPU in another pod: the ECMP set between their NICs is
  // highlighted and the dock shows its hops (6: NIC–leaf–spine–core–spine–leaf–NIC).
  m_window->setDetailLevel(scenes::DetailLevel::Gpus);
  const ObjectRef a = clickTopGpu(0, 2, Qt::NoModifier);
  QCOMPARE(m_window->selection(), a);
  QCOMPARE(test::fabricModule(*m_window).fabricView()->stats().highlightAnchors,
           4); // its path up: 3 hops
  const ObjectRef b = clickTopGpu(300, 2, Qt::ControlModifier);
  QCOMPARE(m_window->selection(), b);
  QVERIFY2(panel()->pathInfo().contains(QStringLiteral("6 hops")), qPrintable(panel()->pathInfo()));
  QVERIFY(test::fabricModule(*m_window).fabricView()->stats().highlightPaths > 1);
  m_window->setDetailLevel(std::nullopt);
  m_window->applyCameraPreset(scenes::CameraPreset::Isometric);
}

void TestFabricPanel::tierToggleAndShowCables()
{
  QCheckBox* leafSpine = panel()->tierCheckBox(fab::Tier::LeafSpine);
  QVERIFY(leafSpine);
  leafSpine->setChecked(false);
  QVERIFY(!test::fabricModule(*m_window).fabricView()->tierVisible(fab::Tier::LeafSpine));
  leafSpine->setChecked(true);
  QVERIFY(test::fabricModule(*m_window).fabricView()->tierVisible(fab::Tier::LeafSpine));
  panel()->setCablesShown(false);
  QVERIFY(!test::fabricModule(*m_window).fabricView()->cablesVisible());
  QCOMPARE(test::fabricModule(*m_window).fabricView()->stats().visibleBundles, 0);
  panel()->setCablesShown(true);
  QCOMPARE(test::fabricModule(*m_window).fabricView()->stats().visibleBundles,
           test::fabricModule(*m_window).fabricView()->stats().bundles);
}

void TestFabricPanel::replacedSceneRecomputes()
{
  // A new document while the dock is shown: the fabric follows it at once.
  m_window->document()->setGenerated(
    engine::generateScene(engine::builtinSpec("lab-256"), engine::Catalog::builtin()));
  // The live fabric stage computes it on its worker; the dock shows it when it arrives.
  QVERIFY(QTest::qWaitFor([&] { return panel()->fabric() != nullptr; }, 10000));
  QCOMPARE(panel()->cutSheetProxy()->rowCount(), static_cast<int>(data().cabling.cables.size()));
  QVERIFY(data().cabling.cables.size() < 30720);
  QCOMPARE(test::fabricModule(*m_window).fabricView()->stats().highlightPaths, 0);
}

void TestFabricPanel::editRecomputesAfterAPause()
{
  // Moving a rack drops the fabric at once (the view must not draw the old cables over the
  // edited scene) and recomputes it shortly after, while the dock is shown.
  const FabricData* old = panel()->fabric();
  QVERIFY(old != nullptr);
  const engine::Hall& hall = m_window->document()->scene().site.halls.at(0);
  bool moved = false;
  for (const double dx : { 0.6, -0.6, 1.2, -1.2 })
  {
    engine::edit::MoveObjects move;
    move.ids = { hall.rows.front().racks.back().id };
    move.dxM = dx;
    if (m_window->editController()->tryApply(move))
    {
      moved = true;
      break;
    }
  }
  QVERIFY2(moved, "no free place to move the rack to");
  QVERIFY(panel()->fabric() == nullptr);
  QCOMPARE(test::fabricModule(*m_window).fabricView()->stats().bundles, 0);
  QVERIFY(QTest::qWaitFor([&] { return panel()->fabric() != nullptr; }, 5000));
  QVERIFY(test::fabricModule(*m_window).fabricView()->stats().bundles > 0);
  QCOMPARE(panel()->cutSheetProxy()->rowCount(), static_cast<int>(data().cabling.cables.size()));
}

void TestFabricPanel::dockShowsTheLiveStagesBom()
{
  // The dock reads the live fabric stage's snapshot: the very object of the scheduler's results,
  // so its BOM and the status area's KPIs count the same cables and transceivers.
  LiveScheduler* live = m_window->liveScheduler();
  QVERIFY(QTest::qWaitFor([&] { return !live->busy() && panel()->fabric() != nullptr; }, 60000));
  QCOMPARE(panel()->fabricSnapshot(), live->results().fabric);
  QCOMPARE(panel()->generation(), live->stageGeneration(engine::live::Stage::Fabric));
  const engine::live::Kpis& kpis = live->results().kpis;
  int cables = 0;
  int optics = 0;
  for (const fab::BomLine& line : data().bom)
  {
    cables += line.category == "cable" ? line.quantity : 0;
    optics += line.category == "optic" ? line.quantity : 0;
  }
  QVERIFY(kpis.fabricCables > 0);
  QCOMPARE(cables, kpis.fabricCables);
  QCOMPARE(optics, kpis.transceivers);
  QCOMPARE(panel()->cutSheetProxy()->rowCount(), kpis.fabricCables);
}

void TestFabricPanel::anEditBuildsTheFabricOnce()
{
  // Deleting a compute rack touches the fabric and the traffic stage; with the Fabric dock open
  // the fabric is still built once: by the live fabric stage, which the traffic stage and the
  // dock reuse.
  LiveScheduler* live = m_window->liveScheduler();
  QVERIFY(QTest::qWaitFor([&] { return !live->busy() && panel()->fabric() != nullptr; }, 60000));
  QVERIFY(m_window->findChild<QDockWidget*>(QStringLiteral("fabricDock"))->isVisible());
  const ObjectRef gpu = gpuRef(1, 0);
  const std::string rackId =
    m_window->document()->scene().site.halls.at(0).rows.at(gpu.row).racks.at(gpu.rack).id;
  const std::uint64_t before = fab::superPodBuildCount();
  QVERIFY(m_window->editController()->tryApply(engine::edit::DeleteObjects{ { rackId } }));
  const quint64 generation = live->latestGeneration();
  QVERIFY(QTest::qWaitFor([&] { return !live->busy() && panel()->fabric() != nullptr; }, 60000));
  using engine::live::Stage;
  QCOMPARE(live->stageGeneration(Stage::Fabric), generation);
  QCOMPARE(live->stageGeneration(Stage::Traffic), generation); // the traffic stage ran too
  QVERIFY(!live->results().status(Stage::Traffic).failed);
  QVERIFY(live->results().kpis.allReduceBusBwGBs > 0);
  QCOMPARE(panel()->fabricSnapshot(), live->results().fabric);
  QCOMPARE(fab::superPodBuildCount() - before, std::uint64_t{ 1 });
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestFabricPanel)
#include "test_fabric_panel.moc"
