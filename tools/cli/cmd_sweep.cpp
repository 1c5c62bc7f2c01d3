// myriad-cli sweep plan|run|gather: design-space sweeps (docs/sweeps.md). `plan` checks the
// sweep file and writes the sweep folder, `run --index N` is the idempotent task every executor
// runs, `run --executor local|slurm|k8s` runs (or writes) them all, `gather` makes the table.
#include "backend_option.h"
#include "child_process.h"
#include "command.h"
#include "scene_input.h"
#include "sweep_executors.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/sweep/sweep.h"

#include <cstdio>
#include <filesystem>
#include <thread>

namespace myriad::cli
{

namespace
{

namespace sweep = engine::sweep;
namespace fs = std::filesystem;

int runPlan(const std::vector<std::string>& arguments)
{
  const Args args(arguments, { kOut }, { "--yes|-y" });
  if (args.positional().size() != 1)
    throw UsageError("sweep plan: expected one SWEEP.json file");
  args.require("--out", "DIR (the new sweep folder)");
  const std::string path = args.positional().front();
  const sweep::SweepSpec spec =
    readInput(path, [&] { return sweep::parseSweep(engine::readFile(path), path); });
  const std::string dir = args.value("--out");
  const long long count = readInput(
    path,
    [&] { return sweep::planSweep(spec, dir, engine::Catalog::builtin(), args.has("--yes")); });
  std::printf("planned %lld scenario(s) in %s: %zu parameter(s), %zu job(s)\n", count, dir.c_str(),
              spec.parameters.size(), spec.jobPaths.size());
  std::printf("run them with: myriad-cli sweep run %s --executor local\n", dir.c_str());
  return 0;
}

int runOne(const std::string& dir, long long index, const Args& args)
{
  const backend::Solvers solvers = solversFromArgs(args, "sweep run");
  engine::live::LiveOptions options;
  options.maxMinSolver = solvers.maxMin;
  options.thermalSolver = solvers.thermal;
  const auto outcome =
    sweep::runScenario(dir, index, engine::Catalog::builtin(), options, args.has("--force"));
  if (outcome.skipped)
    std::printf("scenario %lld: already done (%s)\n", index, sweep::resultPath(dir, index).c_str());
  else if (outcome.ok)
    std::printf("scenario %lld: ok (%s)\n", index, sweep::resultPath(dir, index).c_str());
  else
    std::fprintf(stderr, "scenario %lld failed: %s (recorded in %s)\n", index,
                 outcome.error.c_str(), sweep::resultPath(dir, index).c_str());
  return outcome.ok ? 0 : 1;
}

SlurmOptions slurmOptions(const Args& args)
{
  SlurmOptions o;
  o.partition = args.value("--partition");
  o.time = args.value("--time");
  o.mem = args.value("--mem", "2G");
  o.account = args.value("--account");
  o.cpusPerTask = static_cast<int>(args.integer("--cpus-per-task", 1, 1, 1024));
  o.maxParallel = static_cast<int>(args.integer("--max-parallel", 16, 1, 100000));
  o.submit = !args.has("--no-submit");
  o.wait = !args.has("--no-wait");
  o.cli = args.value("--cli", selfExecutable());
  o.backend = args.value("--backend");
  return o;
}

int runAll(const std::string& dir, const Args& args)
{
  const std::string executor = args.choice("--executor", "local", { "local", "slurm", "k8s" });
  const long long count = sweep::plannedScenarioCount(dir);
  if (executor == "k8s")
  {
    KubernetesOptions o;
    o.image = args.value("--image", o.image);
    o.dir = args.value("--mount", "/sweep");
    o.maxParallel = static_cast<int>(args.integer("--max-parallel", 16, 1, 100000));
    o.memory = args.value("--mem", o.memory);
    o.cpu = std::to_string(args.integer("--cpus-per-task", 1, 1, 1024));
    std::printf("wrote %s: an Indexed Job of %lld scenario(s); apply it with kubectl\n",
                writeKubernetesJob(dir, count, o).c_str(), count);
    return 0;
  }
  const auto pending = pendingIndices(dir, args.has("--retry-failed"));
  if (executor == "slurm") // the tasks run elsewhere: they get the folder's absolute path
    return runSlurm(fs::absolute(dir).lexically_normal().string(), pending, slurmOptions(args));
  const unsigned cores = std::max(1U, std::thread::hardware_concurrency());
  const int jobs = static_cast<int>(args.integer("--jobs", cores, 1, 1024));
  return runLocalPool(dir, pending, jobs, args.value("--backend"));
}

int runRun(const std::vector<std::string>& arguments)
{
  const Args args(arguments,
                  { "--index", "--executor", "--jobs|-j", "--backend", "--partition", "--time",
                    "--mem", "--account", "--cpus-per-task", "--max-parallel", "--cli", "--image",
                    "--mount" },
                  { "--force", "--retry-failed", "--no-submit", "--no-wait" });
  if (args.positional().size() != 1)
    throw UsageError("sweep run: expected one sweep folder DIR");
  if (args.has("--index") && args.has("--executor"))
    throw UsageError("sweep run: --index runs one scenario here; leave out --executor");
  const std::string dir = args.positional().front();
  // Arguments first (exit 2), then the folder (exit 1).
  const long long index = args.integer("--index", -1, 0, 1LL << 40);
  (void)args.choice("--executor", "local", { "local", "slurm", "k8s" });
  (void)sweep::readPlannedSweep(dir); // a clear error for a folder that is not a sweep
  return index >= 0 ? runOne(dir, index, args) : runAll(dir, args);
}

int runGather(const std::vector<std::string>& arguments)
{
  const Args args(arguments, { kOut });
  if (args.positional().size() != 1)
    throw UsageError("sweep gather: expected one sweep folder DIR");
  const std::string dir = args.positional().front();
  const std::string csv = args.value("--out", (fs::path(dir) / "sweep.csv").string());
  const auto summary = sweep::gatherSweep(dir, csv);
  std::printf("wrote %s: %lld scenario(s), %lld ok, %zu failed, %zu missing\n", csv.c_str(),
              summary.scenarios, summary.ok, summary.failed.size(), summary.missing.size());
  for (const auto& [index, error] : summary.failed)
    std::printf("  scenario %lld failed: %s\n", index, error.c_str());
  if (!summary.missing.empty())
    std::printf("  %zu scenario(s) without a result yet, first %lld\n", summary.missing.size(),
                summary.missing.front());
  return 0;
}

int runSweep(const std::vector<std::string>& arguments)
{
  // --help anywhere, before the action is known (`sweep FILE --help` too).
  for (const auto& argument : arguments)
    if (argument == "--help" || argument == "-h")
      throw HelpRequested{};
  if (arguments.empty() || arguments.front().rfind('-', 0) == 0)
    throw UsageError("sweep: expected plan, run or gather");
  const std::vector<std::string> rest(arguments.begin() + 1, arguments.end());
  if (arguments.front() == "plan")
    return runPlan(rest);
  if (arguments.front() == "run")
    return runRun(rest);
  if (arguments.front() == "gather")
    return runGather(rest);
  throw UsageError("sweep: unknown action \"" + arguments.front() +
                   "\" (expected plan, run or gather)");
}

} // namespace

MYRIAD_CLI_COMMAND(
  { "sweep", "plan, run and gather design-space sweeps (local, Slurm, Kubernetes)",
    "usage: myriad-cli sweep plan SWEEP.json -o DIR [--yes]\n"
    "       myriad-cli sweep run DIR --index N [--force] [--backend cpu|cuda|auto]\n"
    "       myriad-cli sweep run DIR [--executor local] [-j N] [--retry-failed]\n"
    "       myriad-cli sweep run DIR --executor slurm [--partition P] [--time T] [--mem M]\n"
    "                            [--account A] [--cpus-per-task C] [--max-parallel K]\n"
    "                            [--retry-failed] [--no-submit] [--no-wait] [--cli PATH]\n"
    "       myriad-cli sweep run DIR --executor k8s [--image IMG] [--mount PATH]\n"
    "                            [--max-parallel K] [--cpus-per-task C] [--mem M]\n"
    "       myriad-cli sweep gather DIR [-o TABLE.csv]\n"
    "  plan           check SWEEP.json (base, jobs, parameters; docs/sweeps.md) and write the\n"
    "                 sweep folder DIR (new or empty): inputs, manifest.jsonl, sweep.json\n"
    "  -y, --yes      plan even when the scenarios outnumber the sweep's \"limit\"\n"
    "  run --index N  evaluate scenario N into DIR/results/N.json; a scenario already ok is\n"
    "                 kept (--force evaluates it again); exit 1 when it failed (recorded)\n"
    "  --executor     local (default): every scenario without a result, -j N processes at\n"
    "                 a time (default: the cores), progress and ETA on stderr; run it again\n"
    "                 after Ctrl+C to go on. slurm: write DIR/slurm/sweep-K.sbatch (a job\n"
    "                 array, at most --max-parallel tasks at once, default 16), submit it\n"
    "                 with sbatch and follow it with squeue until it ends (--no-wait:\n"
    "                 return after submitting; --no-submit: only write the script).\n"
    "                 k8s: write DIR/k8s/sweep-job.yaml, an Indexed Job (not applied)\n"
    "  --retry-failed also run the scenarios whose result failed\n"
    "  --mem M        memory per task (Slurm default 2G, Kubernetes 2Gi)\n"
    "  --cli PATH     the myriad-cli the Slurm tasks run (default: this one)\n"
    "  --mount PATH   where the pods see the sweep folder (default /sweep)\n"
    "  gather         write one CSV (default DIR/sweep.csv): a row per scenario with its\n"
    "                 parameters, KPIs, job figures, status and first error\n"
    "Exit status: run exits 1 when a scenario failed (the others still ran); the local pool\n"
    "stopped by Ctrl+C or kill stops its tasks and exits 130 or 143 (run it again to go on).",
    &runSweep });

} // namespace myriad::cli
