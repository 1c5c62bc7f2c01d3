// myriad-cli apply SCENE EDITS.json: apply a list of edit commands (edit.h) to a scene, save the
// result atomically with -o, and rerun the live model stages the edits touch (live_models.h),
// printing each KPI before → after, the violations, the time of every stage and the backend
// that ran it (traffic and thermal solvers from the backend factory, --backend).
#include "backend_option.h"
#include "command.h"
#include "scene_input.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/edit/edit.h"
#include "myriad/engine/live/live_models.h"
#include "myriad/engine/scene_io.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace myriad::cli
{

namespace
{

namespace edit = engine::edit;
namespace live = engine::live;

/** The stages named by --stages (a comma list or "all"), checked before anything is read;
 *  nullopt without --stages. */
std::optional<std::vector<live::Stage>> requestedStages(const Args& args)
{
  if (!args.has("--stages"))
    return std::nullopt;
  const std::string list = args.value("--stages");
  std::vector<live::Stage> stages;
  std::stringstream stream(list);
  std::string name;
  while (std::getline(stream, name, ','))
  {
    bool known = false;
    for (const live::Stage s : live::allStages())
    {
      if (name == "all" || name == live::toString(s))
      {
        known = true;
        if (std::find(stages.begin(), stages.end(), s) == stages.end())
          stages.push_back(s);
      }
    }
    if (!known)
      throw UsageError("apply: --stages " + list + ": unknown stage \"" + name +
                       "\" (expected all or a comma list of geometry, fabric, power, "
                       "economics, traffic, thermal)");
  }
  std::sort(stages.begin(), stages.end());
  return stages;
}

/** The requested stages, else those the edits need; --no-thermal drops the thermal stage. */
std::vector<live::Stage> stagesToRun(const Args& args,
                                     const std::optional<std::vector<live::Stage>>& requested,
                                     const edit::ChangeSet& changes)
{
  std::vector<live::Stage> stages = requested ? *requested : live::stagesFor(changes);
  if (args.has("--no-thermal"))
    stages.erase(std::remove(stages.begin(), stages.end(), live::Stage::Thermal), stages.end());
  return stages;
}

struct KpiRow
{
  live::Stage stage;
  const char* name;
  const char* format;
  double (*get)(const live::Kpis&);
};

const std::vector<KpiRow>& kpiRows()
{
  using K = live::Kpis;
  using S = live::Stage;
  static const std::vector<KpiRow> rows = {
    { S::Geometry, "Racks", "%.0f", [](const K& k) { return double(k.racks); } },
    { S::Geometry, "GPUs", "%.0f", [](const K& k) { return double(k.gpus); } },
    { S::Geometry, "IT power (MW, peak nameplate)", "%.3f",
      [](const K& k) { return k.itPowerMW; } },
    { S::Fabric, "Fabric cables", "%.0f", [](const K& k) { return double(k.fabricCables); } },
    { S::Fabric, "Cable length (km)", "%.3f", [](const K& k) { return k.cableLengthKm; } },
    { S::Fabric, "Transceivers", "%.0f", [](const K& k) { return double(k.transceivers); } },
    { S::Fabric, "Optics power (kW)", "%.1f", [](const K& k) { return k.opticsPowerKW; } },
    { S::Fabric, "Max tray fill (%)", "%.1f", [](const K& k) { return 100 * k.maxTrayFill; } },
    { S::Power, "IT power (MW, at utilisation)", "%.3f",
      [](const K& k) { return k.itOperatingMW; } },
    { S::Power, "Power violations", "%.0f", [](const K& k) { return double(k.powerViolations); } },
    { S::Economics, "Facility power (MW)", "%.3f", [](const K& k) { return k.facilityPowerMW; } },
    { S::Economics, "Annual PUE", "%.3f", [](const K& k) { return k.annualPue; } },
    { S::Economics, "CAPEX (M$)", "%.1f", [](const K& k) { return k.capexMUSD; } },
    { S::Economics, "OPEX per year (M$)", "%.2f", [](const K& k) { return k.annualOpexMUSD; } },
    { S::Economics, "$ per GPU-hour", "%.3f", [](const K& k) { return k.costPerGpuHourUSD; } },
    { S::Traffic, "All-reduce busbw (GB/s)", "%.2f",
      [](const K& k) { return k.allReduceBusBwGBs; } },
    { S::Traffic, "All-reduce time (ms)", "%.2f", [](const K& k) { return k.allReduceTimeMs; } },
    { S::Thermal, "Max inlet (°C)", "%.2f", [](const K& k) { return k.maxInletC; } },
    { S::Thermal, "Mean inlet (°C)", "%.2f", [](const K& k) { return k.meanInletC; } },
    { S::Thermal, "Racks over inlet limit", "%.0f",
      [](const K& k) { return double(k.racksOverInletLimit); } },
    { S::Thermal, "Energy balance error (%)", "%.3f",
      [](const K& k) { return 100 * k.energyBalanceError; } },
  };
  return rows;
}

std::string jsonText(const std::string& text)
{
  std::string out = "\"";
  for (const char c : text)
  {
    if (c == '"' || c == '\\')
      out += std::string("\\") + c;
    else if (static_cast<unsigned char>(c) < 0x20)
    {
      char buffer[8];
      std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
      out += buffer;
    }
    else
      out += c;
  }
  return out + "\"";
}

std::string format(const char* fmt, double value)
{
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, fmt, value);
  return buffer;
}

void printTable(const std::vector<std::string>& descriptions,
                const std::vector<live::Stage>& stages, const live::LiveResults& before,
                const live::LiveResults& after)
{
  std::printf("Edits applied (%zu):\n", descriptions.size());
  for (std::size_t i = 0; i < descriptions.size(); ++i)
    std::printf("  %zu. %s\n", i + 1, descriptions[i].c_str());
  std::printf("\n%-26s %14s %14s\n", "KPI", "before", "after");
  for (const KpiRow& row : kpiRows())
  {
    if (!after.status(row.stage).computed || !before.status(row.stage).computed)
      continue;
    const double a = row.get(before.kpis);
    const double b = row.get(after.kpis);
    std::printf("%-26s %14s %14s%s\n", row.name, format(row.format, a).c_str(),
                format(row.format, b).c_str(),
                format(row.format, a) == format(row.format, b) ? "" : "  *");
  }
  std::printf("\nStage timings (before / after, ms):\n");
  for (const live::Stage s : stages)
  {
    const auto& st = after.status(s);
    std::printf("  %-10s %9.1f %9.1f  %s%s\n", live::toString(s), before.status(s).millis,
                st.millis, st.failed ? "FAILED: " : "", st.error.c_str());
  }
  std::printf("\nBackends (after):\n");
  for (const live::Stage s : stages)
  {
    const auto& st = after.status(s);
    std::printf("  %s: %s\n", live::toString(s),
                describeRun({ st.backend, st.backendReason }).c_str());
  }
  std::printf("\nViolations after the edits (%zu):\n", after.violations.size());
  for (const auto& v : after.violations)
    std::printf("  [%s] %s %s\n", live::toString(v.stage),
                v.severity == engine::Severity::Error ? "error  " : "warning", v.message.c_str());
}

void printJson(const std::vector<std::string>& descriptions, const std::vector<live::Stage>& stages,
               const live::LiveResults& before, const live::LiveResults& after)
{
  std::string out = "{\n\"edits\": [";
  for (std::size_t i = 0; i < descriptions.size(); ++i)
    out += (i ? ", " : "") + jsonText(descriptions[i]);
  out += "],\n\"stages\": [";
  for (std::size_t i = 0; i < stages.size(); ++i)
  {
    const auto& st = after.status(stages[i]);
    out += std::string(i ? ", " : "") + "{\"stage\": " + jsonText(live::toString(stages[i])) +
           ", \"millisBefore\": " + format("%.3f", before.status(stages[i]).millis) +
           ", \"millis\": " + format("%.3f", st.millis) +
           ", \"failed\": " + (st.failed ? "true" : "false") +
           ", \"error\": " + jsonText(st.error) + ", \"backend\": " + jsonText(st.backend) +
           ", \"backendReason\": " + jsonText(st.backendReason) + "}";
  }
  out += "],\n\"before\": " + live::kpisToJson(before.kpis) +
         ",\n\"after\": " + live::kpisToJson(after.kpis) + ",\n\"violations\": [";
  for (std::size_t i = 0; i < after.violations.size(); ++i)
  {
    const auto& v = after.violations[i];
    out +=
      std::string(i ? ",\n  " : "\n  ") + "{\"stage\": " + jsonText(live::toString(v.stage)) +
      ", \"severity\": " + jsonText(v.severity == engine::Severity::Error ? "error" : "warning") +
      ", \"objectId\": " + jsonText(v.objectId) + ", \"message\": " + jsonText(v.message) + "}";
  }
  out += "]\n}\n";
  std::fputs(out.c_str(), stdout);
}

int runApply(const std::vector<std::string>& arguments)
{
  const Args args(arguments, { kOut, "--stages", "--backend" }, { "--json", "--no-thermal" });
  if (args.positional().size() != 2)
    throw UsageError("apply: expected a scene FILE and an EDITS file");
  const std::optional<std::vector<live::Stage>> requested = requestedStages(args);
  const backend::Solvers solvers = solversFromArgs(args, "apply");
  const auto& catalog = engine::Catalog::builtin();
  const std::string editsPath = args.positional()[1];
  const std::vector<edit::Edit> edits = readInput(
    editsPath, [&] { return edit::editsFromJson(engine::readFile(editsPath), editsPath); });
  const engine::Scene original = loadSceneArgument(args.positional()[0], false);
  engine::Scene scene = original;
  edit::ChangeSet changes;
  std::vector<std::string> descriptions;
  for (std::size_t i = 0; i < edits.size(); ++i)
  {
    try
    {
      const edit::EditResult result = edit::applyEdit(scene, catalog, edits[i]);
      changes |= result.changes;
      descriptions.push_back(result.description);
    }
    catch (const edit::EditError& error)
    {
      throw engine::Error(editsPath + ": edits[" + std::to_string(i) + "]: " + error.what() +
                          " (nothing was written)");
    }
  }
  if (args.has("--out"))
    engine::saveScene(scene, args.value("--out"));
  const std::vector<live::Stage> stages = stagesToRun(args, requested, changes);
  live::LiveOptions options;
  options.maxMinSolver = solvers.maxMin;
  options.thermalSolver = solvers.thermal;
  const live::CancelToken cancel;
  live::LiveResults before;
  live::runStages(stages, original, catalog, options, cancel, before);
  live::LiveResults after = before; // keeps the thermal warm start, as the app's live loop does
  live::runStages(stages, scene, catalog, options, cancel, after);
  if (args.has("--json"))
    printJson(descriptions, stages, before, after);
  else
    printTable(descriptions, stages, before, after);
  if (args.has("--out") && !args.has("--json"))
    std::printf("\nScene written to %s\n", args.value("--out").c_str());
  for (const live::Stage s : stages)
    if (after.status(s).failed)
      return 3;
  return 0;
}

} // namespace

MYRIAD_CLI_COMMAND(
  { "apply",
    "apply edit commands (move, add-row, delete, set, …) to a scene and show the KPIs before → "
    "after",
    "usage: myriad-cli apply SCENE EDITS.json [-o out.json] [--json] [--stages LIST]\n"
    "                        [--no-thermal] [--backend cpu|cuda|auto]\n"
    "  SCENE            a scene file, or builtin:NAME for a built-in sample\n"
    "  EDITS.json       {\"edits\": [...]} or an array of edits (docs/editing.md)\n"
    "  -o, --out FILE   write the edited scene (atomically; nothing is written on an error)\n"
    "  --json           print edits, stage timings, KPIs before/after and violations as JSON\n"
    "  --stages LIST    all, or a comma list of geometry, fabric, power, economics, traffic,\n"
    "                   thermal (default: the stages the edits touch)\n"
    "  --no-thermal     leave the thermal stage out\n"
    "  --backend B      cpu, cuda or auto (default auto): the traffic and thermal solvers; the\n"
    "                   table and the JSON name the backend that ran each stage\n"
    "exit status 1 when an edit cannot be applied, 3 when a model stage failed",
    &runApply });

} // namespace myriad::cli
