#include "app_options.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QRegularExpression>

#include <cstdio>
#include <cstdlib>

namespace myriad::app
{

namespace
{

[[noreturn]] void fail(const QCommandLineParser& parser, const QString& message)
{
  std::fprintf(stderr, "myriad: %s\n\n%s", qPrintable(message), qPrintable(parser.helpText()));
  std::exit(2);
}

std::optional<scenes::CameraPreset> parseView(const QString& text)
{
  if (text == QLatin1String("top"))
  {
    return scenes::CameraPreset::Top;
  }
  if (text == QLatin1String("isometric") || text == QLatin1String("iso"))
  {
    return scenes::CameraPreset::Isometric;
  }
  if (text == QLatin1String("aisle"))
  {
    return scenes::CameraPreset::AisleWalk;
  }
  return std::nullopt;
}

std::optional<scenes::ColorBy> parseColorBy(const QString& text)
{
  if (text == QLatin1String("kind"))
  {
    return scenes::ColorBy::Kind;
  }
  if (text == QLatin1String("power"))
  {
    return scenes::ColorBy::PowerDensity;
  }
  if (text == QLatin1String("cooling"))
  {
    return scenes::ColorBy::Cooling;
  }
  return std::nullopt;
}

/** --animate KIND [--animate-gpus N] [--animate-order O] [--animate-at F]; a bad value exits
 *  with status 2. */
void parseAnimateOptions(const QCommandLineParser& parser, const QCommandLineOption& animate,
                         const QCommandLineOption& gpus, const QCommandLineOption& order,
                         const QCommandLineOption& at, AppOptions& options)
{
  options.animate = parser.value(animate);
  const QStringList kinds{ QStringLiteral("ring"), QStringLiteral("hierarchical"),
                           QStringLiteral("all-to-all") };
  if (parser.isSet(animate) && !kinds.contains(options.animate))
  {
    fail(parser, QStringLiteral("--animate expects ring, hierarchical or all-to-all, got '%1'")
                   .arg(options.animate));
  }
  if ((parser.isSet(gpus) || parser.isSet(at) || parser.isSet(order)) && !parser.isSet(animate))
  {
    fail(parser,
         QStringLiteral("--animate-gpus, --animate-order and --animate-at need --animate KIND"));
  }
  if (parser.isSet(order))
  {
    options.animateOrder = parser.value(order);
    if (options.animateOrder != QLatin1String("rail") &&
        options.animateOrder != QLatin1String("node"))
    {
      fail(
        parser,
        QStringLiteral("--animate-order expects rail or node, got '%1'").arg(options.animateOrder));
    }
  }
  if (parser.isSet(gpus))
  {
    bool ok = false;
    options.animateGpus = parser.value(gpus).toInt(&ok);
    if (!ok || options.animateGpus < 2)
    {
      fail(
        parser,
        QStringLiteral("--animate-gpus expects an integer ≥ 2, got '%1'").arg(parser.value(gpus)));
    }
  }
  if (parser.isSet(at))
  {
    bool ok = false;
    options.animateAt = parser.value(at).toDouble(&ok);
    if (!ok || options.animateAt < 0 || options.animateAt > 1)
    {
      fail(parser,
           QStringLiteral("--animate-at expects a fraction 0–1, got '%1'").arg(parser.value(at)));
    }
  }
}

} // namespace

AppOptions parseAppOptions(const QStringList& arguments)
{
  QCommandLineParser parser;
  parser.setApplicationDescription(
    QCoreApplication::translate("main", "Plan, analyse and explain AI training clusters."));
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument(
    QStringLiteral("file"),
    QCoreApplication::translate("main", "Scene to open (default: the h100-superpod-10k sample)."),
    QStringLiteral("[FILE]"));
  const QCommandLineOption benchmark(
    QStringLiteral("benchmark-frames"),
    QCoreApplication::translate("main", "Render N frames while turning the camera, print the "
                                        "frame rate on one line and quit."),
    QStringLiteral("N"));
  const QCommandLineOption screenshot(
    QStringLiteral("screenshot"),
    QCoreApplication::translate("main", "Save a PNG of the window after the first frames, quit."),
    QStringLiteral("PNG"));
  const QCommandLineOption view(
    QStringLiteral("view"), QCoreApplication::translate("main", "Camera: top, isometric, aisle."),
    QStringLiteral("VIEW"));
  const QCommandLineOption colorBy(
    QStringLiteral("color-by"),
    QCoreApplication::translate("main", "Rack colours: kind, power, cooling."),
    QStringLiteral("ATTRIBUTE"));
  const QCommandLineOption size(QStringLiteral("size"),
                                QCoreApplication::translate("main", "Window size, e.g. 1600x1000."),
                                QStringLiteral("WxH"));
  const QCommandLineOption select(
    QStringLiteral("select"),
    QCoreApplication::translate("main", "Select the object with this id (rack, node, GPU, ...)."),
    QStringLiteral("ID"));
  const QCommandLineOption show(
    QStringLiteral("show"),
    QCoreApplication::translate("main", "Open these docks at start, comma-separated: %1.")
      .arg(showableDocks().join(QStringLiteral(", "))),
    QStringLiteral("DOCKS"));
  // --lang is taken out of the command line before this parser runs (main.cpp,
  // takeLanguageOption); it is listed here so that --help shows it.
  const QCommandLineOption language(
    QStringLiteral("lang"),
    QCoreApplication::translate("main", "Interface language: zh_CN, en or system (default: the "
                                        "interface/language setting, else the system's)."),
    QStringLiteral("LANG"));
  const QCommandLineOption tour(
    QStringLiteral("tour"),
    QCoreApplication::translate("main", "Start this guided tour (its scene replaces FILE)."),
    QStringLiteral("TOUR"));
  const QCommandLineOption tourStep(
    QStringLiteral("tour-step"),
    QCoreApplication::translate("main", "Show this step of the tour first (1 = the first)."),
    QStringLiteral("N"));
  const QCommandLineOption presenter(
    QStringLiteral("presenter"),
    QCoreApplication::translate("main", "Play the tour in presenter view (full screen)."));
  const QCommandLineOption record(
    QStringLiteral("record"),
    QCoreApplication::translate("main", "Record the tour or the animation into this folder as "
                                        "PNG frames (and an MP4 when ffmpeg is installed), then "
                                        "quit."),
    QStringLiteral("DIR"));
  const QCommandLineOption fps(
    QStringLiteral("fps"),
    QCoreApplication::translate("main", "Frames per second of the recording (default 25)."),
    QStringLiteral("N"));
  const QCommandLineOption hold(
    QStringLiteral("hold"),
    QCoreApplication::translate("main", "Seconds each tour step, or the animation's last frame, "
                                        "is shown (default 4)."),
    QStringLiteral("SECONDS"));
  const QCommandLineOption benchmarkTour(
    QStringLiteral("benchmark-tour"),
    QCoreApplication::translate("main", "Play the tour in real time, print each camera flight's "
                                        "arrival time and frames, quit."));
  const QCommandLineOption animate(
    QStringLiteral("animate"),
    QCoreApplication::translate("main", "Simulate this collective on the fabric and animate it: "
                                        "ring, hierarchical or all-to-all."),
    QStringLiteral("KIND"));
  const QCommandLineOption animateGpus(
    QStringLiteral("animate-gpus"),
    QCoreApplication::translate("main", "GPUs of the animated collective (default: every GPU)."),
    QStringLiteral("N"));
  const QCommandLineOption animateOrder(
    QStringLiteral("animate-order"),
    QCoreApplication::translate("main", "Ring order of the animated collective's GPUs: rail "
                                        "(rail by rail, default) or node (node by node)."),
    QStringLiteral("ORDER"));
  const QCommandLineOption animateAt(
    QStringLiteral("animate-at"),
    QCoreApplication::translate("main", "Fraction of the collective shown first (default 0.5)."),
    QStringLiteral("F"));
  const QCommandLineOption animateSeconds(
    QStringLiteral("animate-seconds"),
    QCoreApplication::translate("main", "Length of a recorded animation: the whole collective "
                                        "in this many seconds (default 10)."),
    QStringLiteral("SECONDS"));
  const QCommandLineOption sweep(
    QStringLiteral("sweep"),
    QCoreApplication::translate("main", "Show this sweep folder's results (myriad-cli sweep) "
                                        "in the Sweep dock."),
    QStringLiteral("DIR"));
  const QCommandLineOption sweepScenario(
    QStringLiteral("sweep-scenario"),
    QCoreApplication::translate("main", "Open this scenario of the --sweep folder in 3D."),
    QStringLiteral("N"));
  const QCommandLineOption sweepAxes(
    QStringLiteral("sweep-axes"),
    QCoreApplication::translate("main", "The Pareto chart's KPIs, e.g. usdPerGpuHour,pue."),
    QStringLiteral("X,Y"));
  const QCommandLineOption siting(
    QStringLiteral("siting"),
    QCoreApplication::translate("main", "Evaluate this siting study (myriad-cli siting) and show "
                                        "its options, map and Pareto chart in the Siting dock."),
    QStringLiteral("STUDY"));
  parser.addOption(siting);
  const QCommandLineOption sitesJob(
    QStringLiteral("sites-job"),
    QCoreApplication::translate("main", "Time this job preset (e.g. llama3-405b) across the "
                                        "sites of a multi-site scene in the Sites dock."),
    QStringLiteral("JOB"));
  parser.addOption(sitesJob);
  parser.addOptions({ benchmark, screenshot,    view,         colorBy,   size,
                      select,    show,          language,     tour,      tourStep,
                      presenter, record,        fps,          hold,      benchmarkTour,
                      animate,   animateGpus,   animateOrder, animateAt, animateSeconds,
                      sweep,     sweepScenario, sweepAxes });
  parser.process(arguments);

  AppOptions options;
  const QStringList positional = parser.positionalArguments();
  if (positional.size() > 1)
  {
    fail(parser, QStringLiteral("expected at most one FILE, got %1").arg(positional.size()));
  }
  options.file = positional.value(0);
  if (parser.isSet(benchmark))
  {
    bool ok = false;
    options.benchmarkFrames = parser.value(benchmark).toInt(&ok);
    if (!ok || options.benchmarkFrames <= 0)
    {
      fail(parser, QStringLiteral("--benchmark-frames expects a positive integer, got '%1'")
                     .arg(parser.value(benchmark)));
    }
  }
  options.screenshotPath = parser.value(screenshot);
  if (parser.isSet(view) && !(options.view = parseView(parser.value(view))))
  {
    fail(
      parser,
      QStringLiteral("--view expects top, isometric or aisle, got '%1'").arg(parser.value(view)));
  }
  if (parser.isSet(colorBy) && !(options.colorBy = parseColorBy(parser.value(colorBy))))
  {
    fail(parser, QStringLiteral("--color-by expects kind, power or cooling, got '%1'")
                   .arg(parser.value(colorBy)));
  }
  if (parser.isSet(size))
  {
    const auto match =
      QRegularExpression(QStringLiteral("^(\\d{2,5})x(\\d{2,5})$")).match(parser.value(size));
    if (!match.hasMatch())
    {
      fail(parser, QStringLiteral("--size expects WIDTHxHEIGHT, got '%1'").arg(parser.value(size)));
    }
    options.windowSize = QSize(match.captured(1).toInt(), match.captured(2).toInt());
  }
  options.selectId = parser.value(select);
  if (parser.isSet(show))
  {
    for (const QString& name : parser.value(show).split(QLatin1Char(','), Qt::SkipEmptyParts))
    {
      if (!showableDocks().contains(name.trimmed()))
      {
        fail(parser, QStringLiteral("--show expects some of %1, got '%2'")
                       .arg(showableDocks().join(QStringLiteral(", ")), name));
      }
      options.showDocks << name.trimmed();
    }
  }
  options.tourPath = parser.value(tour);
  options.sweepDirectory = parser.value(sweep);
  options.sitingStudy = parser.value(siting);
  options.sitesJob = parser.value(sitesJob);
  options.sweepAxes = parser.value(sweepAxes);
  if (parser.isSet(sweepAxes) && options.sweepAxes.split(QLatin1Char(',')).size() != 2)
  {
    fail(parser,
         QStringLiteral("--sweep-axes expects two KPI names X,Y, got '%1'").arg(options.sweepAxes));
  }
  if (parser.isSet(sweepScenario))
  {
    bool ok = false;
    options.sweepScenario = parser.value(sweepScenario).toLongLong(&ok);
    if (!ok || options.sweepScenario < 0 || !parser.isSet(sweep))
    {
      fail(parser, QStringLiteral("--sweep-scenario expects a scenario number ≥ 0 with --sweep "
                                  "DIR, got '%1'")
                     .arg(parser.value(sweepScenario)));
    }
  }
  if (parser.isSet(tourStep))
  {
    bool ok = false;
    options.tourStep = parser.value(tourStep).toInt(&ok);
    if (!ok || options.tourStep <= 0)
    {
      fail(parser, QStringLiteral("--tour-step expects a positive integer, got '%1'")
                     .arg(parser.value(tourStep)));
    }
  }
  options.presenter = parser.isSet(presenter);
  options.recordDirectory = parser.value(record);
  if (parser.isSet(fps))
  {
    bool ok = false;
    options.recordFps = parser.value(fps).toInt(&ok);
    if (!ok || options.recordFps <= 0 || options.recordFps > 120)
    {
      fail(parser,
           QStringLiteral("--fps expects an integer 1–120, got '%1'").arg(parser.value(fps)));
    }
  }
  if (parser.isSet(hold))
  {
    bool ok = false;
    options.recordHoldSeconds = parser.value(hold).toDouble(&ok);
    if (!ok || options.recordHoldSeconds < 0 || options.recordHoldSeconds > 600)
    {
      fail(parser,
           QStringLiteral("--hold expects seconds 0–600, got '%1'").arg(parser.value(hold)));
    }
  }
  options.benchmarkTour = parser.isSet(benchmarkTour);
  if ((parser.isSet(tourStep) || options.presenter || options.benchmarkTour) &&
      options.tourPath.isEmpty())
  {
    fail(parser,
         QStringLiteral("--tour-step, --presenter and --benchmark-tour need --tour TOUR.json"));
  }
  if (parser.isSet(record) && options.tourPath.isEmpty() && !parser.isSet(animate))
  {
    fail(parser, QStringLiteral("--record needs --tour TOUR.json or --animate KIND"));
  }
  if ((parser.isSet(fps) || parser.isSet(hold)) && options.recordDirectory.isEmpty())
  {
    fail(parser, QStringLiteral("--fps and --hold need --record DIR"));
  }
  parseAnimateOptions(parser, animate, animateGpus, animateOrder, animateAt, options);
  if (parser.isSet(animateSeconds))
  {
    bool ok = false;
    options.animateSeconds = parser.value(animateSeconds).toDouble(&ok);
    if (!ok || options.animateSeconds < 1 || options.animateSeconds > 3600)
    {
      fail(parser, QStringLiteral("--animate-seconds expects seconds 1–3600, got '%1'")
                     .arg(parser.value(animateSeconds)));
    }
    if (options.recordDirectory.isEmpty() || options.animate.isEmpty())
    {
      fail(parser, QStringLiteral("--animate-seconds needs --animate KIND and --record DIR"));
    }
  }
  return options;
}

QStringList showableDocks()
{
  return { QStringLiteral("fabric"),    QStringLiteral("thermal"),    QStringLiteral("traffic"),
           QStringLiteral("telemetry"), QStringLiteral("violations"), QStringLiteral("dashboard") };
}

} // namespace myriad::app
