// myriad-cli report FILE -o report.pdf: the executive PDF report (tools/report), headless.
#include "command.h"
#include "scene_input.h"

#if MYRIAD_HAVE_REPORT

#include "report.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/scene_io.h"

#include <QByteArray>
#include <QGuiApplication>

#include <cstdio>
#include <memory>

namespace myriad::cli
{

namespace
{

namespace econ = engine::economics;

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

int runReport(const std::vector<std::string>& arguments)
{
  const Args args(arguments, { "--scenario", "--inputs", "--out", "-o", "--json" });
  if (args.positional().size() != 1)
  {
    throw UsageError("expected exactly one scene FILE");
  }
  const std::string out = args.has("--out") ? args.value("--out") : args.value("-o");
  if (out.empty())
  {
    throw UsageError("expected -o report.pdf (where to write the report)");
  }
  const std::string file = args.positional().front();
  const auto scene = loadSceneArgument(file);
  econ::EconomicsInputs inputs;
  if (args.has("--inputs"))
  {
    const std::string path = args.value("--inputs");
    inputs = econ::economicsInputsFromJson(engine::readFile(path), path);
  }
  econ::validateInputs(inputs, engine::Catalog::builtin());
  const auto content = report::computeReport(scene, engine::Catalog::builtin(), inputs,
                                             args.value("--scenario"), file);
  const auto app = offscreenApplication();
  const int pages = report::writeReportPdf(content, out);
  std::printf("Wrote %s (%d pages)\n", out.c_str(), pages);
  if (args.has("--json"))
  {
    engine::writeFileAtomically(args.value("--json"), report::reportJson(content));
    std::printf("Wrote %s\n", args.value("--json").c_str());
  }
  return 0;
}

} // namespace

MYRIAD_CLI_COMMAND(
  { "report", "executive PDF report: KPIs, charts, tornado, scenario comparison",
    "myriad-cli report FILE -o report.pdf [options]\n"
    "  FILE                  scene file, or builtin:NAME\n"
    "  --out, -o FILE        the PDF to write (3 A4 pages)\n"
    "  --scenario NAME       compare with the scene's scenario NAME (KPI deltas, layout diff)\n"
    "  --inputs FILE         economics inputs JSON (see docs/models/economics.md)\n"
    "  --json FILE           also write every figure of the report as JSON",
    runReport });

} // namespace myriad::cli

#endif
