// myriad-cli telemetry SCENE SNAPSHOT...: parse telemetry snapshots (DCGM/Prometheus text,
// Prometheus API JSON, nvidia-smi CSV, Redfish JSON), map them onto the scene and print
// coverage, hottest and dead GPUs and a diagnostics summary.
// With --residuals / --calibrate it also compares the snapshot with the thermal and power models
// and fits them (calibration.h).
// myriad-cli telemetry-sample SCENE -o FILE.prom: write the synthetic DCGM scrape of a scene.
#include "command.h"
#include "scene_input.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/telemetry/calibration.h"
#include "myriad/engine/telemetry/mapping.h"
#include "myriad/engine/telemetry/parsers.h"
#include "myriad/engine/telemetry/report.h"
#include "myriad/engine/telemetry/sample_generator.h"

#include <chrono>
#include <cmath>
#include <cstdio>

namespace myriad::cli
{

namespace
{

namespace tel = engine::telemetry;

/** "HOST=PATH" names the host of a CSV/Redfish file; a plain PATH uses --host. */
std::pair<std::string, std::string> splitHost(const std::string& arg, const std::string& host)
{
  const auto eq = arg.find('=');
  if (eq != std::string::npos && arg.find('/') > eq && eq > 0)
    return { arg.substr(0, eq), arg.substr(eq + 1) };
  return { host, arg };
}

void printDiagnostics(const tel::Snapshot& s, std::size_t shown)
{
  const std::size_t total = s.diagnostics.size() + s.suppressedDiagnostics;
  std::printf(
    "  %s: %s, %zu samples, %zu entities, %zu rows rejected, %zu diagnostics (%zu errors)\n",
    s.fileName.c_str(), tel::toString(s.format), s.samples.size(), s.entities.size(),
    s.rowsRejected, total, s.errorCount());
  for (std::size_t i = 0; i < s.diagnostics.size() && i < shown; ++i)
    std::printf("    %s\n", s.diagnostics[i].toString().c_str());
  if (total > shown)
    std::printf("    … %zu more\n", total - std::min(shown, total));
}

std::string fmt(double v, const char* unit)
{
  if (!std::isfinite(v))
    return "n/a";
  char buf[48];
  std::snprintf(buf, sizeof buf, "%.1f %s", v, unit);
  return buf;
}

void printReport(const engine::Scene& scene, const tel::MappingResult& m,
                 const tel::TelemetryReport& r, const tel::Snapshot& merged)
{
  (void)scene;
  std::printf("Coverage        nodes %s / %s (%.2f %%), GPUs %s / %s (%.2f %%)\n",
              withCommas(m.nodesWithData).c_str(), withCommas(m.sceneNodes).c_str(),
              100 * m.nodeCoverage(), withCommas(m.gpusWithData).c_str(),
              withCommas(m.sceneGpus).c_str(), 100 * m.gpuCoverage());
  std::printf("Unmapped        %zu entities, %zu duplicates, %zu mapping warnings\n",
              m.unmapped.size(), m.duplicates.size(), m.diagnostics.size());
  for (std::size_t i = 0; i < m.unmapped.size() && i < 5; ++i)
  {
    const auto& e = merged.entities[std::size_t(m.unmapped[i])];
    std::printf("    %s gpu %d %s: %s\n", e.hostname.c_str(), e.gpu, e.sensor.c_str(),
                m.unmappedReasons[i].c_str());
  }
  for (std::size_t i = 0; i < m.diagnostics.size() && i < 5; ++i)
    std::printf("    %s\n", m.diagnostics[i].toString().c_str());
  std::printf("GPU temperature mean %s, max %s; GPU power total %s\n",
              fmt(r.meanTemperatureC, "°C").c_str(), fmt(r.maxTemperatureC, "°C").c_str(),
              formatPower(r.totalPowerW).c_str());
  std::printf("Hottest GPUs\n");
  for (int i : r.hottest)
  {
    const auto& g = r.gpus[std::size_t(i)];
    std::printf("    %-22s %-18s %8s %9s\n", g.gpuId.c_str(), g.hostname.c_str(),
                fmt(g.temperatureC, "°C").c_str(), fmt(g.powerW, "W").c_str());
  }
  std::printf("Dead GPUs (XID or all blank): %zu\n", r.dead.size());
  for (int i : r.dead)
  {
    const auto& g = r.gpus[std::size_t(i)];
    std::printf("    %-22s %-18s xid %.0f, %d blank fields\n", g.gpuId.c_str(), g.hostname.c_str(),
                g.xid, g.missing);
  }
  std::printf("GPUs without data: %zu\n", r.withoutData.size());
  for (std::size_t i = 0; i < r.withoutData.size() && i < 10; ++i)
    std::printf("    %s\n", r.withoutData[i].c_str());
  if (r.withoutData.size() > 10)
    std::printf("    … %zu more\n", r.withoutData.size() - 10);
}

void printSummary(const char* what, const tel::ResidualSummary& s, const char* unit)
{
  if (s.count == 0)
  {
    std::printf("  %-12s no pairs of measured and predicted values\n", what);
    return;
  }
  std::printf("  %-12s n %d, mean %+.2f %s, RMS %.2f %s, worst %+.2f %s (%s)\n", what, s.count,
              s.mean, unit, s.rms, unit, s.worst, unit, s.worstId.c_str());
}

/** --residuals / --calibrate: models vs the snapshot, the fits, and the files. */
void runModelComparison(const Args& args, const engine::Scene& scene, const tel::Snapshot& merged,
                        const tel::MappingResult& m)
{
  tel::CalibrationOptions options;
  options.name = args.value("--name", "calibrated");
  options.thermal.cellM = args.number("--cell", options.thermal.cellM, 0.05, 2);
  const tel::Calibration cal =
    tel::calibrate(scene, engine::Catalog::builtin(), merged, m, options);
  std::printf("Residuals (measured − predicted; thermal cells %.2f m)\n", options.thermal.cellM);
  printSummary("rack inlet", cal.before.inletSummary, "K");
  printSummary("GPU power", cal.before.gpuPowerSummary, "W");
  printSummary("node power", cal.before.nodePowerSummary, "W");
  for (const auto& note : cal.notes)
    std::printf("  note: %s\n", note.c_str());
  std::printf("Calibration \"%s\"\n", cal.name.c_str());
  for (const auto& f : cal.gpuPower)
  {
    if (f.identifiable)
      std::printf("  %-10s idle %.1f ± %.1f W (catalog %.0f), peak %.1f ± %.1f W (catalog %.0f), "
                  "RMS %.1f → %.1f W over %d GPUs\n",
                  f.gpuPart.c_str(), f.idleW, f.idleSeW, f.catalogIdleW, f.peakW, f.peakSeW,
                  f.catalogPeakW, f.rmsBeforeW, f.rmsAfterW, f.samples);
    else
      std::printf("  %s\n", f.note.c_str());
  }
  if (cal.inletFitted)
    std::printf("  inlets     supply offset %+.2f ± %s (setpoint correction %+.2f K), "
                "recirculation gain %.2f%s, RMS %.2f → %.2f K over %d racks\n",
                cal.inlet.supplyOffsetK, fmt(cal.inlet.supplyOffsetSeK, "K").c_str(),
                cal.inlet.setpointCorrectionK(), cal.inlet.recirculationGain,
                cal.inlet.gainFitted ? "" : " (not fitted)", cal.inlet.rmsBeforeK,
                cal.inlet.rmsAfterK, cal.inlet.racks);
  if (args.has("--residuals"))
  {
    const std::string out = args.value("--residuals");
    engine::writeFileAtomically(out, out.ends_with(".json") ? tel::residualsJson(cal.before)
                                                            : tel::residualsCsv(cal.before));
    std::printf("Wrote %s\n", out.c_str());
  }
  if (args.has("--calibrated-scene"))
  {
    engine::Scene calibrated = scene;
    tel::addCalibrationScenario(calibrated, cal);
    engine::saveScene(calibrated, args.value("--calibrated-scene"));
    std::printf("Wrote %s (scenario \"%s\")\n", args.value("--calibrated-scene").c_str(),
                cal.name.c_str());
  }
  if (args.has("--calibrate"))
  {
    engine::writeFileAtomically(args.value("--calibrate"), tel::calibrationJson(cal));
    std::printf("Wrote %s\n", args.value("--calibrate").c_str());
  }
}

int runTelemetry(const std::vector<std::string>& arguments)
{
  const Args args(arguments,
                  { "--map", kOut, "--host", "--pattern", "--top", "--max-mb", "--residuals",
                    "--calibrate", "--calibrated-scene", "--name", "--cell" });
  if (args.positional().size() < 2)
    throw UsageError("expected a scene FILE and at least one SNAPSHOT");
  // Every number is checked before a file is read.
  const double maxMb = args.number("--max-mb", 256, 0.001, 1 << 20);
  const int top = static_cast<int>(args.integer("--top", 10, 0, 1000000));
  (void)args.number("--cell", 0.5, 0.05, 2);
  const engine::Scene scene = loadSceneArgument(args.positional().front(), false);
  tel::MappingOptions mapping;
  if (args.has("--map"))
  {
    const std::string map = args.value("--map");
    mapping =
      readInput(map, [&] { return tel::mappingOptionsFromJson(engine::readFile(map), map); });
  }
  if (args.has("--pattern"))
    mapping.hostPattern = args.value("--pattern");
  std::vector<tel::Snapshot> parts;
  const auto t0 = std::chrono::steady_clock::now();
  std::printf("Snapshots\n");
  for (std::size_t i = 1; i < args.positional().size(); ++i)
  {
    const auto split = splitHost(args.positional()[i], args.value("--host"));
    const std::string& host = split.first; // named: lambdas below capture the path
    const std::string& path = split.second;
    tel::ParseOptions options;
    options.fileName = path;
    options.hostname = host;
    options.maxBytes = std::size_t(maxMb * 1024 * 1024);
    parts.push_back(readInput(path, [&] { return tel::parseSnapshotFile(path, options); }));
    printDiagnostics(parts.back(), 5);
  }
  const tel::Snapshot merged = parts.size() == 1 ? parts.front() : tel::mergeSnapshots(parts);
  const auto t1 = std::chrono::steady_clock::now();
  const tel::MappingResult m = tel::mapSnapshot(scene, merged, mapping);
  const tel::TelemetryReport r = tel::summarize(scene, merged, m, top);
  const auto t2 = std::chrono::steady_clock::now();
  printReport(scene, m, r, merged);
  std::printf("Time            parse %.0f ms, map + summarise %.0f ms\n",
              std::chrono::duration<double, std::milli>(t1 - t0).count(),
              std::chrono::duration<double, std::milli>(t2 - t1).count());
  if (args.has("--out"))
  {
    const std::string out = args.value("--out");
    engine::writeFileAtomically(out, out.ends_with(".json") ? tel::reportJson(merged, m, r)
                                                            : tel::readingsCsv(r));
    std::printf("Wrote %s\n", out.c_str());
  }
  if (merged.samples.empty())
    throw engine::Error("no telemetry samples could be read from the snapshot files");
  if (args.has("--residuals") || args.has("--calibrate") || args.has("--calibrated-scene"))
    runModelComparison(args, scene, merged, m);
  return 0;
}

int runTelemetrySample(const std::vector<std::string>& arguments)
{
  const Args args(arguments, { kOut, "--seed", "--hot-racks", "--dead", "--xid" },
                  { "--old-labels", "--no-timestamps" });
  if (args.positional().size() != 1)
    throw UsageError("expected exactly one scene FILE");
  args.require("--out", "FILE.prom (where to write the scrape)");
  tel::GeneratorOptions o;
  o.seed = std::uint64_t(args.integer("--seed", 1, 0, 1LL << 53));
  o.hotRacks = int(args.integer("--hot-racks", o.hotRacks, 0, 1000000));
  o.deadGpus = int(args.integer("--dead", o.deadGpus, 0, 10000000));
  o.xidGpus = int(args.integer("--xid", o.xidGpus, 0, 10000000));
  const engine::Scene scene = loadSceneArgument(args.positional().front(), false);
  o.newHostLabel = !args.has("--old-labels");
  if (args.has("--no-timestamps"))
    o.timeMs = -1;
  tel::GeneratedFaults faults;
  const std::string text = tel::generateDcgmSnapshot(scene, o, &faults);
  engine::writeFileAtomically(args.value("--out"), text);
  std::printf("Wrote %s (%s bytes)\n", args.value("--out").c_str(),
              withCommas(static_cast<long long>(text.size())).c_str());
  const auto list = [](const char* what, const std::vector<std::string>& ids)
  {
    std::printf("%-16s", what);
    for (const auto& id : ids)
      std::printf(" %s", id.c_str());
    std::printf("\n");
  };
  list("Hot racks", faults.hotRackIds);
  list("Absent GPUs", faults.deadGpuIds);
  list("XID 79 GPUs", faults.xidGpuIds);
  return 0;
}

} // namespace

MYRIAD_CLI_COMMAND(
  { "telemetry", "map telemetry snapshots onto a scene: coverage, hot and dead GPUs",
    "usage: myriad-cli telemetry SCENE SNAPSHOT [SNAPSHOT...] [--host NAME] [--map FILE.json]\n"
    "                            [--pattern P] [--top N] [--max-mb N] [-o readings.csv]\n"
    "                            [--residuals FILE] [--calibrate FILE]\n"
    "                            [--calibrated-scene FILE] [--name NAME] [--cell M]\n"
    "  SCENE               a scene file, or builtin:NAME\n"
    "  SNAPSHOT            DCGM/Prometheus text, Prometheus API JSON, nvidia-smi\n"
    "                      CSV or Redfish JSON; HOST=PATH names the host of a CSV\n"
    "                      or Redfish file\n"
    "  --host NAME         host of CSV/Redfish files given without HOST=\n"
    "  --map FILE.json     {\"hosts\":{…},\"gpus\":{…},\"pattern\":\"…\"}\n"
    "  --pattern P         hostname pattern, e.g. dgx-r{row:2}-k{rack:2}-n{node}\n"
    "  --top N             hottest GPUs listed (default 10)\n"
    "  --max-mb N          refuse snapshot files larger than N MiB (default 256)\n"
    "  -o, --out FILE      per-GPU readings (.csv) or the full report (.json)\n"
    "  --residuals FILE    measured − predicted rack inlet, GPU and node power\n"
    "                      (.csv or .json); thermal model solved per hall\n"
    "  --calibrate FILE    least-squares fit of GPU idle/peak power and the\n"
    "                      supply offset / recirculation gain, as a named\n"
    "                      scenario JSON with before/after error\n"
    "  --calibrated-scene FILE  the scene with the calibration added as a named\n"
    "                      scenario (cooler setpoints + fitted supply offset)\n"
    "  --name NAME         scenario name (default \"calibrated\")\n"
    "  --cell M            thermal grid cell for the comparison, 0.05 to 2 (default 0.5)",
    runTelemetry });

MYRIAD_CLI_COMMAND({ "telemetry-sample", "write a synthetic DCGM exporter scrape for a scene",
                     "usage: myriad-cli telemetry-sample SCENE -o FILE.prom [--seed N]\n"
                     "                 [--hot-racks N] [--dead N] [--xid N] [--old-labels]\n"
                     "                 [--no-timestamps]\n"
                     "  SCENE               a scene file, or builtin:NAME\n"
                     "  -o, --out FILE      the Prometheus text file to write\n"
                     "  --seed N            noise seed (default 1); same seed, same bytes\n"
                     "  --hot-racks N       racks with a +12 K inlet hot spot (default 3)\n"
                     "  --dead N            GPUs absent from the scrape (default 4)\n"
                     "  --xid N             GPUs with XID 79 and blank fields (default 4)\n"
                     "  --old-labels        use the pre-4.5 \"Hostname\" label\n"
                     "  --no-timestamps     omit sample timestamps (as the exporter does)",
                     runTelemetrySample });

} // namespace myriad::cli
