// The Siting module in a bare context: the lab study (samples/siting/lab-256-two-sites.json,
// three candidate sites, up to two at once) opens as a table of its six options ranked by
// slowdown-adjusted $/GPU-hour, a map of the three sites and a Pareto chart. The map puts
// Ulanqab (41.0 N) above Gui'an (26.4 N) and Shanghai (121.5 E) right of both, all inside the
// widget, over the bundled land polygons. Choosing the split draws its DCI link and rings its
// point on the chart; a study that names an unknown site is refused with a message naming the
// JSON path.
#include "app_test_support.h"
#include "module_test_support.h"
#include "siting_map.h"
#include "siting_module.h"
#include "siting_panel.h"

#include <QAbstractItemModel>
#include <QChart>
#include <QDockWidget>
#include <QScatterSeries>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

namespace myriad::app
{

class TestSitingModule final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase() { test::useTestSettings(); }
  void showsOptionsMapAndChart();
};

void TestSitingModule::showsOptionsMapAndChart()
{
  test::BareContext bare;
  SitingModule& module = bare.add<SitingModule>();
  bare.window->resize(1400, 900);
  bare.window->show();
  QVERIFY(QTest::qWaitForWindowExposed(bare.window.get()));
  QVERIFY(
    module.openStudy(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/siting/lab-256-two-sites.json")));
  QVERIFY(bare.ui.dock(QStringLiteral("siting.dock"))->isVisible());

  SitingPanel* panel = module.panel();
  QAbstractItemModel* model = panel->table()->model();
  QCOMPARE(model->rowCount(), 6);
  QCOMPARE(model->data(model->index(0, 0)).toString(), QStringLiteral("1"));
  QCOMPARE(panel->selectedOption(), 0);

  SitingMap* map = panel->map();
  QVERIFY(map->landRings() > 100); // Natural Earth 1:110m land: 127 polygons
  QCOMPARE(map->sites().size(), 3);
  QPointF at[3];
  for (int i = 0; i < 3; ++i)
  {
    const MapSite& s = map->sites()[i];
    at[i] = map->project(s.latitudeDeg, s.longitudeDeg);
    QVERIFY(map->rect().contains(at[i].toPoint()));
  }
  // Candidates in file order: Ulanqab, Gui'an, Shanghai.
  QVERIFY(at[0].y() < at[1].y());                          // north is up
  QVERIFY(at[2].x() > at[0].x() && at[2].x() > at[1].x()); // east is right

  // The split of Ulanqab and Gui'an: its link on the map, its point ringed on the chart.
  int split = -1;
  for (int i = 0; i < static_cast<int>(panel->result().options.size()); ++i)
    if (panel->result().options[static_cast<std::size_t>(i)].label() == "ulanqab-cn + guian-cn")
      split = i;
  QVERIFY(split >= 0);
  panel->selectOption(split);
  const auto& option = panel->result().options[static_cast<std::size_t>(split)];
  QCOMPARE(option.links.size(), std::size_t(1));
  QScatterSeries* chosen = nullptr;
  for (QAbstractSeries* s : panel->chart()->series())
    if (s->name() == QStringLiteral("chosen"))
      chosen = qobject_cast<QScatterSeries*>(s);
  QVERIFY(chosen && chosen->count() == 1);
  QCOMPARE(chosen->at(0).x(), option.adjustedUsdPerGpuHour);
  QVERIFY(!panel->frontOptions().isEmpty());
  for (const int i : panel->frontOptions())
    QVERIFY(panel->result().options[static_cast<std::size_t>(i)].pareto);

  QTemporaryDir tmp;
  const QString bad = tmp.filePath(QStringLiteral("bad.json"));
  QFile file(bad);
  QVERIFY(file.open(QIODevice::WriteOnly));
  file.write(R"({"gpus": 256, "job": ")" MYRIAD_SOURCE_DIR R"(/samples/jobs/gpt-13b-lab.json",
    "candidates": [{"site": "atlantis"}]})");
  file.close();
  const test::ErrorRecorder errors;
  QVERIFY(!module.openStudy(bad));
  QCOMPARE(errors.messages.size(), 1);
  QVERIFY2(errors.messages[0].contains(QStringLiteral("/candidates/0/site")),
           qPrintable(errors.messages[0]));
  QCOMPARE(panel->result().options.size(), std::size_t(6)); // the shown study stays
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestSitingModule)
#include "test_siting_module.moc"
