// The Sweep module in a bare context: a sweep of lab-256 over two GPU counts (256, 512: one and
// two SUs) and two energy prices, three of its four scenarios evaluated, opens as a table (a row
// per scenario, the fourth "not run") and a Pareto chart. With CAPEX (lower is better) against
// the GPUs built (higher is better), a larger hall costs more but has more GPUs, so no scenario
// beats another on both: all three evaluated ones are on the front. Sorting by CAPEX sorts by the
// number, not the text. Opening scenario 3 replaces the document with its 512-GPU hall; a folder
// that is no sweep is refused with a message naming it.
#include "app_test_support.h"
#include "module_test_support.h"
#include "sweep_module.h"
#include "sweep_panel.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/query.h"
#include "myriad/engine/sweep/sweep.h"

#include <QAbstractItemModel>
#include <QDockWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

namespace myriad::app
{

namespace sweep = engine::sweep;

class TestSweepModule final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase() { test::useTestSettings(); }
  void showsTableAndFrontAndOpensAScenario();
};

void TestSweepModule::showsTableAndFrontAndOpensAScenario()
{
  QTemporaryDir tmp;
  const std::string dir = tmp.filePath("sweep").toStdString();
  const auto spec = sweep::parseSweep(R"({"base": {"builtin": "lab-256"},
    "models": ["geometry", "fabric", "power", "economics"],
    "parameters": [{"name": "gpus", "values": [256, 512]},
                   {"name": "energyPrice", "values": [0.05, 0.10]}]})",
                                      "sweep.json");
  QCOMPARE(sweep::planSweep(spec, dir, engine::Catalog::builtin(), false), 4LL);
  for (long long i = 0; i < 3; ++i)
    QVERIFY(sweep::runScenario(dir, i, engine::Catalog::builtin(), {}).ok);

  test::BareContext bare;
  SweepModule& module = bare.add<SweepModule>();
  bare.window->resize(1400, 900);
  bare.window->show();
  QVERIFY(QTest::qWaitForWindowExposed(bare.window.get()));
  bare.open(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json"));
  QVERIFY(module.openFolder(QString::fromStdString(dir)));
  QVERIFY(bare.ui.dock(QStringLiteral("sweep.dock"))->isVisible());

  auto* view = module.panel()->findChild<QTableView*>(QStringLiteral("sweepTable"));
  QAbstractItemModel* model = view->model();
  QCOMPARE(model->rowCount(), 4);
  QCOMPARE(model->data(model->index(3, 1)).toString(), QStringLiteral("not run"));
  QCOMPARE(model->data(model->index(0, 1)).toString(), QStringLiteral("ok"));

  QVERIFY(module.panel()->setAxes(QStringLiteral("capexMUSD"), QStringLiteral("gpusBuilt")));
  QList<long long> front = module.panel()->frontScenarios();
  std::sort(front.begin(), front.end());
  QCOMPARE(front, (QList<long long>{ 0, 1, 2 }));

  // Sorted by CAPEX descending, the 512-GPU scenario (two SUs, about twice the cost) comes first.
  int capex = -1;
  for (int c = 0; c < model->columnCount(); ++c)
    if (model->headerData(c, Qt::Horizontal).toString().startsWith(QStringLiteral("CAPEX")))
      capex = c;
  QVERIFY(capex >= 0);
  view->sortByColumn(capex, Qt::DescendingOrder);
  QCOMPARE(model->data(model->index(0, 0)).toString(), QStringLiteral("2"));

  QVERIFY(module.openScenario(3));
  const auto counts = engine::countScene(bare.context.document->scene(), bare.context.catalog());
  QCOMPARE(counts.gpus, 512);
  QVERIFY(bare.context.document->scene().site.name.find("sweep scenario 3") != std::string::npos);
  QCOMPARE(module.panel()->currentScenario(), 3LL);

  const test::ErrorRecorder errors;
  QVERIFY(!module.openFolder(tmp.path()));
  QCOMPARE(errors.messages.size(), 1);
  QVERIFY2(errors.messages[0].contains(QStringLiteral("no planned sweep here")),
           qPrintable(errors.messages[0]));
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestSweepModule)
#include "test_sweep_module.moc"
