// The Siting module in a bare context: the lab study (samples/siting/lab-256-two-sites.json,
// three candidate sites, up to two at once) opens as a table of its six options ranked by
// slowdown-adjusted $/GPU-hour, a map of the three sites and a Pareto chart. The map puts
// Ulanqab (41.0 N) above Gui'an (26.4 N) and Shanghai (121.5 E) right of both, all inside the
// widget, over the bundled land polygons. Choosing the split draws its DCI link and rings its
// point on the chart; a study that names an unknown site is refused with a message naming the
// JSON path.
// A scene with sites (samples/lab-256-two-sites.json: 128 + 128 GPUs at Ulanqab and Gui'an over
// 4 × 400ZR+) opens the Sites dock: both sites and their link on the map, and the lab job timed
// across them; fewer wavelengths make the exchange and the step longer, as the formula says.
#include "app_test_support.h"
#include "module_test_support.h"
#include "scene_document.h"
#include "scene_sites_panel.h"
#include "siting_map.h"
#include "siting_module.h"
#include "siting_panel.h"

#include <QAbstractItemModel>
#include <QChart>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QScatterSeries>
#include <QSpinBox>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

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
  void sceneWithSitesTimesAJobAcrossThem();
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

void TestSitingModule::sceneWithSitesTimesAJobAcrossThem()
{
  test::BareContext bare;
  SitingModule& module = bare.add<SitingModule>();
  bare.window->resize(1400, 900);
  bare.window->show();
  QVERIFY(QTest::qWaitForWindowExposed(bare.window.get()));
  QDockWidget* dock = bare.ui.dock(QStringLiteral("siting.sites.dock"));
  QVERIFY(dock);
  QVERIFY(!dock->isVisible()); // the start-up scene has no sites
  bare.context.document->open(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256-two-sites.json"));
  QVERIFY(dock->isVisible());

  SceneSitesPanel* panel = module.sitesPanel();
  SitingMap* map = panel->map();
  QCOMPARE(map->sites().size(), 2);
  const QPointF ulanqab = map->project(map->sites()[0].latitudeDeg, map->sites()[0].longitudeDeg);
  const QPointF guian = map->project(map->sites()[1].latitudeDeg, map->sites()[1].longitudeDeg);
  QVERIFY(ulanqab.y() < guian.y()); // 41.0 N above 26.4 N
  QCOMPARE(panel->channels()->value(), 4);
  QVERIFY2(panel->economics()->text().contains(QStringLiteral("CAPEX")),
           qPrintable(panel->economics()->text()));

  panel->jobs()->setCurrentIndex(panel->jobs()->findText(QStringLiteral("gpt-13b-lab")));
  QVERIFY(panel->jobs()->currentIndex() >= 0);
  QVERIFY(panel->timeJob());
  const auto wide = *panel->result();
  QCOMPARE(wide.sites.size(), std::size_t(2));
  QCOMPARE(panel->table()->rowCount(), 2);
  QCOMPARE(wide.ringBandwidthBps, 4 * 400e9); // 4 × 400ZR+ at 400 Gb/s each
  // One wavelength: B/4, so the exchange's bandwidth term 8G/B grows fourfold (G: BF16 gradients
  // of 13e9 parameters, 2.6e10 B), the latency term 2ℓ stays.
  panel->channels()->setValue(1);
  QVERIFY(panel->timeJob());
  const auto narrow = *panel->result();
  const double bandwidthTerm = 8 * 2.6e10 / 1.6e12;
  QVERIFY(std::abs((narrow.exchangeS - wide.exchangeS) - 3 * bandwidthTerm) < 1e-6);
  QVERIFY(narrow.stepS > wide.stepS);
  QVERIFY(panel->summary()->text().contains(QStringLiteral("400")));
  // gpt-13b-lab has PP 1: no pipeline split; the reason is shown, the previous figures go.
  panel->placement()->setCurrentIndex(1);
  QVERIFY(!panel->sync()->isEnabled());
  QVERIFY(!panel->timeJob());
  QVERIFY(!panel->result());
  QVERIFY2(panel->summary()->text().contains(QStringLiteral("even PP")),
           qPrintable(panel->summary()->text()));
  panel->placement()->setCurrentIndex(0);
  // The document keeps its own links: the what-if does not edit it.
  QCOMPARE(bare.context.document->scene().links.front().channels, 4);

  // A scene without sites hides the dock again.
  bare.context.document->open(QStringLiteral(MYRIAD_SOURCE_DIR "/samples/lab-256.json"));
  QVERIFY(!dock->isVisible());
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestSitingModule)
#include "test_siting_module.moc"
