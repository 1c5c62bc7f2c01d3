// Tests of the step trace export (traffic/trace_export.h) on the lab-256 sample: two jobs run
// together (a dense job with TP, PP and a hierarchical DP all-reduce; an MoE job with a ring
// ZeRO-3 DP and an EP all-to-all). The trace is parsed back and checked event by event: the
// required fields, slices on one track that nest or are disjoint, counters with rising ts,
// every slice's duration against the JobResult field it names, each step track ending at the
// model's step time, the link counters against the run's peak loads, and the aggregation modes.
// (samples/jobs/llama3-70b.json needs 1,024 GPUs; lab-256 has 256, so the jobs are written here.)

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/model.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/traffic/trace_export.h"
#include "myriad/engine/traffic/workload.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <regex>
#include <sstream>
#include <tuple>

using namespace myriad::engine;
using namespace myriad::engine::traffic;
using nlohmann::json;

namespace
{

const char* kDenseJob = R"({
  "name": "dense-64",
  "model": { "parameters": 8e9, "layers": 32, "hidden": 4096 },
  "training": { "tokensPerStep": 1048576, "microBatches": 8, "sequenceLength": 4096 },
  "parallelism": { "tp": 2, "pp": 2, "dp": 16, "dpAlgorithm": "hierarchical" },
  "placement": { "kind": "packed" }
})";

const char* kMoeJob = R"({
  "name": "moe-32",
  "model": { "parameters": 16e9, "activeParameters": 4e9, "expertParameters": 12e9,
             "layers": 16, "moeLayers": 16, "hidden": 2048, "expertsPerToken": 2 },
  "training": { "tokensPerStep": 524288, "microBatches": 4, "sequenceLength": 4096 },
  "parallelism": { "tp": 1, "pp": 1, "dp": 32, "ep": 8, "sharding": "zero3",
                   "dpAlgorithm": "ring" },
  "placement": { "kind": "spread" }
})";

struct Fixture
{
  Scene scene;
  fabric::FabricGraph graph;
  std::vector<JobSpec> jobs;
  WorkloadResult result;
};

const Fixture& fixture()
{
  static const Fixture f = []
  {
    Fixture x;
    const Catalog& catalog = Catalog::builtin();
    x.scene = loadScene(std::string(MYRIAD_SOURCE_DIR) + "/samples/lab-256.json", catalog);
    x.graph = fabric::buildSuperPod(x.scene, catalog);
    for (const char* text : { kDenseJob, kMoeJob })
    {
      x.jobs.push_back(parseJob(text, "job.json"));
      x.jobs.back().gpu = sceneGpuPart(x.scene, catalog);
    }
    x.result = simulateWorkload(x.graph, catalog, x.jobs);
    return x;
  }();
  return f;
}

json exportTrace(const TraceOptions& options, TraceSummary* summary = nullptr)
{
  const Fixture& f = fixture();
  std::ostringstream out;
  const TraceSummary s = writeStepTrace(out, f.graph, f.jobs, f.result, options);
  if (summary)
  {
    *summary = s;
  }
  return json::parse(out.str());
}

/** The JobResult value a slice's args.field names ("collectives[1].stages[0].timeS"). */
double fieldValue(const JobResult& r, const std::string& field)
{
  static const std::regex stage(R"(collectives\[(\d+)\]\.stages\[(\d+)\]\.timeS)");
  static const std::regex coll(R"(collectives\[(\d+)\]\.(timeS|exposedS))");
  std::smatch m;
  if (field == "computeS")
    return r.computeS;
  if (field == "bubbleS")
    return r.bubbleS;
  if (std::regex_match(field, m, stage))
    return r.collectives.at(std::stoul(m[1])).stages.at(std::stoul(m[2])).timeS;
  if (std::regex_match(field, m, coll))
  {
    const CollectiveTime& c = r.collectives.at(std::stoul(m[1]));
    return m[2] == "timeS" ? c.timeS : c.exposedS;
  }
  throw Error("unknown field " + field);
}

std::string text(const json& e, const char* key)
{
  return e.at(key).get<std::string>();
}

bool near(double a, double b)
{
  return std::abs(a - b) <= 1e-9 * std::max({ std::abs(a), std::abs(b), 1e-12 });
}

struct Slice
{
  double ts, end;
  std::string name;
};

/** Slices of one track nest or are disjoint (1 ps of rounding allowed). */
void checkNesting(std::vector<Slice> slices, const QString& track)
{
  std::sort(slices.begin(), slices.end(),
            [](const Slice& a, const Slice& b)
            { return a.ts != b.ts ? a.ts < b.ts : a.end > b.end; });
  std::vector<Slice> open;
  constexpr double eps = 1e-6; // µs
  for (const Slice& s : slices)
  {
    while (!open.empty() && open.back().end <= s.ts + eps)
      open.pop_back();
    if (!open.empty())
      QVERIFY2(s.end <= open.back().end + eps,
               qPrintable(track + ": " + QString::fromStdString(s.name) + " overlaps " +
                          QString::fromStdString(open.back().name) + " partially"));
    open.push_back(s);
  }
}

} // namespace

class TestTrafficTrace final : public QObject
{
  Q_OBJECT

private slots:
  void everyEventHasItsFields();
  void slicesNestOrAreDisjoint();
  void durationsAreTheModelsFields();
  void stepTracksEndAtTheStepTime();
  void stagesSplitEachCollective();
  void countersAreTheBusiestLinks();
  void aggregationModes();
  void convenienceMatchesTheParts();
  void mismatchedResultIsRefused();
};

void TestTrafficTrace::everyEventHasItsFields()
{
  const json t = exportTrace({});
  QCOMPARE(t.at("displayTimeUnit").get<std::string>(), std::string("ms"));
  const json& other = t.at("otherData");
  QCOMPARE(other.at("ranks").get<std::string>(), std::string("all"));
  QCOMPARE(other.at("jobs").size(), std::size_t(2));
  QCOMPARE(other.at("jobs")[0].at("stepS").get<double>(), fixture().result.jobs[0].stepS);
  QVERIFY(other.at("generator").get<std::string>().rfind("Myriad ", 0) == 0);
  std::map<std::pair<int, long long>, int> named; // (pid, tid) → thread_name events
  std::map<int, int> processes;
  int slices = 0, counters = 0;
  for (const json& e : t.at("traceEvents"))
  {
    const auto ph = e.at("ph").get<std::string>();
    const int pid = e.at("pid").get<int>();
    const long long tid = e.at("tid").get<long long>();
    QVERIFY(e.at("name").is_string());
    QVERIFY(e.at("args").is_object());
    if (ph == "M")
    {
      const auto name = e.at("name").get<std::string>();
      QVERIFY2(name == "process_name" || name == "thread_name" || name == "process_sort_index" ||
                 name == "thread_sort_index",
               name.c_str());
      named[{ pid, tid }] += name == "thread_name";
      processes[pid] += name == "process_name";
      continue;
    }
    QVERIFY(e.at("ts").is_number());
    QVERIFY(e.at("ts").get<double>() >= 0);
    if (ph == "X")
    {
      ++slices;
      QVERIFY(e.at("dur").is_number() && e.at("dur").get<double>() >= 0);
      QVERIFY(e.at("cat").is_string());
      QVERIFY(e.at("args").at("field").is_string());
      QVERIFY2(named[std::make_pair(pid, tid)] == 1, "a slice on a track without a thread_name");
    }
    else
    {
      QCOMPARE(ph, std::string("C"));
      ++counters;
      QVERIFY(e.at("args").at("utilisation").is_number());
    }
  }
  QCOMPARE(processes.size(), std::size_t(3)); // two jobs and the link counters
  for (const auto& [pid, count] : processes)
    QCOMPARE(count, 1);
  QVERIFY(slices > 0);
  QVERIFY(counters > 0);
}

void TestTrafficTrace::slicesNestOrAreDisjoint()
{
  for (const TraceRanks mode : { TraceRanks::All, TraceRanks::Node })
  {
    TraceOptions options;
    options.ranks = mode;
    std::map<std::pair<int, long long>, std::vector<Slice>> tracks;
    const json trace = exportTrace(options);
    for (const json& e : trace.at("traceEvents"))
      if (text(e, "ph") == "X")
        tracks[{ e.at("pid").get<int>(), e.at("tid").get<long long>() }].push_back(
          { e.at("ts").get<double>(), e.at("ts").get<double>() + e.at("dur").get<double>(),
            e.at("name").get<std::string>() });
    QVERIFY(tracks.size() > 2);
    for (const auto& [track, slices] : tracks)
      checkNesting(slices, QString("pid %1 tid %2").arg(track.first).arg(track.second));
  }
}

void TestTrafficTrace::durationsAreTheModelsFields()
{
  const Fixture& f = fixture();
  std::map<std::pair<int, std::string>, int> seen; // (pid, field) → slices
  const json trace = exportTrace({});
  for (const json& e : trace.at("traceEvents"))
  {
    if (text(e, "ph") != "X")
      continue;
    const int pid = e.at("pid").get<int>();
    QVERIFY(pid >= 1 && pid <= 2);
    const auto field = e.at("args").at("field").get<std::string>();
    const double model = fieldValue(f.result.jobs[pid - 1], field);
    const double dur = e.at("dur").get<double>() / 1e6;
    QVERIFY2(near(dur, model),
             qPrintable(QString::fromStdString(field) + ": " + QString::number(dur, 'g', 17) +
                        " s in the trace, " + QString::number(model, 'g', 17) + " s in the model"));
    ++seen[{ pid, field }];
  }
  const auto key = [](int pid, const std::string& field) { return std::make_pair(pid, field); };
  // Every rank's track set carries every term of its job's step once.
  for (std::size_t j = 0; j < f.jobs.size(); ++j)
  {
    const JobResult& r = f.result.jobs[j];
    const int pid = static_cast<int>(j) + 1;
    QCOMPARE(seen[key(pid, "computeS")], r.gpus);
    QCOMPARE(seen[key(pid, "bubbleS")], f.jobs[j].pp > 1 ? r.gpus : 0);
    for (std::size_t i = 0; i < r.collectives.size(); ++i)
    {
      const std::string c = "collectives[" + std::to_string(i) + "]";
      QCOMPARE(seen[key(pid, c + ".timeS")], r.gpus);
      QCOMPARE(seen[key(pid, c + ".exposedS")], r.gpus);
      for (std::size_t s = 0; s < r.collectives[i].stages.size(); ++s)
        QCOMPARE(seen[key(pid, c + ".stages[" + std::to_string(s) + "].timeS")], r.gpus);
    }
  }
}

void TestTrafficTrace::stepTracksEndAtTheStepTime()
{
  const Fixture& f = fixture();
  std::map<std::pair<int, long long>, double> ends; // step tracks: (pid, tid) → last end, µs
  const json trace = exportTrace({});
  for (const json& e : trace.at("traceEvents"))
  {
    if (text(e, "ph") != "X")
      continue;
    const int pid = e.at("pid").get<int>();
    const long long k = 1 + static_cast<long long>(f.result.jobs[pid - 1].collectives.size());
    const long long tid = e.at("tid").get<long long>();
    if (tid % k == 0)
    {
      double& end = ends[{ pid, tid }];
      end = std::max(end, e.at("ts").get<double>() + e.at("dur").get<double>());
    }
  }
  QCOMPARE(ends.size(), static_cast<std::size_t>(f.result.jobs[0].gpus + f.result.jobs[1].gpus));
  for (const auto& [track, end] : ends)
  {
    const double step = f.result.jobs[track.first - 1].stepS;
    QVERIFY2(near(end / 1e6, step), qPrintable(QString::number(end / 1e6, 'g', 17) + " against " +
                                               QString::number(step, 'g', 17)));
  }
}

void TestTrafficTrace::stagesSplitEachCollective()
{
  // The model's stages (what the trace nests under each collective) sum to the collective.
  const Fixture& f = fixture();
  std::map<std::string, std::vector<std::string>> names;
  for (const JobResult& r : f.result.jobs)
    for (const CollectiveTime& c : r.collectives)
    {
      double sum = 0;
      for (const CollectiveStage& s : c.stages)
      {
        sum += s.timeS;
        names[r.name + " " + c.parallelism].push_back(s.name);
      }
      QVERIFY2(near(sum, c.timeS),
               qPrintable(QString::fromStdString(r.name + " " + c.parallelism)));
    }
  using V = std::vector<std::string>;
  QCOMPARE(names["dense-64 DP"],
           (V{ "intra-node reduce-scatter", "inter-node all-reduce", "intra-node all-gather" }));
  QCOMPARE(names["dense-64 PP"], (V{ "forward send/recv", "backward send/recv" }));
  QCOMPARE(names["moe-32 DP"], (V{ "reduce-scatter", "all-gather", "all-gather" })); // ZeRO-3
  QCOMPARE(names["moe-32 EP"].front(), std::string("all-to-all"));
}

void TestTrafficTrace::countersAreTheBusiestLinks()
{
  const Fixture& f = fixture();
  std::vector<double> util;
  for (std::size_t m = 0; m < f.result.peakLoadBps.size(); ++m)
    if (f.result.peakLoadBps[m] > 0)
      util.push_back(f.result.peakLoadBps[m] / f.graph.links()[m / 2].rateBps);
  std::sort(util.rbegin(), util.rend());
  QVERIFY(util.size() > 8);
  TraceOptions options;
  options.topLinks = 8;
  std::map<std::string, std::vector<std::pair<double, double>>> counters; // name → (ts, value)
  const json trace = exportTrace(options);
  for (const json& e : trace.at("traceEvents"))
    if (text(e, "ph") == "C")
      counters[e.at("name").get<std::string>()].push_back(
        { e.at("ts").get<double>(), e.at("args").at("utilisation").get<double>() });
  QCOMPARE(counters.size(), std::size_t(8));
  std::vector<double> values;
  const double end = std::max(f.result.jobs[0].stepS, f.result.jobs[1].stepS) * 1e6;
  for (const auto& [name, points] : counters)
  {
    QCOMPARE(points.size(), std::size_t(2));
    QVERIFY2(points[0].first < points[1].first, name.c_str()); // rising ts
    QVERIFY(near(points[1].first, end));
    values.push_back(points[0].second);
  }
  std::sort(values.rbegin(), values.rend());
  for (std::size_t i = 0; i < values.size(); ++i)
    QVERIFY(near(values[i], util[i]));
}

void TestTrafficTrace::aggregationModes()
{
  const Fixture& f = fixture();
  auto trackSets = [](const json& t)
  {
    long long n = 0;
    for (const json& e : t.at("traceEvents"))
      n += text(e, "ph") == "X" && text(e, "cat") == "compute";
    return n;
  };
  const int gpus = f.result.jobs[0].gpus + f.result.jobs[1].gpus;
  TraceSummary all, node, group, tiny, fits;
  QCOMPARE(trackSets(exportTrace({}, &all)), static_cast<long long>(gpus));
  QCOMPARE(all.trackSets, static_cast<long long>(gpus));
  TraceOptions options;
  options.ranks = TraceRanks::Node;
  QCOMPARE(trackSets(exportTrace(options, &node)), static_cast<long long>(gpus / 8));
  QCOMPARE(node.ranks, std::string("node"));
  options.ranks = TraceRanks::Group;
  options.ranksPerTrack = 5;
  QCOMPARE(trackSets(exportTrace(options, &group)), 13LL + 7LL); // ⌈64/5⌉ + ⌈32/5⌉
  QCOMPARE(group.ranks, std::string("group of 5"));
  // Auto: a budget below the per-node file takes groups, one between node and rank takes node.
  options = {};
  options.maxBytes = 1;
  const json t = exportTrace(options, &tiny);
  QVERIFY(tiny.ranks.rfind("group of ", 0) == 0);
  QCOMPARE(t.at("otherData").at("ranks").get<std::string>(), tiny.ranks);
  QVERIFY(t.at("otherData").at("ranksReason").get<std::string>().find("budget") !=
          std::string::npos);
  options.maxBytes = static_cast<double>(all.bytes) / 2;
  exportTrace(options, &fits);
  QCOMPARE(fits.ranks, std::string("node"));
  QVERIFY(fits.bytes <= static_cast<std::size_t>(options.maxBytes));
  QVERIFY(all.bytes > 0 && all.events > node.events);
}

void TestTrafficTrace::convenienceMatchesTheParts()
{
  const Fixture& f = fixture();
  TraceOptions options;
  options.scene = "lab-256.json";
  std::ostringstream parts;
  writeStepTrace(parts, f.graph, f.jobs, f.result, options);
  QCOMPARE(stepTraceJson(f.scene, Catalog::builtin(), f.jobs, options), parts.str());
}

void TestTrafficTrace::mismatchedResultIsRefused()
{
  const Fixture& f = fixture();
  std::ostringstream out;
  const std::vector<JobSpec> one(f.jobs.begin(), f.jobs.begin() + 1);
  QVERIFY_THROWS_EXCEPTION(SpecError, writeStepTrace(out, f.graph, one, f.result, {}));
  TraceOptions options;
  options.ranks = TraceRanks::Group;
  options.ranksPerTrack = 0;
  QVERIFY_THROWS_EXCEPTION(SpecError, writeStepTrace(out, f.graph, f.jobs, f.result, options));
}

QTEST_GUILESS_MAIN(TestTrafficTrace)
#include "test_traffic_trace.moc"
