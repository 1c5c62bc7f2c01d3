// File ▸ Open Sample in the main window: in the Chinese interface it lists the built-in samples
// by their Chinese names (samples/index.json) with the descriptions as tips, in English by the
// English ones, and choosing one opens that sample as the start-up default is opened.
#include "app_test_support.h"
#include "interface_language.h"
#include "main_window.h"
#include "sample_index.h"
#include "sample_locator.h"
#include "scene_document.h"

#include <QAction>
#include <QMenu>
#include <QSignalSpy>
#include <QTest>

#include <memory>

namespace myriad::app
{

class TestSampleMenu final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase();
  void chineseMenuListsChineseNames();
  void choosingASampleOpensIt();
  void englishMenuListsEnglishNames();
  void cleanupTestCase();

private:
  /** The window's Open Sample submenu, found by object name. */
  QMenu* sampleMenu() const;
  /** Its entry for the sample `id` (nullptr when none). */
  QAction* sampleAction(const QString& id) const;

  std::unique_ptr<test::ErrorRecorder> m_errors;
  std::unique_ptr<MainWindow> m_window;
  std::vector<SampleEntry> m_index; ///< the shipped samples/index.json
};

void TestSampleMenu::initTestCase()
{
  test::useTestSettings();
  m_errors = std::make_unique<test::ErrorRecorder>();
  m_index = readSampleIndex(findSampleIndex());
  QVERIFY(!m_index.empty());
  QVERIFY(installInterfaceLanguage(QStringLiteral("zh_CN")));
  m_window = std::make_unique<MainWindow>(); // the menu takes the language it starts in
  m_window->resize(1024, 700);
  m_window->show();
  QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestSampleMenu::cleanupTestCase()
{
  m_window.reset();
  installInterfaceLanguage(QStringLiteral("en"));
  m_errors.reset();
}

QMenu* TestSampleMenu::sampleMenu() const
{
  return m_window->findChild<QMenu*>(QStringLiteral("sampleMenu"));
}

QAction* TestSampleMenu::sampleAction(const QString& id) const
{
  for (QAction* action : sampleMenu()->actions())
  {
    if (action->data().toString() == id)
    {
      return action;
    }
  }
  return nullptr;
}

void TestSampleMenu::chineseMenuListsChineseNames()
{
  QMenu* menu = sampleMenu();
  QVERIFY(menu);
  QCOMPARE(menu, m_window->ui().menu(QStringLiteral("file.samples")));
  QCOMPARE(menu->title(), QStringLiteral("打开示例(&M)"));
  QCOMPARE(menu->actions().size(), static_cast<qsizetype>(m_index.size()));
  for (const SampleEntry& sample : m_index)
  {
    QAction* action = sampleAction(sample.id);
    QVERIFY2(action, qPrintable(sample.id));
    QCOMPARE(action->text(), sample.names.value(QStringLiteral("zh_CN")));
    QCOMPARE(action->statusTip(), sample.descriptions.value(QStringLiteral("zh_CN")));
    QCOMPARE(action->toolTip(), sample.descriptions.value(QStringLiteral("zh_CN")));
  }
  QCOMPARE(sampleAction(QStringLiteral("lab-256"))->text(),
           QStringLiteral("实验集群（256 块 GPU）"));
}

void TestSampleMenu::choosingASampleOpensIt()
{
  QAction* lab = sampleAction(QStringLiteral("lab-256"));
  QVERIFY(lab);
  QSignalSpy replaced(m_window->document(), &SceneDocument::sceneReplaced);
  lab->trigger();
  QCOMPARE(replaced.count(), 1);
  QVERIFY2(m_errors->messages.isEmpty(), qPrintable(m_errors->messages.join(u'\n')));
  QVERIFY2(m_window->document()->filePath().endsWith(QStringLiteral("/lab-256.json")),
           qPrintable(m_window->document()->filePath()));
  QCOMPARE(m_window->document()->filePath(), findSample(QStringLiteral("lab-256")));
  QVERIFY(m_window->document()->needsSaveAs()); // a built-in sample, as the default one
  QCOMPARE(m_window->document()->scene().site.name, std::string("lab-256"));
}

void TestSampleMenu::englishMenuListsEnglishNames()
{
  installInterfaceLanguage(QStringLiteral("en"));
  m_window = std::make_unique<MainWindow>();
  QCOMPARE(sampleMenu()->title(), QStringLiteral("Open Sa&mple"));
  for (const SampleEntry& sample : m_index)
  {
    QAction* action = sampleAction(sample.id);
    QVERIFY2(action, qPrintable(sample.id));
    QCOMPARE(action->text(), sample.names.value(QStringLiteral("en")));
    QCOMPARE(action->toolTip(), sample.descriptions.value(QStringLiteral("en")));
  }
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestSampleMenu)
#include "test_sample_menu.moc"
