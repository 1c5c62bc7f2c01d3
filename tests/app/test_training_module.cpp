// Training mode (the Training module, docs/tours.md): the bundled tours play end to end in the
// window — the camera arrives at each waypoint, the highlighted objects are those the step names,
// questions accept the right answer and reject a wrong one, Page Down / Page Up step — in English
// and in Chinese; a tour plays on a sandbox and the user's unsaved document comes back exactly;
// a broken tour stops at its step with a message naming file, step and field; presenter view.
#include "app_test_support.h"
#include "camera_flight.h"
#include "edit_controller.h"
#include "hall_view_controller.h"
#include "interface_language.h"
#include "live_scheduler.h"
#include "main_window_test_support.h"
#include "number_format.h"
#include "sample_locator.h"
#include "scene_document.h"
#include "selection_model.h"
#include "tour_panel.h"
#include "tour_session.h"
#include "training_module.h"
#include "ui_registry.h"

#include "myriad/engine/edit/edit.h"
#include "myriad/engine/query.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/tour/tour.h"
#include "myriad/engine/tour/tour_figures.h"

#include <vtkCamera.h>

#include <QAction>
#include <QDockWidget>
#include <QFile>
#include <QGroupBox>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>

#include <algorithm>
#include <map>
#include <set>

namespace myriad::app
{

namespace tour = engine::tour;

class TestTrainingModule final : public QObject
{
  Q_OBJECT

public:
  static void initMain() { test::initGlBeforeApplication(); }

private slots:
  void initTestCase();
  void cleanupTestCase();
  void menuListsTheBundledTours();
  void bundledToursPlayEndToEndInEnglish();
  void bundledToursPlayEndToEndInChinese();
  void userDocumentComesBackUnchanged();
  void brokenTourStopsAtItsStep();
  void malformedTourIsRefusedWithItsFileName();
  void presenterViewShowsOnlyTheTour();

private:
  /** The bundled tour "From one GPU to ten thousand". */
  static QString firstTour() { return findSample(QStringLiteral("tours/gpu-to-ten-thousand")); }
  TrainingModule& training() { return test::moduleOf<TrainingModule>(*m_window, "training"); }
  /** Play every step of the tour in `path` with the keyboard, checking each one. */
  void playTour(const QString& path);
  void checkStep(const tour::Tour& tourData, int index);
  void answerQuestion(const tour::Step& step, const tour::Tour& tourData);
  /** The tour in `path` with `edit` applied to its JSON text, written to the temporary folder. */
  QString tourVariant(const QString& name, const std::function<void(QByteArray&)>& edit);

  std::unique_ptr<test::ErrorRecorder> m_errors;
  std::unique_ptr<MainWindow> m_window;
  QTemporaryDir m_dir;
};

void TestTrainingModule::initTestCase()
{
  test::useTestSettings();
  QVERIFY(m_dir.isValid());
  m_errors = std::make_unique<test::ErrorRecorder>();
  m_window = std::make_unique<MainWindow>();
  m_window->resize(1280, 800);
  QVERIFY(m_window->openSample(QStringLiteral("lab-256")));
  m_window->show();
  QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
  // Page Down, F5 and Esc are window shortcuts: they reach an active window.
  m_window->activateWindow();
  QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
  QVERIFY(test::waitForFrames(*m_window, 1));
  QVERIFY(!TrainingModule::bundledTours().isEmpty());
}

void TestTrainingModule::cleanupTestCase()
{
  m_window.reset();
  m_errors.reset();
}

void TestTrainingModule::menuListsTheBundledTours()
{
  auto* menu = m_window->findChild<QMenu*>(QStringLiteral("trainingMenu"));
  QVERIFY(menu);
  for (const QString& path : TrainingModule::bundledTours())
  {
    const tour::Tour data = tour::loadTour(path.toStdString());
    auto* start =
      menu->findChild<QAction*>(QStringLiteral("tour:") + QFileInfo(path).completeBaseName());
    QVERIFY2(start, qPrintable(path));
    QCOMPARE(start->text(), QString::fromStdString(data.title.en));
  }
}

void TestTrainingModule::checkStep(const tour::Tour& tourData, int index)
{
  const tour::Step& step = tourData.steps.at(index);
  const engine::Scene& scene = m_window->document()->scene();
  const QString language = training().session()->language();
  TourPanel* panel = training().panel();
  QCOMPARE(training().session()->current(), index);
  QCOMPARE(panel->titleLabel()->text(),
           QString::fromStdString(step.title.in(language.toStdString())));
  // The text is the tour's, with counts written from the scene and model figures from the live
  // results once the models have run on the scene shown (the sandbox, after an action).
  QCOMPARE(panel->textView()->toMarkdown().trimmed().isEmpty(), false);
  LiveScheduler* live = m_window->context().live;
  std::map<std::string, std::string> figures;
  if (step.text.in(language.toStdString()).find("{{kpi") != std::string::npos)
  {
    QSignalSpy idle(live, &LiveScheduler::busyChanged);
    while (live->busy())
    {
      QVERIFY(idle.wait(120000));
    }
    for (const tour::FigureSpec& spec : tour::figureSpecs())
    {
      if (const auto value = tour::figureValue(spec, live->results()))
      {
        figures[spec.name] = formatFixed(*value, spec.decimals).toStdString();
      }
    }
  }
  const QString plain = panel->textView()->toPlainText();
  const std::string rendered =
    tour::renderText(step.text.in(language.toStdString()), scene, tourData, &figures);
  QVERIFY2(rendered.find("…") == std::string::npos || figures.empty(), rendered.c_str());
  QVERIFY2(rendered.find("{{") == std::string::npos, rendered.c_str());
  QTextDocument expected;
  expected.setMarkdown(QString::fromStdString(rendered));
  QCOMPARE(plain, expected.toPlainText());

  // The highlighted objects are exactly those the step names, and they are selected.
  std::set<std::string> wanted;
  for (const tour::Target& target : step.highlight)
  {
    for (const std::string& id : tour::resolveTarget(scene, tourData, target))
    {
      wanted.insert(id);
    }
  }
  const std::vector<std::string>& shown = training().highlightedIds();
  QCOMPARE(std::set<std::string>(shown.begin(), shown.end()), wanted);
  QCOMPARE(shown.empty(), step.highlight.empty());
  const SelectionModel* selection = m_window->context().selection;
  std::set<std::string> selected(selection->ids().begin(), selection->ids().end());
  if (selection->ids().empty() && selection->current().valid())
  {
    selected.insert(engine::idOf(scene, selection->current()));
  }
  QCOMPARE(selected, wanted);

  for (const std::string& dock : step.show.docks)
  {
    QDockWidget* widget =
      m_window->ui().dock(QString::fromStdString(dock) + QStringLiteral(".dock"));
    QVERIFY2(widget && widget->isVisible(), dock.c_str());
  }
  // The tab a step names is the current one of its dock ("tab-<id>", UiRegistry::nameTabs).
  for (const auto& [dock, tab] : step.show.tabs)
  {
    QDockWidget* widget =
      m_window->ui().dock(QString::fromStdString(dock) + QStringLiteral(".dock"));
    QVERIFY2(widget && widget->isVisible(), dock.c_str());
    bool current = false;
    for (const QTabWidget* tabs : widget->findChildren<QTabWidget*>())
    {
      current = current || tabs->currentWidget()->objectName() ==
                             QStringLiteral("tab-") + QString::fromStdString(tab);
    }
    QVERIFY2(current, (dock + ": " + tab).c_str());
  }

  // The camera has arrived where the step says.
  QVERIFY(QTest::qWaitFor([&] { return !training().flight()->flying(); }, 5000));
  vtkCamera* camera = m_window->view()->renderer()->GetActiveCamera();
  if (!step.camera.object.empty())
  {
    const auto ref = engine::findById(scene, step.camera.object);
    QVERIFY(ref);
    const auto box = m_window->context().hallScene->objectBox(*ref);
    QVERIFY(box);
    double focal[3];
    camera->GetFocalPoint(focal);
    QVERIFY(std::abs(focal[0] - (box->x0 + box->x1) / 2) < 1e-6);
    QVERIFY(std::abs(focal[1] - (box->y0 + box->y1) / 2) < 1e-6);
    QVERIFY(std::abs(focal[2] - (box->z0 + box->z1) / 2) < 1e-6);
  }
  else if (step.camera.preset == "top")
  {
    QVERIFY(camera->GetParallelProjection());
    double direction[3];
    camera->GetDirectionOfProjection(direction);
    QVERIFY(direction[2] < -0.999); // straight down
  }
  else if (step.camera.preset == "isometric")
  {
    QVERIFY(!camera->GetParallelProjection());
  }
}

void TestTrainingModule::answerQuestion(const tour::Step& step, const tour::Tour& tourData)
{
  TourPanel* panel = training().panel();
  QVERIFY(panel->questionBox()->isVisible());
  const int answeredBefore = training().session()->answeredCount();
  const int rightBefore = training().session()->correctCount();
  const QString rightWord = TourPanel::tr("Right.");
  const QString wrongWord = TourPanel::tr("Not quite.");
  if (!step.question->options.empty())
  {
    // A wrong option first: rejected, and it is the one that counts for the score.
    int wrong = 0;
    const auto& right = step.question->correctOptions;
    while (std::find(right.begin(), right.end(), wrong) != right.end())
    {
      ++wrong;
    }
    panel->chooseOption(wrong);
    QTest::mouseClick(panel->answerButton(), Qt::LeftButton);
    QVERIFY2(panel->verdictLabel()->text().startsWith(wrongWord),
             qPrintable(QStringLiteral("%1: option %2 of %3, enabled %4, visible %5: %6")
                          .arg(QString::fromStdString(step.title.en))
                          .arg(wrong)
                          .arg(step.question->options.size())
                          .arg(panel->answerButton()->isEnabled())
                          .arg(panel->answerButton()->isVisible())
                          .arg(panel->verdictLabel()->text())));
    panel->chooseOption(right.front());
    QTest::mouseClick(panel->answerButton(), Qt::LeftButton);
    QVERIFY(panel->verdictLabel()->text().startsWith(rightWord));
    QCOMPARE(training().session()->correctCount(), rightBefore);
  }
  else
  {
    // A pick: the learner's click selects an object; the right one is accepted, first.
    const engine::Scene& scene = m_window->document()->scene();
    const auto rightIds = tour::resolveTarget(scene, tourData, *step.question->pick);
    QVERIFY(!rightIds.empty());
    // A wrong pick: a rack or cooler the target does not match (a click on a rack stands for
    // the rack only, so no server or switch of the answer hides in it).
    std::string wrongId;
    for (const char* kind : { "rack", "cooler" })
    {
      tour::Query query;
      query.kind = kind;
      for (const std::string& id : tour::matchQuery(scene, query))
      {
        if (wrongId.empty() && std::find(rightIds.begin(), rightIds.end(), id) == rightIds.end())
        {
          wrongId = id;
        }
      }
    }
    QVERIFY(!wrongId.empty());
    m_window->context().selection->select(*engine::findById(scene, rightIds.front()));
    QVERIFY(panel->verdictLabel()->text().startsWith(rightWord));
    QCOMPARE(training().session()->correctCount(), rightBefore + 1);
    m_window->context().selection->select(*engine::findById(scene, wrongId));
    QVERIFY(panel->verdictLabel()->text().startsWith(wrongWord));
    QCOMPARE(training().session()->correctCount(), rightBefore + 1);
  }
  QCOMPARE(training().session()->answeredCount(), answeredBefore + 1);
}

void TestTrainingModule::playTour(const QString& path)
{
  const tour::Tour tourData = tour::loadTour(path.toStdString());
  QVERIFY(training().startTour(path));
  QVERIFY(training().dock()->isVisible());
  QVERIFY(m_window->document()->filePath().endsWith(QString::fromStdString(tourData.scene) +
                                                    QStringLiteral(".json")));
  QVERIFY(training().session()->blockedMessage().isEmpty());
  for (int i = 0; i < static_cast<int>(tourData.steps.size()); ++i)
  {
    checkStep(tourData, i);
    if (QTest::currentTestFailed())
    {
      return;
    }
    if (tourData.steps[i].question)
    {
      answerQuestion(tourData.steps[i], tourData);
    }
    const bool last = i + 1 == static_cast<int>(tourData.steps.size());
    QCOMPARE(training().panel()->nextButton()->isEnabled(), !last);
    QTest::keyClick(m_window.get(), Qt::Key_PageDown);
    QCOMPARE(training().session()->current(), last ? i : i + 1);
  }
  // Page Up goes back a step.
  QTest::keyClick(m_window.get(), Qt::Key_PageUp);
  QCOMPARE(training().session()->current(), static_cast<int>(tourData.steps.size()) - 2);
  QCOMPARE(training().session()->answeredCount(), training().session()->questionCount());
  training().endTour();
  QVERIFY(!training().session());
  QVERIFY(m_errors->messages.isEmpty());
}

void TestTrainingModule::bundledToursPlayEndToEndInEnglish()
{
  installInterfaceLanguage(QStringLiteral("en")); // false: English needs no translator
  for (const QString& path : TrainingModule::bundledTours())
  {
    playTour(path);
    if (QTest::currentTestFailed())
    {
      return;
    }
  }
}

void TestTrainingModule::bundledToursPlayEndToEndInChinese()
{
  QVERIFY(installInterfaceLanguage(QStringLiteral("zh_CN")));
  for (const QString& path : TrainingModule::bundledTours())
  {
    playTour(path);
    if (QTest::currentTestFailed())
    {
      break;
    }
  }
  // The dock's own words are Chinese too, and the first step's title is the tour's Chinese.
  const QString first = firstTour();
  QVERIFY(training().startTour(first));
  const tour::Tour data = tour::loadTour(first.toStdString());
  QCOMPARE(training().panel()->titleLabel()->text(),
           QString::fromStdString(data.steps[0].title.zhCN));
  QVERIFY2(training().panel()->progressLabel()->text().contains(QStringLiteral("步")),
           qPrintable(training().panel()->progressLabel()->text()));
  training().endTour();
  installInterfaceLanguage(QStringLiteral("en"));
}

void TestTrainingModule::userDocumentComesBackUnchanged()
{
  QVERIFY(m_window->openSample(QStringLiteral("lab-256")));
  engine::edit::MoveObjects move;
  move.ids = { "H1-R02" };
  move.dyM = 0.6;
  QVERIFY(m_window->context().editController->apply(move));
  SceneDocument* document = m_window->document();
  QVERIFY(document->isModified());
  const std::string before = engine::sceneToJson(document->scene());
  const QString pathBefore = document->filePath();

  QVERIFY(training().startTour(firstTour()));
  QVERIFY(engine::sceneToJson(document->scene()) != before); // the tour's own scene
  QTest::keyClick(m_window.get(), Qt::Key_PageDown);
  training().endTour();

  QCOMPARE(document->filePath(), pathBefore);
  QVERIFY(document->isModified());
  QVERIFY(engine::sceneToJson(document->scene()) == before);
}

QString TestTrainingModule::tourVariant(const QString& name,
                                        const std::function<void(QByteArray&)>& edit)
{
  QFile source(firstTour());
  if (!source.open(QIODevice::ReadOnly))
  {
    return {};
  }
  QByteArray text = source.readAll();
  edit(text);
  const QString path = m_dir.filePath(name);
  QFile out(path);
  if (!out.open(QIODevice::WriteOnly))
  {
    return {};
  }
  out.write(text);
  return path;
}

void TestTrainingModule::brokenTourStopsAtItsStep()
{
  // Step 3 ("One rack") highlights a rack that is not in the hall.
  const QString path = tourVariant(QStringLiteral("broken-step.json"),
                                   [](QByteArray& text) {
                                     text.replace("\"highlight\": [ \"H1-R01-K01\" ]",
                                                  "\"highlight\": [ \"H9-NO-SUCH-RACK\" ]");
                                   });
  QVERIFY(!path.isEmpty());
  const std::string before = engine::sceneToJson(m_window->document()->scene());
  QVERIFY(training().startTour(path));
  TourSession* session = training().session();
  QVERIFY(session->blockedMessage().isEmpty());
  session->goTo(6);
  QCOMPARE(session->current(), 2); // the tour stops at the broken step
  QLabel* blocked = training().panel()->blockedLabel();
  QVERIFY(blocked->isVisible());
  for (const QString& part :
       { QStringLiteral("broken-step.json"), QStringLiteral("step 3"),
         QStringLiteral("/steps/2/highlight/0"), QStringLiteral("H9-NO-SUCH-RACK") })
  {
    QVERIFY2(blocked->text().contains(part), qPrintable(blocked->text()));
  }
  QVERIFY(!training().panel()->nextButton()->isEnabled());
  QTest::keyClick(m_window.get(), Qt::Key_PageDown);
  QCOMPARE(session->current(), 2);
  training().endTour();
  QVERIFY(engine::sceneToJson(m_window->document()->scene()) == before);
}

void TestTrainingModule::malformedTourIsRefusedWithItsFileName()
{
  const QString path = tourVariant(QStringLiteral("malformed.json"),
                                   [](QByteArray& text) { text.chop(text.size() / 2); });
  const QString pathBefore = m_window->document()->filePath();
  const std::string before = engine::sceneToJson(m_window->document()->scene());
  m_errors->messages.clear();
  QVERIFY(!training().startTour(path));
  QVERIFY(!training().session());
  QCOMPARE(m_errors->messages.size(), 1);
  QVERIFY2(m_errors->messages.front().contains(QStringLiteral("malformed.json")),
           qPrintable(m_errors->messages.front()));
  QCOMPARE(m_window->document()->filePath(), pathBefore);
  QVERIFY(engine::sceneToJson(m_window->document()->scene()) == before);
  m_errors->messages.clear();
}

void TestTrainingModule::presenterViewShowsOnlyTheTour()
{
  QDockWidget* dashboard = m_window->ui().dock(QStringLiteral("dashboard.dock"));
  QVERIFY(dashboard);
  dashboard->show();
  QVERIFY(training().startTour(firstTour()));
  const int normalPoints = training().panel()->font().pointSize();
  QTest::keyClick(m_window.get(), Qt::Key_F5);
  QVERIFY(training().presenting());
  QVERIFY(m_window->windowState().testFlag(Qt::WindowFullScreen));
  QVERIFY(!m_window->menuBar()->isVisible());
  QVERIFY(!dashboard->isVisible());
  QVERIFY(training().dock()->isVisible());
  QVERIFY(training().panel()->font().pointSize() > normalPoints);
  QTest::keyClick(m_window.get(), Qt::Key_PageDown);
  QCOMPARE(training().session()->current(), 1);
  QTest::keyClick(m_window.get(), Qt::Key_Escape);
  QVERIFY(!training().presenting());
  QVERIFY(m_window->menuBar()->isVisible());
  QVERIFY(dashboard->isVisible());
  QCOMPARE(training().panel()->font().pointSize(), normalPoints);
  training().endTour();
}

} // namespace myriad::app

QTEST_MAIN(myriad::app::TestTrainingModule)
#include "test_training_module.moc"
