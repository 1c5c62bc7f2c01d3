// The whole main window started in Simplified Chinese on the 10,240-GPU sample: menus, dock
// titles, Dashboard cards and the status bar read Chinese (counts in 万), and the 3D view's row
// labels are translated and drawn with a CJK font file (their pixels: tests/scenes/test_hall_text
// compares them with the missing-glyph boxes; here they must show in the window's framebuffer).
#include "app_test_support.h"
#include "interface_language.h"
#include "main_window.h"
#include "main_window_test_support.h"
#include "view_text.h"

#include <vtkBillboardTextActor3D.h>
#include <vtkPropCollection.h>

#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QPushButton>
#include <QTest>
#include <QTimer>

#include <algorithm>
#include <memory>

namespace myriad::app
{

namespace
{

/** True when `text` holds a CJK unified ideograph. */
bool hasIdeograph(const QString& text)
{
  return std::any_of(text.begin(), text.end(),
                     [](QChar c) { return c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF; });
}

} // namespace

class TestChineseWindow final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase();
  void cleanupTestCase();
  void menusAndDocksAreChinese();
  void dashboardAndStatusCountInWan();
  void rowLabelsAreChineseInTheView();
  void preferencesDialogIsChinese();

private:
  std::vector<vtkBillboardTextActor3D*> rowLabels() const;

  std::unique_ptr<test::ErrorRecorder> m_errors;
  std::unique_ptr<MainWindow> m_window;
};

void TestChineseWindow::initTestCase()
{
  test::useTestSettings();
  QVERIFY(installInterfaceLanguage(QStringLiteral("zh_CN"))); // before any window, as main() does
  m_errors = std::make_unique<test::ErrorRecorder>();
  m_window = std::make_unique<MainWindow>();
  m_window->resize(1280, 800);
  m_window->openDefaultScene();
  m_window->show();
  QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
  QVERIFY(test::waitForFrames(*m_window, 1));
}

void TestChineseWindow::cleanupTestCase()
{
  m_window.reset();
  m_errors.reset();
  installInterfaceLanguage(QStringLiteral("en"));
}

void TestChineseWindow::menusAndDocksAreChinese()
{
  const QList<QAction*> menus = m_window->menuBar()->actions();
  QVERIFY(!menus.isEmpty());
  QCOMPARE(menus.front()->text(), QStringLiteral("文件(&F)"));
  for (QAction* menu : menus)
  {
    QVERIFY2(hasIdeograph(menu->text()), qPrintable(menu->text()));
  }
  const QList<QDockWidget*> docks = m_window->findChildren<QDockWidget*>();
  QVERIFY(docks.size() >= 5);
  for (QDockWidget* dock : docks)
  {
    QVERIFY2(hasIdeograph(dock->windowTitle()),
             qPrintable(dock->objectName() + QStringLiteral(": ") + dock->windowTitle()));
  }
  QCOMPARE(m_window->ui().dock(QStringLiteral("dashboard.dock"))->windowTitle(),
           QStringLiteral("仪表盘"));
}

void TestChineseWindow::dashboardAndStatusCountInWan()
{
  // 10,240 GPUs = 1.024 × 10^4: "1.024 万" where English says "10,240".
  QVERIFY2(m_window->countsText().contains(QStringLiteral("1.024 万")),
           qPrintable(m_window->countsText()));
  auto* gpus = m_window->findChild<QLabel*>(QStringLiteral("kpiValue_gpus"));
  QVERIFY(gpus);
  QTRY_COMPARE_WITH_TIMEOUT(gpus->text(), QStringLiteral("1.024 万"), 60000);
  // A card's title (the first label of its frame) is Chinese too ("GPU" is the same in both).
  auto* card = m_window->findChild<QWidget*>(QStringLiteral("kpi_capex"));
  QVERIFY(card);
  const QList<QLabel*> labels = card->findChildren<QLabel*>();
  QVERIFY(!labels.isEmpty());
  QVERIFY2(hasIdeograph(labels.front()->text()), qPrintable(labels.front()->text()));
}

void TestChineseWindow::rowLabelsAreChineseInTheView()
{
  QCOMPARE(rowLabelText(QStringLiteral("Row 3")), QStringLiteral("第 3 列"));
  QCOMPARE(rowLabelText(QStringLiteral("Network row 1")), QStringLiteral("网络第 1 列"));
  QCOMPARE(rowLabelText(QStringLiteral("A 区")), QStringLiteral("A 区")); // the user's name
  const scenes::SceneText& text = m_window->hallScene()->text();
  QVERIFY2(!text.fontFile.empty(), "no CJK font file for the 3D view (scripts/install-deps.sh)");
  QCOMPARE(QString::fromStdString(text.rackPowerTitle), QStringLiteral("机柜功率 (kW)"));

  const std::vector<vtkBillboardTextActor3D*> labels = rowLabels();
  QVERIFY(!labels.empty());
  for (vtkBillboardTextActor3D* label : labels)
  {
    QVERIFY2(hasIdeograph(QString::fromUtf8(label->GetInput())), label->GetInput());
  }
  // The labels are in the window's picture: hiding them changes its pixels (grabFramebuffer
  // renders the view anew).
  m_window->hallScene()->applyCameraPreset(scenes::CameraPreset::Top);
  const QImage shown = m_window->view()->grabFramebuffer();
  for (vtkBillboardTextActor3D* label : labels)
  {
    label->SetVisibility(0);
  }
  const QImage hidden = m_window->view()->grabFramebuffer();
  for (vtkBillboardTextActor3D* label : labels)
  {
    label->SetVisibility(1);
  }
  QVERIFY(!shown.isNull());
  QVERIFY(shown != hidden);
  QVERIFY(m_errors->messages.isEmpty());
}

void TestChineseWindow::preferencesDialogIsChinese()
{
  auto* action = m_window->findChild<QAction*>(QStringLiteral("preferencesAction"));
  QVERIFY(action);
  QVERIFY(hasIdeograph(action->text()));
  QString title;
  QString cancel;
  // The action runs the dialog modally: read it from the dialog's own event loop, then close it.
  QTimer::singleShot(0, this,
                     [&]
                     {
                       auto* dialog =
                         m_window->findChild<QDialog*>(QStringLiteral("preferencesDialog"));
                       if (!dialog)
                         return;
                       title = dialog->windowTitle();
                       if (auto* box = dialog->findChild<QDialogButtonBox*>())
                         if (QPushButton* button = box->button(QDialogButtonBox::Cancel))
                           cancel = button->text(); // Qt's own word: qtbase_zh_CN.qm
                       dialog->reject();
                     });
  action->trigger();
  QVERIFY2(hasIdeograph(title), qPrintable(title));
  QVERIFY2(hasIdeograph(cancel), qPrintable(cancel));
}

std::vector<vtkBillboardTextActor3D*> TestChineseWindow::rowLabels() const
{
  std::vector<vtkBillboardTextActor3D*> found;
  vtkPropCollection* props = m_window->view()->renderer()->GetViewProps();
  props->InitTraversal();
  while (vtkProp* prop = props->GetNextProp())
  {
    if (auto* label = vtkBillboardTextActor3D::SafeDownCast(prop))
    {
      found.push_back(label);
    }
  }
  return found;
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestChineseWindow)
#include "test_chinese_window.moc"
