// myriad-cli report FILE -o report.pdf: the executive PDF report (tools/report), headless.
#include "command.h"
#include "scene_input.h"

namespace myriad::cli
{
namespace
{

const char* const kReportSummary =
  "executive PDF report: KPIs, charts, tornado, scenario comparison";
const char* const kReportUsage =
  "usage: myriad-cli report FILE -o report.pdf [--scenario NAME] [--inputs FILE]\n"
  "                         [--json report.json] [--csv report.csv] [--lang CODE]\n"
  "                         [--siting STUDY.json]\n"
  "  FILE                  scene file, or builtin:NAME\n"
  "  -o, --out FILE        the PDF to write (A4 pages)\n"
  "  --scenario NAME       compare with the scene's scenario NAME (KPI deltas, layout diff)\n"
  "  --inputs FILE         economics inputs JSON whose fields replace those of the scene's\n"
  "                        evaluation context (docs/models/economics.md) for this report\n"
  "  --siting STUDY.json   add a page \"Where to build\": the siting study's findings, best\n"
  "                        options and Pareto chart (docs/models/siting.md)\n"
  "  --json FILE           also write every figure of the report as JSON\n"
  "  --csv FILE            ... and as CSV (figure,value; figure = its JSON path)\n"
  "  --lang CODE           language of the report: en (default) or zh_CN (Simplified\n"
  "                        Chinese: texts, numbers and money in 万/亿, a CJK font\n"
  "                        embedded; also zh, zh-CN). Figures in --json/--csv stay USD";

} // namespace
} // namespace myriad::cli

#if MYRIAD_HAVE_REPORT

#include "report.h"
#include "report_language.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/siting/study.h"

#if MYRIAD_HAVE_SCENES
#include "myriad/scenes/hall_scene.h"
#endif

#include <QByteArray>
#include <QGuiApplication>

#include <cstdio>
#include <filesystem>
#include <memory>

namespace myriad::cli
{

namespace
{

namespace econ = engine::economics;

/**
 * Render the hall (isometric, racks by kind) to a temporary PNG next to `out` for page 1.
 * Needs an X display (VTK on Debian is GLX only); without one returns "" and says why in
 * `note`.
 */
std::string renderSnapshot(const engine::Scene& scene, const std::string& out, std::string& note)
{
#if MYRIAD_HAVE_SCENES
  if (!scenes::displayAvailable())
  {
    note = scenes::displayError();
    return {};
  }
  std::string png = out + ".snapshot.png";
  scenes::RenderOptions options;
  options.width = 1600;
  options.height = 900;
  std::string error;
  if (!scenes::renderToPng(scene, engine::Catalog::builtin(), png, options, &error))
  {
    note = "rendering failed: " + error;
    return {};
  }
  return png;
#else
  (void)scene;
  (void)out;
  note = "this build has no 3D scene layer (MYRIAD_BUILD_SCENES=OFF)";
  return {};
#endif
}

/** A QGuiApplication on the "offscreen" platform, so fonts and QPdfWriter work without X. */
std::unique_ptr<QGuiApplication> offscreenApplication()
{
  if (QCoreApplication::instance() != nullptr)
  {
    return nullptr;
  }
  qputenv("QT_QPA_PLATFORM", "offscreen");
  static int argc = 1;
  static char name[] = "myriad-cli";
  static char* argv[] = { name, nullptr };
  return std::make_unique<QGuiApplication>(argc, argv);
}

/** The report's language from --lang (default English: scripts read the same report). */
QString reportLanguage(const Args& args)
{
  const std::string value = args.value("--lang", "en");
  const auto language = report::normalizedReportLanguage(QString::fromStdString(value));
  if (!language)
  {
    throw UsageError("--lang expects en or zh_CN (a language code such as zh_CN, zh-CN or en), "
                     "got \"" +
                     value + "\"");
  }
  return *language;
}

int runReport(const std::vector<std::string>& arguments)
{
  const Args args(arguments,
                  { "--scenario", "--inputs", kOut, "--json", "--csv", "--lang", "--siting" });
  if (args.positional().size() != 1)
  {
    throw UsageError("expected exactly one scene FILE");
  }
  args.require("--out", "report.pdf (where to write the report)");
  const QString language = reportLanguage(args);
  const std::string out = args.value("--out");
  const std::string file = args.positional().front();
  const auto scene = loadSceneArgument(file);
  econ::EconomicsInputs inputs = econ::documentInputs(scene); // the document's context
  if (args.has("--inputs"))
  {
    const std::string path = args.value("--inputs");
    inputs = readInput(path, [&]
                       { return econ::inputsWithOverrides(inputs, engine::readFile(path), path); });
  }
  useFabricBom(scene, inputs);
  econ::validateInputs(inputs, engine::Catalog::builtin());
  // The application and the language come first: the summary and the assumptions are written
  // in the report's language when they are computed.
  const auto app = offscreenApplication();
  report::installReportLanguage(language);
  auto content = report::computeReport(scene, engine::Catalog::builtin(), inputs,
                                       args.value("--scenario"), file);
  if (args.has("--siting"))
  {
    const auto study =
      engine::siting::loadSitingStudy(args.value("--siting"), engine::Catalog::builtin());
    content.siting = engine::siting::evaluateSitingStudy(study, engine::Catalog::builtin());
  }
  const std::string snapshot = renderSnapshot(scene, out, content.snapshotNote);
  content.snapshotPng = snapshot;
  int pages = 0;
  try
  {
    pages = report::writeReportPdf(content, out);
  }
  catch (...)
  {
    std::filesystem::remove(snapshot.empty() ? std::string("/nonexistent") : snapshot);
    throw;
  }
  if (!snapshot.empty())
  {
    std::filesystem::remove(snapshot);
  }
  std::printf("Wrote %s (%d pages)\n", out.c_str(), pages);
  if (args.has("--json"))
  {
    engine::writeFileAtomically(args.value("--json"), report::reportJson(content));
    std::printf("Wrote %s\n", args.value("--json").c_str());
  }
  if (args.has("--csv"))
  {
    engine::writeFileAtomically(args.value("--csv"), report::reportCsv(content));
    std::printf("Wrote %s\n", args.value("--csv").c_str());
  }
  return 0;
}

} // namespace

} // namespace myriad::cli

#else

namespace myriad::cli
{
namespace
{

// The lean myriad-cli hands report to myriad-cli-full (main.cpp); this answers only when run
// from a build without Qt Gui.
int runReport(const std::vector<std::string>& /*arguments*/)
{
  throw engine::Error("report: this myriad-cli was built without the PDF report (Qt Gui)");
}

} // namespace
} // namespace myriad::cli

#endif

namespace myriad::cli
{
MYRIAD_CLI_COMMAND({ "report", kReportSummary, kReportUsage, runReport });
} // namespace myriad::cli
