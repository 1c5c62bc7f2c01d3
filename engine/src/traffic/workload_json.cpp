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
#include <vector>

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
                "hidden", "expertsPerToken", "attentionDim", "notes" });
  job.parameters = positive(r, m, "parameters", p, "parameters");
  job.activeParameters = r.nonNegative(m, "activeParameters", p, 0, "parameters");
  job.expertParameters = r.nonNegative(m, "expertParameters", p, 0, "parameters");
  job.layers = atLeast(r, m, "layers", p, 0, 1);
  job.hidden = atLeast(r, m, "hidden", p, 0, 1);
  job.attentionDim = atLeast(r, m, "attentionDim", p, 0, 0);
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
  r.allowOnly(t, p,
              { "tokensPerStep", "trainingTokens", "microBatches", "sequenceLength", "precision",
                "kernelEfficiency", "recompute", "mfu", "gpu", "notes" });
  job.tokensPerStep = positive(r, t, "tokensPerStep", p, "tokens");
  job.trainingTokens = r.nonNegative(t, "trainingTokens", p, 0, "tokens");
  job.microBatches = atLeast(r, t, "microBatches", p, 1, 1);
  job.sequenceLength = atLeast(r, t, "sequenceLength", p, 0, 0);
  job.gpu = r.stringOr(t, "gpu", p, "");
  const std::string precision = r.stringOr(t, "precision", p, "bf16");
  if (!parsePrecision(precision, job.precision))
  {
    r.fail(p + "/precision", "unknown value \"" + precision + "\"", "bf16 or fp8");
  }
  const GpuCompute* compute = findGpuCompute(job.gpu);
  if (job.precision == Precision::Fp8 && compute != nullptr && !(compute->peakFp8Flops > 0))
  {
    r.fail(p + "/precision", "GPU " + job.gpu + " has no FP8 tensor cores",
           "bf16 for this GPU (samples/reference/traffic/gpu_kernels.json)");
  }
  job.kernelEfficiency = r.numberOr(t, "kernelEfficiency", p, 0, "a fraction in (0, 1]");
  if (t.contains("kernelEfficiency") && !(job.kernelEfficiency > 0 && job.kernelEfficiency <= 1))
  {
    r.fail(p + "/kernelEfficiency", "got " + json(job.kernelEfficiency).dump(),
           "a fraction of the GPU's peak in (0, 1], e.g. 0.75");
  }
  const std::string recompute = r.stringOr(t, "recompute", p, "none");
  if (recompute != "none" && recompute != "full")
  {
    r.fail(p + "/recompute", "unknown value \"" + recompute + "\"", "none or full");
  }
  job.recompute = recompute == "full" ? Recompute::Full : Recompute::None;
  // Legacy: an end-to-end MFU (it already holds the communication; docs/models/traffic.md).
  job.mfu = r.numberOr(t, "mfu", p, 0, "a fraction in (0, 1]");
  if (t.contains("mfu") && !(job.mfu > 0 && job.mfu <= 1))
  {
    r.fail(p + "/mfu", "got " + json(job.mfu).dump(), "a fraction in (0, 1], e.g. 0.4");
  }
  if (t.contains("mfu") && (t.contains("kernelEfficiency") || t.contains("precision")))
  {
    r.fail(p + "/mfu", "the legacy end-to-end MFU combined with kernelEfficiency or precision",
           "either mfu alone (legacy) or precision and kernelEfficiency (or the GPU table)");
  }
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
  if (job.pp > job.layers)
  {
    r.fail(p + "/pp",
           "pp = " + std::to_string(job.pp) + " exceeds the " + std::to_string(job.layers) +
             " layers",
           "at most one pipeline stage per layer");
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

/** The index of `key`'s value in `names` (fallback: names[0]); an error lists the names. */
int choice(const JsonReader& r, const json& j, const std::string& key, const std::string& p,
           const std::vector<std::string>& names)
{
  const std::string value = r.stringOr(j, key, p, names.front());
  for (std::size_t i = 0; i < names.size(); ++i)
  {
    if (value == names[i])
    {
      return static_cast<int>(i);
    }
  }
  std::string expected;
  for (std::size_t i = 0; i < names.size(); ++i)
  {
    expected += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  }
  r.fail(p + "/" + key, "unknown value \"" + value + "\"", expected);
}

void checkPipeline(const JsonReader& r, const json& s, const JobSpec& job);
void checkOverlap(const JsonReader& r, const JobSpec& job);

/** Pipeline schedule and overlap options; combinations the schedule cannot do are errors. */
void readSchedule(const JsonReader& r, const json& root, JobSpec& job)
{
  const std::string p = "/schedule";
  if (!root.contains("schedule"))
  {
    return; // 1F1B, TP and EP blocking, DP under the backward pass
  }
  const json& s = r.object(root, "schedule", "");
  r.allowOnly(s, p,
              { "pipeline", "virtualStages", "tpOverlap", "dpOverlap", "epOverlap",
                "expertNodeLimit", "epDispatch", "commSms", "notes" });
  job.schedule = static_cast<PipelineSchedule>(
    choice(r, s, "pipeline", p, { "1f1b", "interleaved", "zero-bubble", "dualpipe" }));
  job.virtualStages = atLeast(r, s, "virtualStages", p, 1, 1);
  job.tpOverlap =
    static_cast<TpOverlap>(choice(r, s, "tpOverlap", p, { "none", "sequence-parallel" }));
  job.dpOverlap = static_cast<DpOverlap>(choice(r, s, "dpOverlap", p, { "backward", "none" }));
  job.epOverlap = static_cast<EpOverlap>(choice(r, s, "epOverlap", p, { "none", "dualpipe" }));
  job.expertNodeLimit =
    s.contains("expertNodeLimit") ? atLeast(r, s, "expertNodeLimit", p, 0, 1) : 0;
  job.epDispatch =
    choice(r, s, "epDispatch", p, { "bf16", "fp8" }) == 1 ? Precision::Fp8 : Precision::Bf16;
  job.commSms = atLeast(r, s, "commSms", p, 0, 0);
  checkPipeline(r, s, job);
  checkOverlap(r, job);
}

/** Schedule constraints on pp, micro-batches and virtual stages (Megatron, ZB, DualPipe). */
void checkPipeline(const JsonReader& r, const json& s, const JobSpec& job)
{
  const std::string p = "/schedule";
  const std::string pp = std::to_string(job.pp), m = std::to_string(job.microBatches);
  if (job.schedule != PipelineSchedule::OneFOneB && job.pp < 2)
  {
    r.fail(p + "/pipeline", std::string(toString(job.schedule)) + " with pp = 1",
           "1f1b (the default) unless parallelism.pp ≥ 2");
  }
  if (job.schedule == PipelineSchedule::Interleaved)
  {
    if (job.virtualStages < 2 || job.virtualStages * job.pp > job.layers)
    {
      r.fail(p + "/virtualStages", "got " + std::to_string(job.virtualStages),
             "an integer in [2, layers/pp = " + std::to_string(job.layers / job.pp) +
               "] for the interleaved schedule");
    }
    if (job.microBatches % job.pp != 0)
    {
      r.fail(p + "/pipeline", "interleaved with " + m + " micro-batches and pp = " + pp,
             "training.microBatches a multiple of pp (Megatron's interleaved 1F1B)");
    }
  }
  else if (s.contains("virtualStages") && job.virtualStages != 1)
  {
    r.fail(p + "/virtualStages", "virtual stages without the interleaved schedule",
           "1, or pipeline \"interleaved\"");
  }
  if (job.schedule == PipelineSchedule::ZeroBubble && job.microBatches < job.pp)
  {
    r.fail(p + "/pipeline", "zero-bubble with " + m + " micro-batches < pp = " + pp,
           "training.microBatches ≥ pp (ZB-H1 fills the pipeline)");
  }
  if (job.schedule == PipelineSchedule::DualPipe && (job.pp % 2 != 0 || job.microBatches % 2 != 0))
  {
    r.fail(p + "/pipeline", "dualpipe with pp = " + pp + " and " + m + " micro-batches",
           "pp and training.microBatches both even (DualPipe feeds both ends)");
  }
}

/** Overlap and expert-routing options that need TP, EP or a schedule the job does not have. */
void checkOverlap(const JsonReader& r, const JobSpec& job)
{
  const std::string p = "/schedule";
  if (job.epOverlap == EpOverlap::DualPipe &&
      (job.schedule != PipelineSchedule::DualPipe || job.ep < 2))
  {
    r.fail(p + "/epOverlap", "dualpipe overlap without the dualpipe pipeline or with ep = 1",
           "\"none\", or pipeline \"dualpipe\" and parallelism.ep ≥ 2");
  }
  if (job.tpOverlap == TpOverlap::SequenceParallel && job.tp < 2)
  {
    r.fail(p + "/tpOverlap", "sequence-parallel with tp = 1", "\"none\", or parallelism.tp ≥ 2");
  }
  if ((job.expertNodeLimit > 0 || job.epDispatch == Precision::Fp8) && job.ep < 2)
  {
    r.fail(p + (job.expertNodeLimit > 0 ? "/expertNodeLimit" : "/epDispatch"),
           "expert routing options with ep = 1", "parallelism.ep ≥ 2 (an MoE job)");
  }
  if (job.expertNodeLimit > job.expertsPerToken)
  {
    r.fail(p + "/expertNodeLimit",
           "got " + std::to_string(job.expertNodeLimit) + " for " +
             std::to_string(job.expertsPerToken) + " experts per token",
           "an integer in [1, model.expertsPerToken]");
  }
  const GpuCompute* compute = findGpuCompute(job.gpu);
  if (compute != nullptr && compute->sms > 0 && job.commSms >= compute->sms)
  {
    r.fail(p + "/commSms", "got " + std::to_string(job.commSms),
           "fewer than the " + std::to_string(compute->sms) + " SMs of " + job.gpu);
  }
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
  r.allowOnly(root, "",
              { "name", "source", "model", "training", "parallelism", "schedule", "placement",
                "routing", "notes" });
  JobSpec job;
  job.name = r.string(root, "name", "");
  job.source = r.stringOr(root, "source", "", "");
  readModel(r, root, job);
  readTraining(r, root, job);
  readParallelism(r, root, job);
  readSchedule(r, root, job);
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
  GpuFigures f;
  const GpuCompute* compute = findGpuCompute(gpuPart);
  if (compute != nullptr)
  {
    f.compute = *compute;
  }
  const Part* part = catalog.find(gpuPart);
  if (part == nullptr || part->category != "gpu")
  {
    // A GPU the parts catalog does not hold (A100): the traffic table must give it all.
    if (compute == nullptr || !(compute->nvlinkBytesPerS > 0))
    {
      throw SpecError("job: gpu \"" + gpuPart + "\" is not a GPU of the catalog");
    }
    f.peakFlops = compute->peakBf16Flops;
    f.nvlinkBytesPerS = compute->nvlinkBytesPerS;
    f.powerW = compute->powerW > 0          ? compute->powerW
               : compute->powerLike.empty() ? 0
                                            : gpuFigures(catalog, compute->powerLike).powerW;
    if (!(f.powerW > 0) || !(f.peakFlops > 0))
    {
      throw SpecError("job: GPU " + gpuPart + " has no power or BF16 peak in the traffic data");
    }
    return f;
  }
  auto need = [&](const char* key)
  {
    if (part->figures.count(key) == 0)
    {
      throw SpecError("job: GPU " + gpuPart + " has no catalog figure " + key);
    }
    return part->figures.at(key).value;
  };
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
