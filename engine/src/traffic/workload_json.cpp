/**
 * @file workload_json.cpp
 * Job files (JSON) → JobSpec with a strict reader: unknown keys, wrong types and impossible
 * values raise LoadError naming the file, the JSON path and the expected form. Also the GPU
 * figures a job needs from the catalog. Format: docs/models/traffic.md ("Job files").
 */

#include "io/json_reader.h"
#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/traffic/workload.h"

#include <cmath>

namespace myriad::engine::traffic
{

const char* toString(Sharding sharding)
{
  switch (sharding)
  {
    case Sharding::None:
      return "none";
    case Sharding::Zero1:
      return "zero1";
    case Sharding::Zero2:
      return "zero2";
    case Sharding::Zero3:
      return "zero3";
  }
  return "?";
}

const char* toString(PlacementKind kind)
{
  switch (kind)
  {
    case PlacementKind::Packed:
      return "packed";
    case PlacementKind::Spread:
      return "spread";
    case PlacementKind::Random:
      return "random";
    case PlacementKind::Explicit:
      return "explicit";
  }
  return "?";
}

namespace
{

using detail::JsonReader;
using nlohmann::json;

double positive(const JsonReader& r, const json& j, const std::string& key, const std::string& p,
                const std::string& unit)
{
  const double v = r.number(j, key, p, "a number > 0 (" + unit + ")");
  if (!(v > 0) || !std::isfinite(v))
  {
    r.fail(p + "/" + key, "got " + json(v).dump(), "a number > 0 (" + unit + ")");
  }
  return v;
}

int atLeast(const JsonReader& r, const json& j, const std::string& key, const std::string& p,
            int fallback, int minimum)
{
  const int v = r.integerOr(j, key, p, fallback);
  if (v < minimum)
  {
    r.fail(p + "/" + key, "got " + std::to_string(v), "an integer ≥ " + std::to_string(minimum));
  }
  return v;
}

void readModel(const JsonReader& r, const json& root, JobSpec& job)
{
  const std::string p = "/model";
  const json& m = r.object(root, "model", "");
  r.allowOnly(m, p,
              { "parameters", "activeParameters", "expertParameters", "layers", "moeLayers",
                "hidden", "expertsPerToken", "notes" });
  job.parameters = positive(r, m, "parameters", p, "parameters");
  job.activeParameters = r.nonNegative(m, "activeParameters", p, 0, "parameters");
  job.expertParameters = r.nonNegative(m, "expertParameters", p, 0, "parameters");
  job.layers = atLeast(r, m, "layers", p, 0, 1);
  job.hidden = atLeast(r, m, "hidden", p, 0, 1);
  job.expertsPerToken = atLeast(r, m, "expertsPerToken", p, 0, 0);
  job.moeLayers = atLeast(r, m, "moeLayers", p, job.expertsPerToken > 0 ? job.layers : 0, 0);
  if (job.activeParameters > job.parameters)
  {
    r.fail(p + "/activeParameters", "exceeds parameters", "at most the total parameters");
  }
  if (job.expertParameters >= job.parameters)
  {
    r.fail(p + "/expertParameters", "not below parameters", "less than the total parameters");
  }
  if (job.moeLayers > job.layers)
  {
    r.fail(p + "/moeLayers", "exceeds layers", "at most the number of layers");
  }
  if ((job.expertsPerToken > 0) != (job.expertParameters > 0))
  {
    r.fail(p + "/expertsPerToken", "an MoE model needs both expertsPerToken and expertParameters",
           "both > 0 (MoE) or both absent (dense)");
  }
}

void readTraining(const JsonReader& r, const json& root, JobSpec& job)
{
  const std::string p = "/training";
  const json& t = r.object(root, "training", "");
  r.allowOnly(t, p, { "tokensPerStep", "trainingTokens", "microBatches", "mfu", "gpu", "notes" });
  job.tokensPerStep = positive(r, t, "tokensPerStep", p, "tokens");
  job.trainingTokens = r.nonNegative(t, "trainingTokens", p, 0, "tokens");
  job.microBatches = atLeast(r, t, "microBatches", p, 1, 1);
  job.mfu = r.numberOr(t, "mfu", p, job.mfu, "a fraction in (0, 1]");
  if (!(job.mfu > 0 && job.mfu <= 1))
  {
    r.fail(p + "/mfu", "got " + json(job.mfu).dump(), "a fraction in (0, 1], e.g. 0.4");
  }
  job.gpu = r.stringOr(t, "gpu", p, "");
}

void readParallelism(const JsonReader& r, const json& root, JobSpec& job)
{
  const std::string p = "/parallelism";
  const json& q = r.object(root, "parallelism", "");
  r.allowOnly(q, p, { "tp", "pp", "dp", "ep", "sharding", "dpAlgorithm", "notes" });
  job.tp = atLeast(r, q, "tp", p, 1, 1);
  job.pp = atLeast(r, q, "pp", p, 1, 1);
  job.dp = atLeast(r, q, "dp", p, 1, 1);
  job.ep = atLeast(r, q, "ep", p, 1, 1);
  if (static_cast<double>(job.tp) * job.pp * job.dp > 1e7)
  {
    r.fail(p, "tp·pp·dp is over 10 million GPUs", "tp·pp·dp ≤ 1e7");
  }
  if (job.dp % job.ep != 0)
  {
    r.fail(p + "/ep",
           "ep = " + std::to_string(job.ep) + " does not divide dp = " + std::to_string(job.dp),
           "a divisor of dp (EP groups are carved out of DP)");
  }
  if (job.ep > 1 && job.expertsPerToken == 0)
  {
    r.fail(p + "/ep", "ep > 1 for a dense model", "1, or model.expertsPerToken > 0");
  }
  const std::string sharding = r.stringOr(q, "sharding", p, "none");
  const Sharding all[] = { Sharding::None, Sharding::Zero1, Sharding::Zero2, Sharding::Zero3 };
  bool known = false;
  for (const Sharding s : all)
  {
    if (sharding == toString(s) || (sharding == "fsdp" && s == Sharding::Zero3))
    {
      job.sharding = s;
      known = true;
    }
  }
  if (!known)
  {
    r.fail(p + "/sharding", "unknown value \"" + sharding + "\"",
           "none, zero1, zero2, zero3 or fsdp");
  }
  const std::string algo = r.stringOr(q, "dpAlgorithm", p, "auto");
  if (algo != "auto" && algo != "ring" && algo != "hierarchical")
  {
    r.fail(p + "/dpAlgorithm", "unknown value \"" + algo + "\"", "auto, ring or hierarchical");
  }
  job.dpAlgorithm = algo == "ring"           ? DpAlgorithm::Ring
                    : algo == "hierarchical" ? DpAlgorithm::Hierarchical
                                             : DpAlgorithm::Auto;
}

void readPlacement(const JsonReader& r, const json& root, JobSpec& job)
{
  const std::string p = "/placement";
  if (!root.contains("placement"))
  {
    return; // packed
  }
  const json& q = r.object(root, "placement", "");
  r.allowOnly(q, p, { "kind", "seed", "gpus", "notes" });
  const std::string kind = r.string(q, "kind", p);
  const PlacementKind kinds[] = { PlacementKind::Packed, PlacementKind::Spread,
                                  PlacementKind::Random, PlacementKind::Explicit };
  bool known = false;
  for (const PlacementKind k : kinds)
  {
    if (kind == toString(k))
    {
      job.placement = k;
      known = true;
    }
  }
  if (!known)
  {
    r.fail(p + "/kind", "unknown value \"" + kind + "\"", "packed, spread, random or explicit");
  }
  job.seed = static_cast<std::uint64_t>(atLeast(r, q, "seed", p, 0, 0));
  const json& gpus = r.array(q, "gpus", p, job.placement == PlacementKind::Explicit);
  if (job.placement != PlacementKind::Explicit && !gpus.is_null() && !gpus.empty())
  {
    r.fail(p + "/gpus", "GPU ids given with kind \"" + kind + "\"", "kind \"explicit\"");
  }
  for (std::size_t i = 0; job.placement == PlacementKind::Explicit && i < gpus.size(); ++i)
  {
    if (!gpus[i].is_number_integer() || gpus[i].get<long long>() < 0 ||
        gpus[i].get<long long>() > 100'000'000)
    {
      r.fail(p + "/gpus/" + std::to_string(i), "got " + gpus[i].dump(),
             "a GPU index ≥ 0 (node by node, rail by rail)");
    }
    job.gpuIds.push_back(gpus[i].get<int>());
  }
  if (job.placement == PlacementKind::Explicit && static_cast<int>(job.gpuIds.size()) != job.gpus())
  {
    r.fail(p + "/gpus",
           std::to_string(job.gpuIds.size()) +
             " GPU ids for tp·pp·dp = " + std::to_string(job.gpus()) + " ranks",
           "one GPU index per rank");
  }
}

} // namespace

JobSpec parseJob(const std::string& text, const std::string& fileName)
{
  const JsonReader r(fileName);
  const json root = r.parse(text);
  r.allowOnly(
    root, "",
    { "name", "source", "model", "training", "parallelism", "placement", "routing", "notes" });
  JobSpec job;
  job.name = r.string(root, "name", "");
  job.source = r.stringOr(root, "source", "", "");
  readModel(r, root, job);
  readTraining(r, root, job);
  readParallelism(r, root, job);
  readPlacement(r, root, job);
  const std::string routing = r.stringOr(root, "routing", "", "ecmp");
  if (!parseRouting(routing, job.routing))
  {
    r.fail("/routing", "unknown value \"" + routing + "\"", kRoutingNames);
  }
  return job;
}

JobSpec loadJob(const std::string& path)
{
  return parseJob(readFile(path), path);
}

std::string sceneGpuPart(const Scene& scene, const Catalog& catalog)
{
  for (const Hall& hall : scene.site.halls)
  {
    for (const Row& row : hall.rows)
    {
      for (const Rack& rack : row.racks)
      {
        for (const Node& node : rack.nodes)
        {
          const Part* server = catalog.find(node.model);
          if (server != nullptr && server->attributes.count("gpu") != 0)
          {
            return server->attributes.at("gpu");
          }
        }
      }
    }
  }
  return {};
}

GpuFigures gpuFigures(const Catalog& catalog, const std::string& gpuPart)
{
  const Part* part = catalog.find(gpuPart);
  if (part == nullptr || part->category != "gpu")
  {
    throw SpecError("job: gpu \"" + gpuPart + "\" is not a GPU of the catalog");
  }
  auto need = [&](const char* key)
  {
    if (part->figures.count(key) == 0)
    {
      throw SpecError("job: GPU " + gpuPart + " has no catalog figure " + key);
    }
    return part->figures.at(key).value;
  };
  GpuFigures f;
  f.peakFlops = need("peakBf16Tflops") * 1e12;
  f.nvlinkBytesPerS = need("nvlinkGBs") * 1e9;
  f.powerW = need("tdpW");
  // Per-GPU share of the first server (by id) that holds this GPU: CPUs, NICs, fans included.
  for (const std::string& id : catalog.idsOf("server"))
  {
    const Part& server = catalog.part(id);
    const auto gpu = server.attributes.find("gpu");
    if (gpu != server.attributes.end() && gpu->second == gpuPart && server.valueOr("gpus", 0) > 0 &&
        server.valueOr("powerMaxW", 0) > 0)
    {
      f.powerW = server.valueOr("powerMaxW", 0) / server.valueOr("gpus", 1);
      break;
    }
  }
  return f;
}

} // namespace myriad::engine::traffic
