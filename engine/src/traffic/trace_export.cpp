/**
 * @file trace_export.cpp
 * One training step as Chrome Trace Event Format JSON (format: trace_export.h and
 * docs/trace-export.md). Events are written as text one by one (a 10,240-rank step has about
 * 10⁵ of them); strings are escaped by nlohmann-json.
 */

#include "myriad/engine/traffic/trace_export.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/model.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>
#include <utility>

namespace myriad::engine::traffic
{

namespace
{

constexpr double kMicroseconds = 1e6;

/** `text` as a JSON string literal. */
std::string quoted(const std::string& text)
{
  return nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

/** The shortest decimal that reads back as `value` (finite; non-finite values as 0). */
void appendNumber(std::string& out, double value)
{
  char buf[32];
  const auto res = std::to_chars(buf, buf + sizeof buf, std::isfinite(value) ? value : 0.0);
  out.append(buf, res.ptr);
}

/** The ranks one track set stands for, and its label. */
struct TrackSet
{
  std::string label;
  int firstRank = 0;
  int ranks = 0;
};

/** The node name of a GPU: its NIC's id before "-NIC", else the NIC's host ordinal. */
std::string nodeName(const fabric::FabricGraph& graph, const GpuCluster& cluster, int gpu)
{
  const std::string& id = graph.device(cluster.nic[gpu]).id;
  const std::size_t cut = id.rfind("-NIC");
  return cut == std::string::npos ? "node " + std::to_string(cluster.node[gpu]) : id.substr(0, cut);
}

std::string rankRange(int first, int count)
{
  return count == 1 ? "rank " + std::to_string(first)
                    : "ranks " + std::to_string(first) + "-" + std::to_string(first + count - 1);
}

/** Track sets of one job for `mode` (All, Node or Group of `perTrack`). */
std::vector<TrackSet> trackSets(const fabric::FabricGraph& graph, const GpuCluster& cluster,
                                const JobResult& job, TraceRanks mode, int perTrack)
{
  std::vector<TrackSet> sets;
  const int n = static_cast<int>(job.gpuIds.size());
  for (int r = 0; r < n;)
  {
    int count = 1;
    if (mode == TraceRanks::Group)
    {
      count = std::min(perTrack, n - r);
    }
    else if (mode == TraceRanks::Node)
    {
      const int node = cluster.node[job.gpuIds[r]];
      while (r + count < n && cluster.node[job.gpuIds[r + count]] == node)
      {
        ++count;
      }
    }
    std::string label = rankRange(r, count);
    if (mode != TraceRanks::Group)
    {
      label += " (" + nodeName(graph, cluster, job.gpuIds[r]) +
               (count == 1 ? "-G" + std::to_string(cluster.local[job.gpuIds[r]]) : "") + ")";
    }
    sets.push_back({ std::move(label), r, count });
    r += count;
  }
  return sets;
}

/** Appends events; counts them. */
struct EventWriter
{
  std::string& out;
  long long events = 0;

  void begin(const char* ph, int pid, long long tid)
  {
    out += events++ > 0 ? ",\n" : "";
    out += R"({"ph":")";
    out += ph;
    out += R"(","pid":)";
    out += std::to_string(pid);
    out += R"(,"tid":)";
    out += std::to_string(tid);
  }
  void meta(int pid, long long tid, const char* name, const std::string& key,
            const std::string& jsonValue)
  {
    begin("M", pid, tid);
    out += R"(,"name":")";
    out += name;
    out += R"(","args":{)";
    out += quoted(key);
    out += ':';
    out += jsonValue;
    out += "}}";
  }
  /** An "X" slice; `args` is the inside of the args object (may be empty). */
  void slice(int pid, long long tid, double startS, double durS, const std::string& name,
             const std::string& cat, const std::string& args)
  {
    begin("X", pid, tid);
    out += R"(,"ts":)";
    appendNumber(out, startS * kMicroseconds);
    out += R"(,"dur":)";
    appendNumber(out, durS * kMicroseconds);
    out += R"(,"name":)";
    out += quoted(name);
    out += R"(,"cat":)";
    out += quoted(cat);
    out += R"(,"args":{)";
    out += args;
    out += "}}";
  }
  void counter(int pid, double tsS, const std::string& name, double value)
  {
    begin("C", pid, 0);
    out += R"(,"ts":)";
    appendNumber(out, tsS * kMicroseconds);
    out += R"(,"name":)";
    out += quoted(name);
    out += R"(,"args":{"utilisation":)";
    appendNumber(out, value);
    out += "}}";
  }
};

std::string fieldArg(const std::string& field)
{
  return "\"field\":" + quoted(field);
}

std::string numberArg(const char* key, double value)
{
  std::string out = ",\"";
  out += key;
  out += "\":";
  appendNumber(out, value);
  return out;
}

/** The step track's slices of one track set (file comment of trace_export.h). */
void stepSlices(EventWriter& w, int pid, long long tid, const JobSpec& spec, const JobResult& r)
{
  w.slice(pid, tid, 0, r.computeS, "compute", "compute", fieldArg("computeS"));
  double t = r.computeS;
  if (spec.pp > 1 || r.bubbleS > 0)
  {
    w.slice(pid, tid, t, r.bubbleS, "pipeline bubble", "bubble",
            fieldArg("bubbleS") + ",\"schedule\":" + quoted(toString(spec.schedule)));
    t += r.bubbleS;
  }
  for (std::size_t i = 0; i < r.collectives.size(); ++i)
  {
    const CollectiveTime& c = r.collectives[i];
    w.slice(pid, tid, t, c.exposedS, c.parallelism + " exposed", c.parallelism,
            fieldArg("collectives[" + std::to_string(i) + "].exposedS") +
              numberArg("overlappedS", c.timeS - c.exposedS));
    t += c.exposedS;
  }
}

/** Collective i's track: the whole collective ending with its exposed part, and its stages. */
void collectiveSlices(EventWriter& w, int pid, long long tid, const JobResult& r, std::size_t i)
{
  double exposedEnd = r.computeS + r.bubbleS;
  for (std::size_t k = 0; k <= i; ++k)
  {
    exposedEnd += r.collectives[k].exposedS;
  }
  const CollectiveTime& c = r.collectives[i];
  const double start = std::max(0.0, exposedEnd - c.timeS);
  const std::string field = "collectives[" + std::to_string(i) + "]";
  std::string args = fieldArg(field + ".timeS") + ",\"algorithm\":" + quoted(c.algorithm) +
                     ",\"protocol\":" + quoted(c.protocol) + numberArg("calls", c.calls) +
                     numberArg("groups", c.groups) + numberArg("members", c.members) +
                     numberArg("bytesPerGpu", c.bytesPerGpu) + numberArg("exposedS", c.exposedS) +
                     numberArg("latencyS", c.latencyS) +
                     numberArg("busBwBytesPerS", c.busBwBytesPerS);
  w.slice(pid, tid, start, c.timeS, c.parallelism + " " + c.algorithm, c.parallelism, args);
  double t = start;
  for (std::size_t s = 0; s < c.stages.size(); ++s)
  {
    const CollectiveStage& st = c.stages[s];
    w.slice(pid, tid, t, st.timeS, c.parallelism + " " + st.name, c.parallelism,
            fieldArg(field + ".stages[" + std::to_string(s) + "].timeS") +
              ",\"scope\":" + quoted(st.scope));
    t += st.timeS;
  }
}

/** Metadata and slices of track set `u` of a job. */
void trackSetEvents(EventWriter& w, int pid, const JobSpec& spec, const JobResult& r,
                    const TrackSet& set, long long u)
{
  const long long k = 1 + static_cast<long long>(r.collectives.size());
  for (long long i = 0; i < k; ++i)
  {
    const long long tid = u * k + i;
    const std::string what =
      i == 0 ? "step" : r.collectives[i - 1].parallelism + " " + r.collectives[i - 1].algorithm;
    w.meta(pid, tid, "thread_name", "name", quoted(set.label + " " + what));
    w.meta(pid, tid, "thread_sort_index", "sort_index", std::to_string(tid));
  }
  stepSlices(w, pid, u * k, spec, r);
  for (std::size_t i = 0; i < r.collectives.size(); ++i)
  {
    collectiveSlices(w, pid, u * k + 1 + static_cast<long long>(i), r, i);
  }
}

/** Bytes of one single-rank track set of each job, as an estimate per track set. */
std::vector<std::size_t> bytesPerSet(const std::vector<JobSpec>& jobs, const WorkloadResult& res)
{
  std::vector<std::size_t> out;
  for (std::size_t j = 0; j < jobs.size(); ++j)
  {
    std::string buf;
    EventWriter w{ buf };
    trackSetEvents(w, static_cast<int>(j) + 1, jobs[j], res.jobs[j],
                   { "rank 99999 (H1-R00-K00-N0-G0)", 0, 1 }, 99999);
    out.push_back(buf.size() + 2);
  }
  return out;
}

/** The mode Auto takes, or the one asked for, with its reason. */
struct Choice
{
  TraceRanks mode = TraceRanks::All;
  int perTrack = 1;
  std::string reason;
};

Choice chooseRanks(const fabric::FabricGraph& graph, const GpuCluster& cluster,
                   const std::vector<JobSpec>& jobs, const WorkloadResult& res,
                   const TraceOptions& options)
{
  if (options.ranks != TraceRanks::Auto)
  {
    return { options.ranks, options.ranksPerTrack, "asked for" };
  }
  const std::vector<std::size_t> per = bytesPerSet(jobs, res);
  auto estimate = [&](TraceRanks mode, int n)
  {
    double bytes = 0;
    for (std::size_t j = 0; j < jobs.size(); ++j)
    {
      bytes += static_cast<double>(per[j]) *
               static_cast<double>(trackSets(graph, cluster, res.jobs[j], mode, n).size());
    }
    return bytes;
  };
  auto mb = [](double bytes) { return std::to_string(std::llround(bytes / 1e6)) + " MB"; };
  const std::string budget = " (budget " + mb(options.maxBytes) + ")";
  const double all = estimate(TraceRanks::All, 1);
  if (all <= options.maxBytes)
  {
    return { TraceRanks::All, 1, "a track set per rank: about " + mb(all) + budget };
  }
  const double node = estimate(TraceRanks::Node, 1);
  if (node <= options.maxBytes)
  {
    return { TraceRanks::Node, 1,
             "one per node: a track set per rank would take about " + mb(all) + budget };
  }
  int n = std::max(2, static_cast<int>(std::ceil(all / options.maxBytes)));
  while (n < cluster.size() && estimate(TraceRanks::Group, n) > options.maxBytes)
  {
    n = n + std::max(1, n / 8);
  }
  return { TraceRanks::Group, n,
           "groups of " + std::to_string(n) + " ranks: per rank about " + mb(all) +
             ", per node about " + mb(node) + budget };
}

/** The `top` cable directions of highest peak utilisation (ties: higher tier first). */
std::vector<int> busiestLinks(const fabric::FabricGraph& graph, const std::vector<double>& load,
                              int top)
{
  std::vector<int> loaded;
  for (int m = 0; m < static_cast<int>(load.size()); ++m)
  {
    if (load[m] > 0 && graph.links()[m / 2].rateBps > 0)
    {
      loaded.push_back(m);
    }
  }
  auto util = [&](int m) { return load[m] / graph.links()[m / 2].rateBps; };
  auto tier = [&](int m) { return static_cast<int>(graph.links()[m / 2].tier); };
  std::stable_sort(loaded.begin(), loaded.end(),
                   [&](int a, int b)
                   { return util(a) != util(b) ? util(a) > util(b) : tier(a) > tier(b); });
  loaded.resize(std::min<std::size_t>(loaded.size(), static_cast<std::size_t>(std::max(0, top))));
  return loaded;
}

void linkCounters(EventWriter& w, int pid, const fabric::FabricGraph& graph,
                  const std::vector<double>& load, int top, double endS)
{
  w.meta(pid, 0, "process_name", "name",
         quoted("Fabric: busiest cable directions (peak utilisation)"));
  w.meta(pid, 0, "process_sort_index", "sort_index", std::to_string(pid));
  for (const int m : busiestLinks(graph, load, top))
  {
    const fabric::Link& l = graph.links()[m / 2];
    const std::string& from = graph.device(m % 2 == 0 ? l.a.device : l.b.device).id;
    const std::string& to = graph.device(m % 2 == 0 ? l.b.device : l.a.device).id;
    char rate[32];
    std::snprintf(rate, sizeof rate, "%g Gb/s", l.rateBps / 1e9);
    std::string name = "link " + std::to_string(m / 2) + " " + from;
    name += " -> " + to + " (" + fabric::toString(l.tier) + ", " + rate + ")";
    const double u = load[m] / l.rateBps;
    w.counter(pid, 0, name, u);
    w.counter(pid, endS, name, u);
  }
}

std::string otherData(const std::vector<JobSpec>& jobs, const WorkloadResult& res,
                      const TraceOptions& options, const TraceSummary& s, int links)
{
  nlohmann::ordered_json o;
  o["generator"] = std::string("Myriad ") + MYRIAD_VERSION;
  o["format"] = "myriad step trace 1 (docs/trace-export.md)";
  o["scene"] = options.scene;
  o["jobs"] = nlohmann::json::array();
  for (std::size_t j = 0; j < jobs.size(); ++j)
  {
    o["jobs"].push_back({ { "name", res.jobs[j].name },
                          { "pid", j + 1 },
                          { "gpus", res.jobs[j].gpus },
                          { "stepS", res.jobs[j].stepS },
                          { "stepAloneS", res.jobs[j].stepAloneS } });
  }
  o["ranks"] = s.ranks;
  o["ranksReason"] = s.reason;
  o["linkCounters"] = std::to_string(links) +
                      " busiest cable directions: peak start-rate utilisation of the step "
                      "(fraction of the link rate), held from ts 0 to the longest step's end";
  o["solvedBy"] = res.solvedBy.backend;
  return o.dump();
}

/** Text written so far goes to the stream once it passes 1 MiB (and at the end). */
struct Sink
{
  std::ostream& out;
  std::string buf;
  std::size_t bytes = 0;

  void flush(std::size_t above = 0)
  {
    if (buf.size() > above)
    {
      out << buf;
      bytes += buf.size();
      buf.clear();
    }
  }
};

/** The process of job j and its track sets; returns the number of track sets. */
long long jobEvents(Sink& sink, EventWriter& w, const fabric::FabricGraph& graph,
                    const GpuCluster& cluster, const JobSpec& spec, const JobResult& r,
                    std::size_t j, const Choice& choice)
{
  const int pid = static_cast<int>(j) + 1;
  w.meta(pid, 0, "process_name", "name",
         quoted("job " + r.name + " (" + std::to_string(r.gpus) + " GPUs, TP " +
                std::to_string(spec.tp) + " PP " + std::to_string(spec.pp) + " DP " +
                std::to_string(spec.dp) + " EP " + std::to_string(spec.ep) + ")"));
  w.meta(pid, 0, "process_sort_index", "sort_index", std::to_string(j));
  const auto sets = trackSets(graph, cluster, r, choice.mode, choice.perTrack);
  for (std::size_t u = 0; u < sets.size(); ++u)
  {
    trackSetEvents(w, pid, spec, r, sets[u], static_cast<long long>(u));
    sink.flush(std::size_t(1) << 20);
  }
  return static_cast<long long>(sets.size());
}

} // namespace

TraceSummary writeStepTrace(std::ostream& out, const fabric::FabricGraph& graph,
                            const std::vector<JobSpec>& jobs, const WorkloadResult& result,
                            const TraceOptions& options)
{
  if (result.jobs.size() != jobs.size())
  {
    throw SpecError("trace: " + std::to_string(result.jobs.size()) + " job results for " +
                    std::to_string(jobs.size()) + " jobs");
  }
  if (options.ranks == TraceRanks::Group && options.ranksPerTrack < 1)
  {
    throw SpecError("trace: ranks per track must be at least 1");
  }
  const GpuCluster cluster = gpuCluster(graph);
  const Choice choice = chooseRanks(graph, cluster, jobs, result, options);
  TraceSummary s;
  s.ranks = choice.mode == TraceRanks::All    ? "all"
            : choice.mode == TraceRanks::Node ? "node"
                                              : "group of " + std::to_string(choice.perTrack);
  s.reason = choice.reason;
  s.ranksPerTrack = choice.mode == TraceRanks::Node ? cluster.gpusPerNode : choice.perTrack;
  Sink sink{ out, "{\"traceEvents\":[\n" };
  EventWriter w{ sink.buf };
  double endS = 0;
  for (std::size_t j = 0; j < jobs.size(); ++j)
  {
    s.trackSets += jobEvents(sink, w, graph, cluster, jobs[j], result.jobs[j], j, choice);
    endS = std::max(endS, result.jobs[j].stepS);
  }
  const int links =
    static_cast<int>(busiestLinks(graph, result.peakLoadBps, options.topLinks).size());
  linkCounters(w, static_cast<int>(jobs.size()) + 1, graph, result.peakLoadBps, options.topLinks,
               endS);
  s.events = w.events;
  sink.buf += "\n],\n\"displayTimeUnit\":\"ms\",\n\"otherData\":";
  sink.buf += otherData(jobs, result, options, s, links);
  sink.buf += "}\n";
  sink.flush();
  s.bytes = sink.bytes;
  return s;
}

std::string stepTraceJson(const Scene& scene, const Catalog& catalog, std::vector<JobSpec> jobs,
                          const TraceOptions& options, TraceSummary* summary)
{
  for (JobSpec& job : jobs)
  {
    if (job.gpu.empty())
    {
      job.gpu = sceneGpuPart(scene, catalog);
    }
  }
  const fabric::FabricGraph graph = fabric::buildSuperPod(scene, catalog);
  const WorkloadResult result =
    simulateWorkload(graph, catalog, jobs, options.failedDevices, options.seed, options.solver);
  std::ostringstream out;
  const TraceSummary s = writeStepTrace(out, graph, jobs, result, options);
  if (summary)
  {
    *summary = s;
  }
  return out.str();
}

} // namespace myriad::engine::traffic
