// myriad-cli traffic FILE --job JOB.json: training jobs on the scene's SuperPOD fabric
// (workload.h): per job compute, collectives as flows, exposed communication, step time.
// myriad-cli traffic FILE --ring-allreduce-gpus N --bytes S: build the scene's SuperPOD fabric,
// run a ring all-reduce (or with --all-to-all-gpus a pairwise all-to-all) of S bytes among N GPUs
// as flows (one GPU per compute NIC, ECMP-routed,
// max-min rates) and print the collective time, algbw and busbw (nccl-tests definitions).
// Members (traffic/collective_members.h): the NICs of the first ⌈N/rails⌉ nodes, cut to N, rail
// by rail (default) or node by node (--members). NVLink hops are not modelled
// (docs/models/traffic.md).
// --timeline OUT.json also writes the collective's event timeline (traffic/collective_timeline.h;
// format: docs/models/traffic.md, "Event timeline"), optionally aggregated by --timeline-level.
#include "backend_option.h"
#include "command.h"
#include "scene_input.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/traffic/collective_members.h"
#include "myriad/engine/traffic/collective_timeline.h"
#include "myriad/engine/traffic/collectives.h"
#include "myriad/engine/traffic/maxmin_solver.h"
#include "myriad/engine/traffic/step_sensitivity.h"
#include "myriad/engine/traffic/workload.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace myriad::cli
{

namespace
{

namespace fab = engine::fabric;

/** The members of the single collective: --members rail (default) or node, cut to N. */
std::pair<std::vector<int>, engine::traffic::MemberOrder> membersOf(const Args& args,
                                                                    const fab::FabricGraph& g,
                                                                    int gpus)
{
  engine::traffic::MemberOrder order = engine::traffic::MemberOrder::Rail;
  if (args.has("--members"))
  {
    const std::string name = args.value("--members");
    if (!engine::traffic::parseMemberOrder(name, order))
    {
      throw UsageError("traffic: --members " + name + ": expected " +
                       engine::traffic::kMemberOrderNames);
    }
  }
  const std::size_t nics = engine::traffic::computeNics(g).size();
  if (static_cast<std::size_t>(gpus) > nics)
  {
    throw UsageError("traffic: " + std::to_string(gpus) + " GPUs exceeds the fabric's " +
                     std::to_string(nics) + " compute NICs");
  }
  return { engine::traffic::collectiveMembers(g, gpus, order), order };
}

/** One CSV row per loaded cable direction, and the `top` hottest as text lines. */
std::pair<std::string, std::string> linkReport(const fab::FabricGraph& g,
                                               const std::vector<double>& loadBps, int top)
{
  std::vector<int> loaded;
  for (int m = 0; m < static_cast<int>(loadBps.size()); ++m)
  {
    if (loadBps[m] > 0)
    {
      loaded.push_back(m);
    }
  }
  auto util = [&](int m) { return loadBps[m] / g.links()[m / 2].rateBps; };
  // Ties at 100 % are common (every flow's bottleneck is saturated): list upper tiers first,
  // where saturation means contention rather than a NIC running at line rate.
  auto tier = [&](int m) { return static_cast<int>(g.links()[m / 2].tier); };
  std::stable_sort(loaded.begin(), loaded.end(),
                   [&](int a, int b)
                   { return util(a) != util(b) ? util(a) > util(b) : tier(a) > tier(b); });
  std::string csv = "link,direction,tier,from,to,capacityBps,peakLoadBps,utilisation\n";
  std::string text;
  char buf[512];
  for (std::size_t i = 0; i < loaded.size(); ++i)
  {
    const int m = loaded[i];
    const fab::Link& l = g.links()[m / 2];
    const std::string& from = g.device(m % 2 == 0 ? l.a.device : l.b.device).id;
    const std::string& to = g.device(m % 2 == 0 ? l.b.device : l.a.device).id;
    std::snprintf(buf, sizeof buf, "%d,%d,%s,%s,%s,%.17g,%.17g,%.6f\n", m / 2, m % 2,
                  fab::toString(l.tier), from.c_str(), to.c_str(), l.rateBps, loadBps[m], util(m));
    csv += buf;
    if (static_cast<int>(i) < top)
    {
      std::snprintf(buf, sizeof buf, "  %5.1f %%  %s -> %s (%s)\n", 100 * util(m), from.c_str(),
                    to.c_str(), fab::toString(l.tier));
      text += buf;
    }
  }
  return { csv, text };
}

/** Device indices of the --fail ids; an id the fabric does not have is a usage error. */
std::vector<int> failedDevices(const fab::FabricGraph& g, const std::vector<std::string>& ids)
{
  std::vector<int> out;
  for (const std::string& id : ids)
  {
    const int d = g.find(id);
    if (d < 0)
    {
      throw UsageError("traffic: --fail " + id + ": no device with that id in the fabric");
    }
    out.push_back(d);
  }
  return out;
}

/** The collective asked for and its GPU count: --ring-allreduce-gpus N or --all-to-all-gpus N. */
std::pair<bool, int> collectiveOf(const Args& args)
{
  const bool ring = args.has("--ring-allreduce-gpus");
  if (ring == args.has("--all-to-all-gpus"))
  {
    throw UsageError(std::string("traffic: ") +
                     (ring ? "give one collective, not both: " : "missing ") +
                     "--job JOB.json (a training job) or one of --ring-allreduce-gpus N, "
                     "--all-to-all-gpus N (a single collective)");
  }
  const char* option = ring ? "--ring-allreduce-gpus" : "--all-to-all-gpus";
  return { ring, static_cast<int>(args.integer(option, 0, 2, 10000000)) };
}

/** `text` as a JSON string literal (quotes, backslashes and control characters escaped). */
std::string jsonString(const std::string& text)
{
  std::string out = "\"";
  for (const char ch : text)
  {
    if (ch == '"' || ch == '\\')
    {
      out += '\\';
      out += ch;
    }
    else if (static_cast<unsigned char>(ch) < 0x20)
    {
      char esc[8];
      std::snprintf(esc, sizeof esc, "\\u%04x", ch);
      out += esc;
    }
    else
    {
      out += ch;
    }
  }
  return out + "\"";
}

std::string jobJson(const engine::traffic::JobResult& j)
{
  char buf[1024];
  std::string out = "{\"name\": " + jsonString(j.name) + ", ";
  std::snprintf(buf, sizeof buf,
                "\"gpus\": %d, \"computeS\": %.17g, \"bubbleS\": %.17g, \"exposedS\": %.17g, "
                "\"exposedLatencyS\": %.17g, \"stepS\": %.17g, \"mfu\": %.17g, "
                "\"modelFlops\": %.17g, "
                "\"stepAloneS\": %.17g, \"interference\": %.17g, \"tokensPerS\": %.17g, "
                "\"runSteps\": %.17g, \"runTimeS\": %.17g, \"runEnergyJ\": %.17g, "
                "\"collectives\": [",
                j.gpus, j.computeS, j.bubbleS, j.exposedS, j.exposedLatencyS, j.stepS, j.mfu,
                j.modelFlops, j.stepAloneS, j.interference, j.tokensPerS, j.runSteps, j.runTimeS,
                j.runEnergyJ);
  out += buf;
  for (std::size_t i = 0; i < j.collectives.size(); ++i)
  {
    const auto& c = j.collectives[i];
    std::snprintf(buf, sizeof buf,
                  "%s{\"parallelism\": \"%s\", \"algorithm\": \"%s\", \"groups\": %d, "
                  "\"members\": %d, \"bytesPerGpu\": %.17g, \"timeS\": %.17g, "
                  "\"exposedS\": %.17g, \"busBwBytesPerS\": %.17g, \"fabricBytes\": %.17g, "
                  "\"nvlinkBytes\": %.17g, \"calls\": %d, \"protocol\": \"%s\", "
                  "\"latencyS\": %.17g}",
                  i ? ", " : "", c.parallelism.c_str(), c.algorithm.c_str(), c.groups, c.members,
                  c.bytesPerGpu, c.timeS, c.exposedS, c.busBwBytesPerS, c.fabricBytes,
                  c.nvlinkBytes, c.calls, c.protocol.c_str(), c.latencyS);
    out += buf;
  }
  return out + "]}";
}

/** The compute line: how t_c was obtained (kernel efficiency, or the legacy MFU). */
void printCompute(const engine::traffic::JobSpec& spec, const engine::traffic::JobResult& j)
{
  if (spec.mfu > 0)
  {
    std::printf("  Compute         %.4g s (legacy: 6*N*T/(GPUs*peak*MFU), MFU %.2f)\n", j.computeS,
                spec.mfu);
    return;
  }
  std::printf("  Compute         %.4g s (%.3g model FLOPs, %s kernels%s)\n", j.computeS,
              j.modelFlops, engine::traffic::toString(spec.precision),
              spec.kernelEfficiency > 0 ? ", job's kernel efficiency" : "");
}

/** Share of the step of each term (the planner's breakdown). */
void printBreakdown(const engine::traffic::JobResult& j)
{
  auto share = [&](double s) { return 100 * s / j.stepS; };
  std::printf("  Breakdown       compute %.1f %%, bubble %.1f %%", share(j.computeS),
              share(j.bubbleS));
  for (const auto& c : j.collectives)
  {
    std::printf(", %s %.1f %%", c.parallelism.c_str(), share(c.exposedS));
  }
  std::printf(" (latency %.1f %% of the step)\n", share(j.exposedLatencyS));
}

void printJob(const engine::traffic::JobSpec& spec, const engine::traffic::JobResult& j)
{
  std::printf("Job %s: %d GPUs (TP %d x PP %d x DP %d x EP %d), %s, %s placement, %s routing\n",
              j.name.c_str(), j.gpus, spec.tp, spec.pp, spec.dp, spec.ep, spec.gpu.c_str(),
              engine::traffic::toString(spec.placement), engine::traffic::toString(spec.routing));
  printCompute(spec, j);
  if (spec.pp > 1)
  {
    std::printf("  Bubble          %.4g s (%s schedule)\n", j.bubbleS,
                engine::traffic::toString(spec.schedule));
  }
  for (const auto& c : j.collectives)
  {
    std::printf("  %-2s %-12s %d x %d GPUs, %.4g GB/GPU in %d calls (%s): %.4g s (latency "
                "%.3g s), busbw %.1f GB/s, exposed %.4g s, fabric %.4g GB\n",
                c.parallelism.c_str(), c.algorithm.c_str(), c.groups, c.members,
                c.bytesPerGpu / 1e9, c.calls, c.protocol.empty() ? "-" : c.protocol.c_str(),
                c.timeS, c.latencyS, c.busBwBytesPerS / 1e9, c.exposedS, c.fabricBytes / 1e9);
  }
  std::printf("  Exposed comm    %.4g s\n  Step time       %.4g s", j.exposedS, j.stepS);
  if (j.stepAloneS != j.stepS)
  {
    std::printf(" (alone %.4g s, interference %+.1f %%)", j.stepAloneS, 100 * j.interference);
  }
  std::printf("\n  MFU             %.1f %% (model FLOPs / (step x GPUs x BF16 peak))\n",
              100 * j.mfu);
  printBreakdown(j);
  std::printf("  Tokens/s        %.4g\n", j.tokensPerS);
  if (j.runSteps > 0)
  {
    std::printf("  Run             %.4g tokens: %.0f steps, %.1f days, %.3f GWh (GPU servers, "
                "no PUE)\n",
                spec.trainingTokens, j.runSteps, j.runTimeS / 86400, j.runEnergyJ / 3.6e12);
  }
}

/** What changes a job's step most, largest change first (step_sensitivity.h). */
void printSensitivity(const engine::traffic::StepSensitivity& s)
{
  std::printf("What changes the step of %s most (one factor at a time, the job alone; base "
              "%.4g s):\n",
              s.job.c_str(), s.base.stepS);
  for (const engine::traffic::StepVariant& v : s.variants)
  {
    if (v.feasible())
    {
      std::printf("  %-17s %-48s %10.4g s  %+7.1f %%\n", v.factor.c_str(), v.change.c_str(),
                  v.stepS, 100 * v.delta);
    }
    else
    {
      std::printf("  %-17s %-48s not possible: %s\n", v.factor.c_str(), v.change.c_str(),
                  v.error.c_str());
    }
  }
}

/** The --timeline-level asked for (flow when absent); a name it does not know is a usage error. */
engine::traffic::TimelineLevel timelineLevelOf(const Args& args)
{
  engine::traffic::TimelineLevel level = engine::traffic::TimelineLevel::Flow;
  if (!args.has("--timeline-level"))
  {
    return level;
  }
  if (!args.has("--timeline"))
  {
    throw UsageError("traffic: --timeline-level applies to --timeline OUT.json");
  }
  const std::string name = args.value("--timeline-level");
  if (!engine::traffic::parseTimelineLevel(name, level))
  {
    throw UsageError("traffic: --timeline-level " + name + ": expected flow, node, rack or rail");
  }
  return level;
}

/**
 * --timeline: the collective again with the step recorder (CPU reference solver), aggregated to
 * `level`, written atomically as JSON; prints what was written and how long it took.
 */
void writeTimeline(const Args& args, const fab::FabricGraph& g, bool ring,
                   const std::vector<int>& members, double bytes, std::uint64_t seed,
                   const std::vector<int>& failed, engine::traffic::TimelineLevel level)
{
  namespace tr = engine::traffic;
  const auto t0 = std::chrono::steady_clock::now();
  const tr::CollectiveTimeline flows =
    ring ? tr::ringAllReduceTimeline(g, members, bytes, seed, failed)
         : tr::allToAllTimeline(g, members, bytes, seed, failed);
  const tr::CollectiveTimeline tl = tr::aggregateTimeline(flows, g, level);
  const std::string json = tr::timelineJson(tl, g);
  const auto t1 = std::chrono::steady_clock::now();
  engine::writeFileAtomically(args.value("--timeline"), json);
  const auto t2 = std::chrono::steady_clock::now();
  using Ms = std::chrono::duration<double, std::milli>;
  std::printf("Timeline        %zu phases, %zu patterns, %zu %s (of %zu flows), end %.6g s, "
              "%.3g MB JSON (built in %.1f ms, written in %.1f ms)\n",
              tl.phases.size(), tl.patterns.size(), tl.flows.size(),
              level == tr::TimelineLevel::Flow ? "flows" : "arrows", flows.flows.size(), tl.endS,
              static_cast<double>(json.size()) / 1e6, Ms(t1 - t0).count(), Ms(t2 - t1).count());
}

/** A multi-site scene's fabric stops at each site: say so before a run that may cross one. */
void noteSites(const engine::Scene& scene)
{
  if (!scene.sites.empty())
  {
    std::fprintf(stderr,
                 "note: the scene has %zu sites; this fabric model holds each site's fabric but "
                 "not the DCI links between them, so traffic between sites has no route: "
                 "`myriad-cli sites SCENE --job JOB` times a job across sites\n",
                 scene.sites.size());
  }
}

/** myriad-cli traffic FILE --job JOB.json ...: the workload model (workload.h). */
int runJobs(const Args& args, std::uint64_t seed)
{
  if (args.has("--ring-allreduce-gpus") || args.has("--all-to-all-gpus") || args.has("--bytes") ||
      args.has("--members"))
  {
    throw UsageError("traffic: --job does not combine with --ring-allreduce-gpus, "
                     "--all-to-all-gpus, --bytes or --members (those run a single collective)");
  }
  if (args.has("--timeline") || args.has("--timeline-level"))
  {
    throw UsageError("traffic: --timeline applies to --ring-allreduce-gpus or --all-to-all-gpus "
                     "(a single collective)");
  }
  std::optional<engine::traffic::Routing> routing;
  if (args.has("--routing"))
  {
    const std::string name = args.value("--routing");
    engine::traffic::Routing parsed{};
    if (!engine::traffic::parseRouting(name, parsed))
    {
      throw UsageError("traffic: --routing " + name + ": expected " +
                       engine::traffic::kRoutingNames);
    }
    routing = parsed;
  }
  const backend::Solvers solvers = solversFromArgs(args, "traffic");
  const engine::Scene scene = loadSceneArgument(args.positional()[0]);
  noteSites(scene);
  const std::vector<engine::traffic::JobSpec> jobs = jobsFromArgs(args, scene, routing);
  engine::traffic::RecordingMaxMinSolver solver(*solvers.maxMin);
  const auto t0 = std::chrono::steady_clock::now();
  const fab::FabricGraph g = fab::buildSuperPod(scene, engine::Catalog::builtin());
  const auto t1 = std::chrono::steady_clock::now();
  const auto result = engine::traffic::simulateWorkload(
    g, engine::Catalog::builtin(), jobs, failedDevices(g, args.values("--fail")), seed, &solver);
  const auto t2 = std::chrono::steady_clock::now();
  using Ms = std::chrono::duration<double, std::milli>;
  std::printf("Fabric          %s, %zu devices, %zu links (%.1f ms); jobs simulated in %.1f ms\n",
              g.topology.c_str(), g.devices().size(), g.links().size(), Ms(t1 - t0).count(),
              Ms(t2 - t1).count());
  const engine::SolverRun ran = solver.lastRun();
  std::printf("Backend         %s\n", describeRun(ran).c_str());
  std::string json = "{\"backend\": " + jsonString(ran.backend) + ", \"jobs\": [";
  for (std::size_t i = 0; i < jobs.size(); ++i)
  {
    printJob(jobs[i], result.jobs[i]);
    json += (i ? ", " : "") + jobJson(result.jobs[i]);
  }
  const auto [linksCsv, hottest] = linkReport(g, result.peakLoadBps, 5);
  std::printf("Hottest links (peak start-rate utilisation, all jobs):\n%s", hottest.c_str());
  if (args.has("--sensitivity"))
  {
    for (const engine::traffic::JobSpec& job : jobs)
    {
      printSensitivity(engine::traffic::stepSensitivity(
        g, engine::Catalog::builtin(), job, &solver, {}, failedDevices(g, args.values("--fail"))));
    }
  }
  if (args.has("--links"))
  {
    engine::writeFileAtomically(args.value("--links"), linksCsv);
  }
  if (args.has("--out"))
  {
    engine::writeFileAtomically(args.value("--out"), json + "]}\n");
  }
  return 0;
}

int runTraffic(const std::vector<std::string>& raw)
{
  const Args args(raw,
                  { "--ring-allreduce-gpus", "--all-to-all-gpus", "--bytes", "--seed", kOut,
                    "--fail", "--links", "--job", "--routing", "--backend", "--timeline",
                    "--timeline-level", "--members" },
                  { "--sensitivity" });
  if (args.positional().size() != 1)
  {
    throw UsageError("traffic: expected exactly one scene FILE");
  }
  const auto seed = static_cast<std::uint64_t>(args.integer("--seed", 0, 0, 1LL << 53));
  if (args.has("--job"))
  {
    return runJobs(args, seed);
  }
  if (args.has("--sensitivity"))
  {
    throw UsageError("traffic: --sensitivity applies to --job (it varies a training job)");
  }
  if (args.has("--routing"))
  {
    throw UsageError("traffic: --routing applies to --job (GPU-level phases with NVLink nodes)");
  }
  const auto [ring, n] = collectiveOf(args);
  const double bytes = args.number("--bytes", 1 << 30, 1, 1e18);
  const engine::traffic::TimelineLevel level = timelineLevelOf(args);
  const backend::Solvers solvers = solversFromArgs(args, "traffic");
  const engine::Scene scene = loadSceneArgument(args.positional()[0]);
  noteSites(scene);
  const auto t0 = std::chrono::steady_clock::now();
  const fab::FabricGraph g = fab::buildSuperPod(scene, engine::Catalog::builtin());
  const auto t1 = std::chrono::steady_clock::now();
  const auto [members, order] = membersOf(args, g, n);
  const std::vector<int> failed = failedDevices(g, args.values("--fail"));
  engine::traffic::RecordingMaxMinSolver solver(*solvers.maxMin);
  const auto r = ring ? engine::traffic::ringAllReduce(g, members, bytes, seed, failed, &solver)
                      : engine::traffic::allToAll(g, members, bytes, seed, failed, &solver);
  const auto t2 = std::chrono::steady_clock::now();
  using Ms = std::chrono::duration<double, std::milli>;
  std::printf("Fabric          %s, %zu devices, %zu links (%.1f ms)\n", g.topology.c_str(),
              g.devices().size(), g.links().size(), Ms(t1 - t0).count());
  std::printf("%s %d GPUs (one per NIC), %.6g bytes, %d steps of %d flows\n",
              ring ? "Ring all-reduce" : "All-to-all     ", n, bytes, r.steps, r.flowsPerStep);
  const std::string membersText = engine::traffic::describeMembers(g, members, order);
  std::printf("Members         %s\n", membersText.c_str());
  std::printf("Time            %.6g s (step %.6g s; solved in %.1f ms)\n", r.timeS, r.stepTimeS,
              Ms(t2 - t1).count());
  std::printf("algbw           %.3f GB/s\nbusbw           %.3f GB/s\n", r.algBwBytesPerS / 1e9,
              r.busBwBytesPerS / 1e9);
  std::printf("Slowest flow    %.1f Gb/s; hottest link %.0f %%\n", r.slowestFlowBps / 1e9,
              100 * r.hottestLinkUtilisation);
  const engine::SolverRun ran = solver.lastRun();
  std::printf("Backend         %s\n", describeRun(ran).c_str());
  const auto [linksCsv, hottest] = linkReport(g, r.peakLoadBps, 5);
  std::printf("Hottest links (peak start-rate utilisation):\n%s", hottest.c_str());
  if (args.has("--links"))
  {
    engine::writeFileAtomically(args.value("--links"), linksCsv);
  }
  if (args.has("--out"))
  {
    // Ids are the user's own and may be long: strings are joined, numbers formatted.
    char numbers[768];
    std::snprintf(numbers, sizeof numbers,
                  "\"bytes\": %.17g, \"timeS\": %.17g, \"stepTimeS\": %.17g, \"steps\": %d, "
                  "\"algBwBytesPerS\": %.17g, \"busBwBytesPerS\": %.17g, "
                  "\"slowestFlowBps\": %.17g, \"hottestLinkUtilisation\": %.17g}\n",
                  bytes, r.timeS, r.stepTimeS, r.steps, r.algBwBytesPerS, r.busBwBytesPerS,
                  r.slowestFlowBps, r.hottestLinkUtilisation);
    std::string json = R"({"backend": )" + jsonString(ran.backend);
    json += R"(, "collective": )" + jsonString(ring ? "ring-allreduce" : "all-to-all");
    json += R"(, "gpus": )" + std::to_string(n);
    json += R"(, "memberOrder": )" + jsonString(engine::traffic::toString(order));
    json += R"(, "firstMember": )" + jsonString(g.device(members.front()).id);
    json += R"(, "lastMember": )" + jsonString(g.device(members.back()).id);
    json += ", ";
    json += numbers;
    engine::writeFileAtomically(args.value("--out"), json);
  }
  if (args.has("--timeline"))
  {
    writeTimeline(args, g, ring, members, bytes, seed, failed, level);
  }
  return 0;
}

} // namespace

MYRIAD_CLI_COMMAND(
  { "traffic", "training jobs or a collective as flows on the scene's fabric",
    "usage: myriad-cli traffic FILE --job JOB.json [--job JOB.json ...] [--seed K]\n"
    "                          [--routing ecmp|spray|rail-local] [--fail ID ...]\n"
    "                          [--links links.csv] [-o result.json] [--backend B]\n"
    "                          [--sensitivity]\n"
    "       myriad-cli traffic FILE (--ring-allreduce-gpus N | --all-to-all-gpus N)\n"
    "                          [--bytes S] [--members rail|node] [--seed K] [--fail ID ...]\n"
    "                          [--links links.csv]\n"
    "                          [-o result.json] [--backend B]\n"
    "                          [--timeline OUT.json [--timeline-level L]]\n"
    "  FILE                  a scene file, or builtin:NAME\n"
    "  --job FILE            a training job (samples/jobs/*.json); repeat for jobs that run\n"
    "                        together on disjoint GPUs: per job compute, collectives, exposed\n"
    "                        communication, step time, tokens/s, run time and energy\n"
    "  --ring-allreduce-gpus N  ring all-reduce among N ≥ 2 GPUs (one per compute NIC)\n"
    "  --all-to-all-gpus N   pairwise all-to-all among N ≥ 2 GPUs (one per NIC)\n"
    "  --bytes S             bytes per GPU, ≥ 1 (default 1 GiB)\n"
    "  --members ORDER       the NICs of the first ⌈N/rails⌉ nodes, cut to N, in ring order\n"
    "                        rail (default: rail 0 of each node, then rail 1, ...) or node\n"
    "                        (node by node, as the app's Collective Animation dock offers)\n"
    "  --seed K              ECMP hash seed, a whole number ≥ 0 (default 0)\n"
    "  --routing             ecmp (one hashed path per flow), spray (a flow split over its\n"
    "                        equal-cost paths) or rail-local (NVLink to the destination's rail\n"
    "                        first); overrides the jobs' \"routing\"\n"
    "  --sensitivity         also rank what changes each job's step most: other routings and\n"
    "                        placements, twice/half the micro-batches (message size), links\n"
    "                        above the leaves at 1/2 and 1/4 rate (2:1, 4:1 oversubscription)\n"
    "  --fail ID             take a switch (or NIC) out of service; repeatable\n"
    "  --links FILE          write every loaded cable direction with its peak load as CSV\n"
    "  -o, --out FILE        write the result as JSON (with the \"backend\" that ran)\n"
    "  --timeline FILE       single collective: write its event timeline as JSON (phases,\n"
    "                        flows with their cables and simulated rates; CPU solver)\n"
    "  --timeline-level L    flow (default), node, rack or rail: merge the flows between the\n"
    "                        same two groups into one arrow with their summed rate\n"
    "  --backend B           cpu, cuda or auto (default auto): the max-min solver; the line\n"
    "                        \"Backend\" says which ran and why",
    &runTraffic });

} // namespace myriad::cli
