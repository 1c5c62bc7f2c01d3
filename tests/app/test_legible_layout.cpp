// The window as a user first sees it at 1600 × 1000 on the default sample: the Fabric BOM and
// the Thermal tables show at least eight rows with no column cut off, the Dashboard's pages fit
// without scrolling, Report and Compare are in the File menu and on a toolbar, the legend names
// the view's flat colours inside the view, and a dock that has not run says what to do.
#include "app_test_support.h"
#include "dashboard_panel.h"
#include "fabric_panel.h"
#include "hall_view_controller.h"
#include "legend_overlay.h"
#include "main_window.h"
#include "main_window_test_support.h"
#include "number_format.h"
#include "table_sizing.h"
#include "thermal_panel.h"
#include "traffic_panel.h"

#include <QAction>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QToolBar>

#include <memory>

namespace myriad::app
{

class TestLegibleLayout final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase();
  void cleanupTestCase();
  void trafficDockSaysWhatToDo();
  void bomAndThermalTablesShowEightRows();
  void dashboardPagesFitWithoutScrolling();
  void reportAndCompareInFileMenuAndToolbar();
  void legendNamesTheViewsColours();
  void numbersAreGrouped();

private:
  /** Rows of `view` whose top is inside the viewport, counted from its first visible row. */
  static int visibleRows(const QTableView* view);
  std::unique_ptr<test::ErrorRecorder> m_errors;
  std::unique_ptr<MainWindow> m_window;
};

void TestLegibleLayout::initTestCase()
{
  test::useTestSettings();
  m_errors = std::make_unique<test::ErrorRecorder>();
  m_window = std::make_unique<MainWindow>();
  m_window->resize(1600, 1000);
  m_window->openDefaultScene();
  m_window->show();
  QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
  QVERIFY(test::waitForFrames(*m_window, 1));
}

void TestLegibleLayout::cleanupTestCase()
{
  m_window.reset();
  m_errors.reset();
}

int TestLegibleLayout::visibleRows(const QTableView* view)
{
  const int last = view->rowAt(view->viewport()->height() - 1);
  // Past the last row of a short table every remaining row is in view.
  return last < 0 ? view->model()->rowCount() : last - view->rowAt(0) + 1;
}

void TestLegibleLayout::trafficDockSaysWhatToDo()
{
  // Nothing has run yet: no talk of a changed scene, but what to do.
  const QString state = test::trafficModule(*m_window).panel()->stateLabel()->text();
  QCOMPARE(state, QStringLiteral("Choose a job and press Run."));
}

void TestLegibleLayout::bomAndThermalTablesShowEightRows()
{
  for (const char* id : { "fabric.dock", "thermal.dock" })
  {
    QDockWidget* dock = m_window->ui().dock(QString::fromLatin1(id));
    dock->show();
    dock->raise();
  }
  ThermalPanel* thermal = test::thermalModule(*m_window).panel();
  QSignalSpy solved(thermal, &ThermalPanel::solved);
  QVERIFY(test::waitForLiveResults(*m_window));
  FabricPanel* fabric = test::fabricModule(*m_window).panel();
  QTRY_VERIFY_WITH_TIMEOUT(fabric->bomView()->model()->rowCount() > 0, 60000);
  QVERIFY(thermal->result() || solved.wait(120000));
  QApplication::processEvents();
  // The window keeps the size asked for: the docks' minimum sizes fit in it.
  QCOMPARE(m_window->size(), QSize(1600, 1000));

  for (QTableView* table : { fabric->bomView(), thermal->rackTable() })
  {
    const QString name = table->objectName();
    QVERIFY2(table->isVisible(), qPrintable(name));
    // The viewport holds eight rows, and so many are shown when the table has them.
    QVERIFY2(visibleRowCapacity(table) >= kMinimumTableRows,
             qPrintable(QStringLiteral("%1: room for %2 rows in %3 px")
                          .arg(name)
                          .arg(visibleRowCapacity(table))
                          .arg(table->viewport()->height())));
    QVERIFY2(table->model()->rowCount() >= kMinimumTableRows, qPrintable(name));
    QVERIFY2(visibleRows(table) >= kMinimumTableRows,
             qPrintable(QStringLiteral("%1: %2 rows shown").arg(name).arg(visibleRows(table))));
    // No column cut off: the columns together fit the viewport's width.
    const QHeaderView* header = table->horizontalHeader();
    QVERIFY2(header->length() <= table->viewport()->width(),
             qPrintable(QStringLiteral("%1: columns %2 px wide in %3 px")
                          .arg(name)
                          .arg(header->length())
                          .arg(table->viewport()->width())));
  }
  // The coolers, in the tab beside the racks, keep room for as many rows.
  const QTableView* coolers = thermal->coolerTable();
  QVERIFY(coolers->minimumHeight() >=
          kMinimumTableRows * coolers->verticalHeader()->defaultSectionSize());
}

void TestLegibleLayout::dashboardPagesFitWithoutScrolling()
{
  QDockWidget* dock = m_window->ui().dock(QStringLiteral("dashboard.dock"));
  dock->show();
  dock->raise();
  QTabWidget* tabs = test::dashboardModule(*m_window).panel()->tabs();
  QVERIFY(tabs->count() >= 4);
  for (int i = 0; i < tabs->count(); ++i)
  {
    tabs->setCurrentIndex(i);
    QApplication::processEvents();
    auto* scroll = qobject_cast<QScrollArea*>(tabs->widget(i));
    QVERIFY(scroll);
    QVERIFY2(scroll->verticalScrollBar()->maximum() == 0,
             qPrintable(QStringLiteral("tab %1 scrolls by %2 px")
                          .arg(tabs->tabText(i))
                          .arg(scroll->verticalScrollBar()->maximum())));
  }
  tabs->setCurrentIndex(0);
}

void TestLegibleLayout::reportAndCompareInFileMenuAndToolbar()
{
  const UiRegistry& ui = m_window->ui();
  QAction* report = ui.action(QStringLiteral("dashboard.report"));
  QAction* compare = ui.action(QStringLiteral("dashboard.compare"));
  QVERIFY(report && compare);
  const QList<QAction*> file = ui.menu(QStringLiteral("file.menu"))->actions();
  QVERIFY(file.contains(report) && file.contains(compare));
  QToolBar* bar = ui.toolBar(QStringLiteral("report.toolbar"));
  QVERIFY(bar && bar->isVisible());
  QVERIFY(bar->actions().contains(report) && bar->actions().contains(compare));
  // Compare brings the Dashboard's Scenarios tab forward.
  QTabWidget* tabs = test::dashboardModule(*m_window).panel()->tabs();
  tabs->setCurrentIndex(0);
  compare->trigger();
  QCOMPARE(tabs->currentIndex(), tabs->count() - 1);
  QVERIFY(ui.dock(QStringLiteral("dashboard.dock"))->isVisible());
}

void TestLegibleLayout::legendNamesTheViewsColours()
{
  LegendOverlay* legend = m_window->hallView()->legend();
  m_window->setColorBy(scenes::ColorBy::Kind);
  QVERIFY(test::waitForFrames(*m_window, 1));
  const QString text = legend->text();
  QVERIFY2(text.contains(QStringLiteral("Racks: Compute, Network")), qPrintable(text));
  QVERIFY2(text.contains(QStringLiteral("Aisles: ")), qPrintable(text));
  QVERIFY2(text.contains(QStringLiteral("Coolers: ")), qPrintable(text));
  QVERIFY2(text.contains(QStringLiteral("Cables: ")), qPrintable(text)); // the Fabric dock is open
  // Fully inside the view, so no title or label is cut off at its edges.
  QVERIFY(legend->isVisible());
  QVERIFY(m_window->view()->rect().contains(legend->geometry()));

  m_window->setColorBy(scenes::ColorBy::Cooling);
  QVERIFY(test::waitForFrames(*m_window, 1));
  QVERIFY2(legend->text().contains(QStringLiteral("Rack cooling: ")), qPrintable(legend->text()));
  m_window->setColorBy(scenes::ColorBy::Kind);
}

void TestLegibleLayout::numbersAreGrouped()
{
  // The C locale of a test run reads as English: grouped thousands, no exponents.
  QCOMPARE(formatInteger(10240), QStringLiteral("10,240"));
  QCOMPARE(withUnit(formatInteger(3576279), QStringLiteral("steps")),
           QStringLiteral("3,576,279 steps"));
  QCOMPARE(formatSignificant(827934.2), QStringLiteral("827,900"));
  QCOMPARE(formatSignificant(0.0123456), QStringLiteral("0.01235"));
  QCOMPARE(formatFixed(14415.72, 1), QStringLiteral("14,415.7"));
  const QLocale saved;
  QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
  QCOMPARE(formatInteger(10240), QStringLiteral("10.240"));
  QLocale::setDefault(saved);
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestLegibleLayout)
#include "test_legible_layout.moc"
