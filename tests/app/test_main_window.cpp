// The main window on the 10,240-GPU sample: it renders, reports its counts, shows properties
// of what the tree selects, and a click in the 3D view selects the rack under the cursor.
#include "app_test_support.h"
#include "frame_benchmark.h"
#include "main_window.h"
#include "main_window_test_support.h"
#include "properties_panel.h"
#include "scene_document.h"
#include "scene_tree_model.h"
#include "vtk_view_widget.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/query.h"

#include <vtkRenderer.h>

#include <QSet>
#include <QSignalSpy>
#include <QTest>
#include <QTreeView>

#include <memory>

using myriad::engine::ObjectKind;
using myriad::engine::ObjectRef;

namespace myriad::app
{

class TestMainWindow final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase();
  void cleanupTestCase();
  void rendersTheTenThousandGpuSample();
  void treeSelectionShowsRackProperties();
  void clickInTopViewSelectsRack();
  void benchmarkReportsFrames();

private:
  /** A compute rack near the middle of the first hall. */
  ObjectRef middleComputeRack() const;
  /** Wait until the view has drawn at least `count` more frames. */
  bool waitForFrames(int count);

  std::unique_ptr<test::ErrorRecorder> m_errors;
  std::unique_ptr<MainWindow> m_window;
};

void TestMainWindow::initTestCase()
{
  test::useTestSettings();
  m_errors = std::make_unique<test::ErrorRecorder>();
  m_window = std::make_unique<MainWindow>();
  m_window->resize(1280, 800);
  m_window->openDefaultScene();
  m_window->show();
  QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
  QVERIFY(waitForFrames(1));
}

void TestMainWindow::cleanupTestCase()
{
  m_window.reset();
  m_errors.reset();
}

bool TestMainWindow::waitForFrames(int count)
{
  return test::waitForFrames(*m_window, count);
}

ObjectRef TestMainWindow::middleComputeRack() const
{
  // The middle compute row (a network row holds no nodes), its middle compute rack.
  const engine::Hall& hall = m_window->document()->scene().site.halls.at(0);
  const int rows = static_cast<int>(hall.rows.size());
  for (int i = 0; i < rows; ++i)
  {
    const int row = (rows / 2 + i) % rows;
    const auto& racks = hall.rows[row].racks;
    for (int k = static_cast<int>(racks.size()) / 2; k < static_cast<int>(racks.size()); ++k)
    {
      if (racks[k].kind == engine::RackKind::Compute && !racks[k].nodes.empty())
      {
        return ObjectRef{ ObjectKind::Rack, 0, row, k };
      }
    }
  }
  return {};
}

void TestMainWindow::rendersTheTenThousandGpuSample()
{
  QVERIFY(m_errors->messages.isEmpty());
  QVERIFY(m_window->windowTitle().startsWith(QStringLiteral("Myriad — ")));

  const auto counts =
    engine::countScene(m_window->document()->scene(), m_window->document()->catalog());
  QCOMPARE(counts.gpus, 10240);
  QVERIFY2(m_window->countsText().contains(QStringLiteral("10,240 GPUs")),
           qPrintable(m_window->countsText()));
  QVERIFY(m_window->countsText().contains(QStringLiteral("MW IT")));

  // The view really drew the hall: its framebuffer has many colours, not a uniform clear.
  const QImage image = m_window->view()->grabFramebuffer();
  QVERIFY(!image.isNull());
  QSet<QRgb> colours;
  for (int y = 0; y < image.height(); y += 3)
  {
    for (int x = 0; x < image.width(); x += 3)
    {
      colours.insert(image.pixel(x, y));
    }
  }
  QVERIFY2(colours.size() > 50, qPrintable(QStringLiteral("%1 colours").arg(colours.size())));
  QVERIFY(m_window->view()->averageFrameMs() > 0);
  QVERIFY(m_window->hallScene()->stats().rackInstances >= counts.racks);
}

void TestMainWindow::treeSelectionShowsRackProperties()
{
  const ObjectRef rack = middleComputeRack();
  QVERIFY(rack.valid());
  const std::string rackId = engine::idOf(m_window->document()->scene(), rack);
  const QModelIndex index = test::selectionModule(*m_window).sceneTreeModel()->indexOf(rack);
  QVERIFY(index.isValid());
  QCOMPARE(test::selectionModule(*m_window).sceneTreeModel()->data(index).toString(),
           QString::fromStdString(rackId));

  test::selectionModule(*m_window).sceneTree()->setCurrentIndex(index);
  QCOMPARE(m_window->selection(), rack);
  const QString text = test::selectionModule(*m_window).propertiesPanel()->plainText();
  QVERIFY2(text.contains(QString::fromStdString(rackId)), qPrintable(text));
  QVERIFY2(text.contains(QStringLiteral("Max power: ")), qPrintable(text));
  QVERIFY2(text.contains(QRegularExpression(QStringLiteral("Max power: [0-9.,]+ k?W"))),
           qPrintable(text));

  // And back: selecting from code moves the tree's current item.
  const ObjectRef node{ ObjectKind::Node, rack.hall, rack.row, rack.rack, 0 };
  m_window->selectObject(node);
  QCOMPARE(test::selectionModule(*m_window).sceneTreeModel()->refAt(
             test::selectionModule(*m_window).sceneTree()->currentIndex()),
           node);
  QVERIFY(test::selectionModule(*m_window).propertiesPanel()->plainText().contains(
    QString::fromStdString(engine::idOf(m_window->document()->scene(), node))));
}

void TestMainWindow::clickInTopViewSelectsRack()
{
  m_window->selectObject({});
  m_window->applyCameraPreset(scenes::CameraPreset::Top);
  QVERIFY(waitForFrames(2));

  const ObjectRef rack = middleComputeRack();
  const auto& scene = m_window->document()->scene();
  const engine::Rack& model = scene.site.halls[0].rows[rack.row].racks[rack.rack];
  const engine::Box box = engine::rackBox(model, m_window->document()->catalog());
  vtkRenderer* renderer = m_window->view()->renderer();
  renderer->SetWorldPoint((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2, box.z1, 1.0);
  renderer->WorldToDisplay();
  const double* display = renderer->GetDisplayPoint();
  const QPoint widgetPos = m_window->view()->fromDisplay(display[0], display[1]).toPoint();
  QVERIFY2(
    m_window->view()->rect().contains(widgetPos),
    qPrintable(QStringLiteral("rack projects to %1,%2").arg(widgetPos.x()).arg(widgetPos.y())));

  QTest::mouseClick(m_window->view(), Qt::LeftButton, Qt::NoModifier, widgetPos);
  const ObjectRef picked = m_window->selection();
  QVERIFY2(picked.valid(), "the click picked nothing");
  QCOMPARE(picked.kind, ObjectKind::Rack);
  QCOMPARE(picked, rack);
  QCOMPARE(test::selectionModule(*m_window).sceneTreeModel()->refAt(
             test::selectionModule(*m_window).sceneTree()->currentIndex()),
           rack);
  QVERIFY(test::selectionModule(*m_window).propertiesPanel()->plainText().contains(
    QString::fromStdString(model.id)));
}

void TestMainWindow::benchmarkReportsFrames()
{
  auto* benchmark = new FrameBenchmark(m_window.get(), 5);
  QSignalSpy finished(benchmark, &FrameBenchmark::finished);
  benchmark->start();
  QVERIFY(finished.wait(30000) || finished.count() == 1);
  QCOMPARE(finished.takeFirst().at(0).toInt(), 0);
  QVERIFY2(benchmark->resultLine().startsWith(QStringLiteral("frames=5 seconds=")),
           qPrintable(benchmark->resultLine()));
  QVERIFY(benchmark->resultLine().contains(QStringLiteral("gpus=10240")));
  QVERIFY(m_errors->messages.isEmpty());
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestMainWindow)
#include "test_main_window.moc"
