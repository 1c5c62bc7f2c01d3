// myriad: the desktop application. Sets up OpenGL for VTK, parses the command line, opens the
// requested scene (or the built-in 10k-GPU sample) and runs the optional benchmark/screenshot.
#include "app_options.h"
#include "collective_module.h"
#include "collective_recorder.h"
#include "error_reporter.h"
#include "frame_benchmark.h"
#include "interface_language.h"
#include "main_window.h"
#include "scene_document.h"
#include "siting_module.h"
#include "sweep_module.h"
#include "sweep_panel.h"
#include "tour_benchmark.h"
#include "tour_recorder.h"
#include "tour_session.h"
#include "training_module.h"
#include "vtk_view_widget.h"

#include <QApplication>
#include <QDebug>
#include <QDockWidget>
#include <QIcon>
#include <QScreen>
#include <QSettings>
#include <QTextStream>
#include <QTimer>

#include <cstdio>
#include <exception>

namespace
{

void prepareEnvironment(int argc, char** argv)
{
  // VTK's GLEW speaks GLX only: make Qt's xcb platform use GLX instead of EGL.
  if (qEnvironmentVariableIsEmpty("QT_XCB_GL_INTEGRATION"))
  {
    qputenv("QT_XCB_GL_INTEGRATION", "xcb_glx");
  }
  bool benchmark = false;
  for (int i = 1; i < argc; ++i)
  {
    benchmark = benchmark || QByteArray(argv[i]).startsWith("--benchmark-frames");
  }
  // The default format must be set before QApplication exists.
  myriad::app::VtkViewWidget::installDefaultSurfaceFormat(/*vsync=*/!benchmark);
}

/** --sweep DIR [--sweep-scenario N] [--sweep-axes X,Y]: show a sweep, open one scenario. */
bool openSweep(myriad::app::MainWindow& window, const myriad::app::AppOptions& options)
{
  auto* sweep = window.module<myriad::app::SweepModule>(QStringLiteral("sweep"));
  if (!sweep || !sweep->openFolder(options.sweepDirectory))
  {
    return false;
  }
  if (!options.sweepAxes.isEmpty())
  {
    const QStringList axes = options.sweepAxes.split(QLatin1Char(','));
    if (!sweep->panel()->setAxes(axes[0].trimmed(), axes[1].trimmed()))
    {
      qWarning().noquote() << "myriad: --sweep-axes" << options.sweepAxes
                           << "names a KPI the sweep has not";
    }
  }
  return options.sweepScenario < 0 || sweep->openScenario(options.sweepScenario);
}

/** --help and --version need no display: answer them before QApplication connects to one. */
void answerInformationalOptions(int argc, char** argv)
{
  for (int i = 1; i < argc; ++i)
  {
    const QByteArray arg(argv[i]);
    if (arg == "--help" || arg == "-h" || arg == "--version" || arg == "-v" || arg == "--help-all")
    {
      QCoreApplication core(argc, argv);
      QCoreApplication::setApplicationName(QStringLiteral("myriad"));
      QCoreApplication::setApplicationVersion(QStringLiteral(MYRIAD_VERSION));
      myriad::app::parseAppOptions(QCoreApplication::arguments()); // prints and exits
    }
  }
}

/**
 * A --size within reason: at most the screen's available area or 3840×2160 (a 4K screenshot or
 * benchmark on a smaller virtual screen), whichever is larger, and at least 320×240. A
 * 99999×99999 window exceeds what X and OpenGL can allocate and used to crash the program.
 */
QSize boundedWindowSize(const QSize& requested)
{
  const QScreen* screen = QGuiApplication::primaryScreen();
  const QSize available = screen ? screen->availableGeometry().size() : QSize(1920, 1080);
  const QSize largest = available.expandedTo(QSize(3840, 2160));
  const QSize bounded = requested.boundedTo(largest).expandedTo(QSize(320, 240));
  if (bounded != requested)
  {
    qWarning().noquote() << QStringLiteral("myriad: --size %1x%2 is beyond the screen; using %3x%4")
                              .arg(requested.width())
                              .arg(requested.height())
                              .arg(bounded.width())
                              .arg(bounded.height());
  }
  return bounded;
}

/**
 * Once the --animate collective is simulated: show it at --animate-at of its time, then run the
 * benchmark (its frames play the whole collective), record it or take the screenshot, if asked.
 */
void startAnimationTask(myriad::app::MainWindow& window, myriad::app::CollectiveModule* module,
                        const myriad::app::AppOptions& options)
{
  using namespace myriad::app;
  const double end = module->computed()->timeline.endS;
  module->seek(options.animateAt * end);
  if (options.benchmarkFrames > 0)
  {
    auto* benchmark = new FrameBenchmark(&window, options.benchmarkFrames);
    const int frames = options.benchmarkFrames;
    benchmark->setFrameStep([module, end, frames](int frame)
                            { module->seek(end * frame / frames); });
    QObject::connect(benchmark, &FrameBenchmark::finished, &window,
                     [module](int code)
                     {
                       std::printf("animation %s\n", qPrintable(module->describeShown()));
                       QApplication::exit(code);
                     });
    benchmark->start();
  }
  else if (!options.recordDirectory.isEmpty())
  {
    const CollectiveRecorder::Options recording{ options.recordDirectory, options.recordFps,
                                                 options.animateSeconds,
                                                 options.recordHoldSeconds };
    auto* recorder = new CollectiveRecorder(module, &window, window.view(), recording, &window);
    QObject::connect(recorder, &CollectiveRecorder::finished, &window,
                     [recorder](int code)
                     {
                       qInfo().noquote() << recorder->summary();
                       QApplication::exit(code);
                     });
    QTimer::singleShot(0, recorder, &CollectiveRecorder::start);
  }
  else if (!options.screenshotPath.isEmpty())
  {
    auto* screenshot = new ScreenshotTask(&window, options.screenshotPath);
    QObject::connect(screenshot, &ScreenshotTask::finished, &window, &QApplication::exit);
    screenshot->start();
  }
}

/** --animate KIND: simulate the collective on the scene's fabric, then startAnimationTask. */
int runAnimation(myriad::app::MainWindow& window, const myriad::app::AppOptions& options,
                 QApplication& application)
{
  using namespace myriad::app;
  auto* module = window.module<CollectiveModule>(QStringLiteral("collectives"));
  module->dock()->show();
  module->dock()->raise();
  CollectiveRequest request;
  request.kind = options.animate == QLatin1String("ring") ? CollectiveKind::RingAllReduce
                 : options.animate == QLatin1String("hierarchical")
                   ? CollectiveKind::HierarchicalAllReduce
                   : CollectiveKind::AllToAll;
  request.gpus = options.animateGpus;
  request.order = options.animateOrder == QLatin1String("node")
                    ? myriad::engine::traffic::MemberOrder::Node
                    : myriad::engine::traffic::MemberOrder::Rail;
  if (options.scripted())
  {
    QObject::connect(module, &CollectiveModule::simulateFailed, &application,
                     [&application] { application.exit(1); });
  }
  QObject::connect(
    module, &CollectiveModule::collectiveReady, &window,
    [&window, module, options] { startAnimationTask(window, module, options); },
    Qt::SingleShotConnection);
  module->simulate(request);
  return application.exec();
}

int runApplication(QApplication& application)
{
  using namespace myriad::app;
  const AppOptions options = parseAppOptions(QApplication::arguments());
  if (options.scripted())
  {
    // Scripted runs have nobody to close a dialog: errors go to stderr (reportError logs them).
    setErrorHandler([](QWidget*, const QString&, const QString&) {});
  }

  MainWindow window;
  if (options.windowSize)
  {
    window.resize(boundedWindowSize(*options.windowSize));
  }
  else
  {
    window.restoreWindowSettings();
  }
  if (options.file.isEmpty())
  {
    window.openDefaultScene();
  }
  else if (!window.openFile(options.file) && options.scripted())
  {
    return 1; // a scripted run cannot go on without its scene
  }
  if (options.view)
  {
    window.applyCameraPreset(*options.view);
  }
  if (options.colorBy)
  {
    window.setColorBy(*options.colorBy);
  }
  if (!options.selectId.isEmpty())
  {
    const auto ref =
      myriad::engine::findById(window.document()->scene(), options.selectId.toStdString());
    if (!ref)
    {
      qWarning().noquote() << "myriad: --select: no object with id" << options.selectId;
    }
    window.selectObject(ref.value_or(myriad::engine::ObjectRef{}));
  }
  window.show();
  for (const QString& name : options.showDocks)
  {
    if (QDockWidget* dock = window.ui().dock(name + QStringLiteral(".dock")))
    {
      dock->show();
      dock->raise();
    }
  }

  if (!options.animate.isEmpty())
  {
    return runAnimation(window, options, application);
  }
  if (!options.sweepDirectory.isEmpty() && !openSweep(window, options) && options.scripted())
  {
    return 1; // reported: a scripted run cannot show a sweep it cannot read
  }
  if (!options.sitingStudy.isEmpty())
  {
    auto* siting = window.module<SitingModule>(QStringLiteral("siting"));
    if ((!siting || !siting->openStudy(options.sitingStudy)) && options.scripted())
    {
      return 1; // reported: a scripted run cannot show a study it cannot read
    }
  }
  if (!options.sitesJob.isEmpty())
  {
    auto* siting = window.module<SitingModule>(QStringLiteral("siting"));
    if ((!siting || !siting->timeSitesJob(options.sitesJob)) && options.scripted())
    {
      return 1; // reported: a scripted run cannot show a job it cannot time
    }
  }
  if (!options.tourPath.isEmpty())
  {
    auto* training = window.module<TrainingModule>(QStringLiteral("training"));
    if (training && training->startTour(options.tourPath))
    {
      training->session()->goTo(options.tourStep - 1);
      training->setPresenting(options.presenter);
    }
    else if (options.scripted() || options.benchmarkTour)
    {
      return 1; // reported: the tour names its problem; a scripted run cannot go on without it
    }
    if (options.benchmarkTour)
    {
      auto* benchmark = new TourBenchmark(training, window.view(), &window);
      QObject::connect(benchmark, &TourBenchmark::finished, &application,
                       [benchmark, &application](int code)
                       {
                         QTextStream(stdout) << benchmark->resultLine() << '\n';
                         application.exit(code);
                       });
      QTimer::singleShot(0, benchmark, &TourBenchmark::start);
      return application.exec();
    }
    if (!options.recordDirectory.isEmpty())
    {
      TourRecorder::Options recording{ options.recordDirectory, options.recordFps,
                                       options.recordHoldSeconds };
      auto* recorder = new TourRecorder(training, &window, window.view(), window.liveScheduler(),
                                        recording, &window);
      QObject::connect(recorder, &TourRecorder::finished, &application,
                       [recorder, &application](int code)
                       {
                         qInfo().noquote() << recorder->summary();
                         application.exit(code);
                       });
      // Once the window is on screen and has drawn: the first frame needs a GL context.
      QTimer::singleShot(0, recorder, &TourRecorder::start);
      return application.exec();
    }
  }
  if (options.benchmarkFrames > 0)
  {
    auto* benchmark = new FrameBenchmark(&window, options.benchmarkFrames);
    QObject::connect(benchmark, &FrameBenchmark::finished, &application, &QApplication::exit);
    benchmark->start();
  }
  else if (!options.screenshotPath.isEmpty())
  {
    auto* screenshot = new ScreenshotTask(&window, options.screenshotPath);
    QObject::connect(screenshot, &ScreenshotTask::finished, &application, &QApplication::exit);
    screenshot->start();
  }
  return application.exec();
}

} // namespace

int main(int argc, char** argv)
{
  // The icon lives in myriad_app, a static library: register its resources explicitly, or the
  // linker drops them as unreferenced.
  Q_INIT_RESOURCE(myriad);
  // --lang is taken out before anything parses the rest of the command line.
  const std::optional<QString> language = myriad::app::takeLanguageOption(argc, argv);
  answerInformationalOptions(argc, argv);
  prepareEnvironment(argc, argv);
  QApplication application(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("Myriad"));
  QApplication::setApplicationName(QStringLiteral("Myriad"));
  QApplication::setApplicationVersion(QStringLiteral(MYRIAD_VERSION));
  QApplication::setDesktopFileName(QStringLiteral("myriad"));
  QApplication::setWindowIcon(QIcon(QStringLiteral(":/myriad/myriad.svg")));
  // Before any window exists: --lang, else the setting, else the system locale (docs/i18n.md).
  myriad::app::installInterfaceLanguage(myriad::app::chooseInterfaceLanguage(
    language, QSettings().value(myriad::app::interfaceLanguageSettingsKey()).toString()));
  try
  {
    return runApplication(application);
  }
  catch (const std::exception& error)
  {
    qCritical().noquote() << "myriad: fatal error:" << error.what();
    return 1;
  }
}
