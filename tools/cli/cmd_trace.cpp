// myriad-cli trace FILE --job JOB.json [-o step.json]: one training step of the job(s) on the
// scene's SuperPOD fabric as Chrome Trace Event Format JSON for Perfetto or chrome://tracing
// (engine/traffic/trace_export.h; format: docs/trace-export.md).
#include "backend_option.h"
#include "command.h"
#include "scene_input.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/traffic/maxmin_solver.h"
#include "myriad/engine/traffic/trace_export.h"
#include "myriad/engine/traffic/workload.h"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace myriad::cli
{

namespace
{

namespace fab = engine::fabric;
namespace tr = engine::traffic;

/** --ranks auto|all|node|N into the options; a UsageError naming the value otherwise. */
void ranksOption(const Args& args, tr::TraceOptions& options)
{
  const std::string value = args.value("--ranks", "auto");
  if (value == "auto" || value == "all" || value == "node")
  {
    options.ranks = value == "auto"  ? tr::TraceRanks::Auto
                    : value == "all" ? tr::TraceRanks::All
                                     : tr::TraceRanks::Node;
    return;
  }
  options.ranks = tr::TraceRanks::Group;
  try
  {
    options.ranksPerTrack = static_cast<int>(args.integer("--ranks", 1, 1, 10000000));
  }
  catch (const UsageError&)
  {
    throw UsageError("trace: --ranks " + value +
                     ": expected auto, all, node or a whole number of ranks per track ≥ 1");
  }
}

std::optional<tr::Routing> routingOption(const Args& args)
{
  if (!args.has("--routing"))
  {
    return std::nullopt;
  }
  const std::string name = args.value("--routing");
  tr::Routing parsed{};
  if (!tr::parseRouting(name, parsed))
  {
    throw UsageError("trace: --routing " + name + ": expected " + tr::kRoutingNames);
  }
  return parsed;
}

std::vector<int> failedDevices(const fab::FabricGraph& g, const std::vector<std::string>& ids)
{
  std::vector<int> out;
  for (const std::string& id : ids)
  {
    const int d = g.find(id);
    if (d < 0)
    {
      throw UsageError("trace: --fail " + id + ": no device with that id in the fabric");
    }
    out.push_back(d);
  }
  return out;
}

int runTrace(const std::vector<std::string>& raw)
{
  const Args args(raw, { "--job", kOut, "--ranks", "--top-links", "--max-mb", "--seed", "--routing",
                         "--fail", "--backend" });
  if (args.positional().size() != 1)
  {
    throw UsageError("trace: expected exactly one scene FILE");
  }
  args.require("--job", "JOB.json (a training job)");
  tr::TraceOptions options;
  ranksOption(args, options);
  options.topLinks = static_cast<int>(args.integer("--top-links", 32, 0, 100000));
  options.maxBytes = 1e6 * args.number("--max-mb", 100, 1, 1e6);
  options.seed = static_cast<std::uint64_t>(args.integer("--seed", 0, 0, 1LL << 53));
  options.scene = args.positional()[0];
  const std::optional<tr::Routing> routing = routingOption(args);
  const backend::Solvers solvers = solversFromArgs(args, "trace");
  const engine::Scene scene = loadSceneArgument(args.positional()[0]);
  const engine::Catalog& catalog = engine::Catalog::builtin();
  const std::vector<tr::JobSpec> jobs = jobsFromArgs(args, scene, routing);
  tr::RecordingMaxMinSolver solver(*solvers.maxMin);
  const auto t0 = std::chrono::steady_clock::now();
  const fab::FabricGraph g = fab::buildSuperPod(scene, catalog);
  const tr::WorkloadResult result = tr::simulateWorkload(
    g, catalog, jobs, failedDevices(g, args.values("--fail")), options.seed, &solver);
  const std::string out = args.value("--out", "-");
  if (out == "-")
  {
    tr::writeStepTrace(std::cout, g, jobs, result, options);
    std::cout.flush();
    return 0;
  }
  const auto t1 = std::chrono::steady_clock::now();
  std::ostringstream text;
  const tr::TraceSummary s = tr::writeStepTrace(text, g, jobs, result, options);
  engine::writeFileAtomically(out, text.str());
  const auto t2 = std::chrono::steady_clock::now();
  using Ms = std::chrono::duration<double, std::milli>;
  std::printf("Trace           %s: one step of %zu job(s), %lld events, %.1f MB\n", out.c_str(),
              jobs.size(), s.events, static_cast<double>(s.bytes) / 1e6);
  std::printf("Time            fabric and jobs simulated in %.1f ms; trace written in %.1f ms\n",
              Ms(t1 - t0).count(), Ms(t2 - t1).count());
  std::printf("Track sets      %lld, ranks %s (%s)\n", s.trackSets, s.ranks.c_str(),
              s.reason.c_str());
  for (const tr::JobResult& j : result.jobs)
  {
    std::printf("Job %-11s %d GPUs, step %.4g s\n", j.name.c_str(), j.gpus, j.stepS);
  }
  std::printf("Backend         %s\n", describeRun(solver.lastRun()).c_str());
  return 0;
}

} // namespace

MYRIAD_CLI_COMMAND(
  { "trace", "one training step as a Chrome trace (Perfetto, chrome://tracing)",
    "usage: myriad-cli trace FILE --job JOB.json [--job JOB.json ...] [-o step.json]\n"
    "                        [--ranks auto|all|node|N] [--top-links K] [--max-mb M]\n"
    "                        [--seed K] [--routing ecmp|spray|rail-local] [--fail ID ...]\n"
    "                        [--backend B]\n"
    "  FILE                  a scene file, or builtin:NAME\n"
    "  --job FILE            a training job (samples/jobs/*.json); repeat for jobs that run\n"
    "                        together on disjoint GPUs (one process each in the trace)\n"
    "  -o, --out FILE        write the trace JSON to FILE (atomically) and a summary on\n"
    "                        stdout; without it, or with -o -, the trace goes to stdout\n"
    "  --ranks R             what one track set stands for: all (a rank), node (a job's\n"
    "                        ranks on one node), N (N consecutive ranks), or auto (default:\n"
    "                        all when the file stays within --max-mb, else node, else the\n"
    "                        smallest N that fits; otherData says which)\n"
    "  --top-links K         counters of the K busiest cable directions (default 32)\n"
    "  --max-mb M            the file size auto aims for, MB (default 100)\n"
    "  --seed K              ECMP hash seed, a whole number ≥ 0 (default 0)\n"
    "  --routing             ecmp, spray or rail-local; overrides the jobs' \"routing\"\n"
    "  --fail ID             take a switch (or NIC) out of service; repeatable\n"
    "  --backend B           cpu, cuda or auto (default auto): the max-min solver\n"
    "The format (events, pid/tid, units, aggregation) is in docs/trace-export.md; open the\n"
    "file at ui.perfetto.dev or chrome://tracing.",
    &runTrace });

} // namespace myriad::cli
