/**
 * @file sweep_run.cpp
 * The sweep task: evaluate one planned scenario with the live models (live_models.h) and the
 * workload model (traffic/workload.h) and write DIR/results/N.json atomically. The same stages
 * the app and `myriad-cli apply` run, so a sweep's figures are the figures a user sees when they
 * open the scenario.
 */
#include "sweep/sweep_documents.h"

#include "myriad/engine/scene_io.h"
#include "myriad/engine/tour/tour_figures.h"

#include <algorithm>
#include <chrono>

#if defined(__unix__)
#include <sys/resource.h>
#endif

namespace myriad::engine::sweep
{

using nlohmann::ordered_json;

namespace
{

double peakRssMiB()
{
#if defined(__unix__)
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) == 0)
    return static_cast<double>(usage.ru_maxrss) / 1024.0; // Linux: KiB
#endif
  return 0;
}

bool wanted(const std::vector<std::string>& list, const std::string& name)
{
  return list.empty() || std::find(list.begin(), list.end(), name) != list.end();
}

/** The stages to run: those asked for, with the fabric when economics, traffic or jobs need it. */
std::vector<live::Stage> stagesToRun(const SweepSpec& spec)
{
  std::vector<live::Stage> stages;
  for (const auto stage : live::allStages())
  {
    const bool asked = wanted(spec.models, live::toString(stage));
    const bool needed = stage == live::Stage::Geometry ||
                        (stage == live::Stage::Fabric &&
                         (!spec.jobPaths.empty() || wanted(spec.models, "economics") ||
                          wanted(spec.models, "traffic")));
    if (asked || needed)
      stages.push_back(stage);
  }
  return stages;
}

ordered_json sceneKpis(const SweepSpec& spec, const live::LiveResults& results)
{
  ordered_json kpis = ordered_json::object();
  const auto& geometry = results.status(live::Stage::Geometry);
  if (geometry.computed && !geometry.failed)
  {
    if (wanted(spec.kpis, "gpusBuilt")) // the hall's GPUs: a spec's count rounds up to whole SUs
      kpis["gpusBuilt"] = results.kpis.gpus;
    if (wanted(spec.kpis, "racks"))
      kpis["racks"] = results.kpis.racks;
  }
  for (const auto& figure : tour::figureSpecs())
  {
    if (!wanted(spec.kpis, figure.name))
      continue;
    const auto& status = results.status(figure.stage);
    if (!status.computed || status.failed)
      continue; // not run: left out, never written as 0
    if (const auto value = tour::figureValue(figure, results))
      kpis[figure.name] = *value;
  }
  return kpis;
}

ordered_json jobFigures(const SweepSpec& spec, const traffic::JobResult& job)
{
  ordered_json out = { { "name", job.name } };
  const std::pair<const char*, double> figures[] = { { "stepS", job.stepS },
                                                     { "mfu", job.mfu },
                                                     { "tokensPerS", job.tokensPerS },
                                                     { "exposedS", job.exposedS } };
  for (const auto& [name, value] : figures)
    if (spec.kpis.empty() || wanted(spec.kpis, job.name + "." + name))
      out[name] = value;
  return out;
}

/** Each job alone on the scenario's fabric; a job that fails is an error, the others still run. */
void runJobs(const SweepSpec& spec, const std::vector<traffic::JobSpec>& jobs,
             const live::LiveResults& results, const Catalog& catalog,
             const live::LiveOptions& options, ordered_json& out, ordered_json& errors)
{
  out = ordered_json::array();
  const auto& fabric = results.status(live::Stage::Fabric);
  for (const auto& job : jobs)
  {
    if (!results.fabric || !fabric.computed || fabric.failed)
    {
      errors.push_back("job " + job.name + ": no fabric to run on (the fabric stage failed)");
      continue;
    }
    try
    {
      const auto result = traffic::simulateWorkload(results.fabric->graph, catalog, { job }, {}, 0,
                                                    options.maxMinSolver.get());
      out.push_back(jobFigures(spec, result.jobs.front()));
    }
    catch (const std::exception& e)
    {
      errors.push_back("job " + job.name + ": " + e.what());
    }
  }
}

ordered_json stageStatus(const live::LiveResults& results, const std::vector<live::Stage>& ran,
                         ordered_json& errors)
{
  ordered_json stages = ordered_json::object();
  for (const auto stage : ran)
  {
    const auto& s = results.status(stage);
    stages[live::toString(stage)] = { { "ms", s.millis }, { "backend", s.backend } };
    if (s.failed)
      errors.push_back(std::string(live::toString(stage)) + ": " + s.error);
  }
  return stages;
}

/** The base and jobs with scenario `scenario`'s values written in. */
detail::Documents scenarioDocuments(const SweepSpec& spec, const Scenario& scenario)
{
  detail::Documents docs = detail::readDocuments(spec);
  for (std::size_t k = 0; k < spec.parameters.size(); ++k)
    detail::applyValue(docs, spec.parameters[k], scenario.valuesJson[k]);
  return docs;
}

} // namespace

RunOutcome runScenario(const std::string& dir, long long index, const Catalog& catalog,
                       const live::LiveOptions& options, bool force)
{
  const SweepSpec spec = readPlannedSweep(dir);
  const Scenario scenario = plannedScenario(dir, index);
  if (!force && resultStatus(dir, index) == "ok")
    return { true, true, {} };
  const auto started = std::chrono::steady_clock::now();
  ordered_json result = { { "index", index }, { "status", "failed" } };
  ordered_json parameters = ordered_json::object();
  for (std::size_t k = 0; k < spec.parameters.size(); ++k)
    parameters[spec.parameters[k].name] = ordered_json::parse(scenario.valuesJson[k]);
  result["parameters"] = parameters;
  ordered_json errors = ordered_json::array();
  try
  {
    const detail::Documents docs = scenarioDocuments(spec, scenario);
    const Scene scene = detail::buildScene(docs, catalog);
    const auto jobs = detail::buildJobs(docs);
    live::LiveResults results;
    const auto stages = stagesToRun(spec);
    live::runStages(stages, scene, catalog, options, live::CancelToken{}, results);
    result["kpis"] = sceneKpis(spec, results);
    ordered_json jobResults;
    runJobs(spec, jobs, results, catalog, options, jobResults, errors);
    result["jobs"] = jobResults;
    result["stages"] = stageStatus(results, stages, errors);
  }
  catch (const std::exception& e)
  {
    errors.push_back(e.what());
  }
  result["status"] = errors.empty() ? "ok" : "failed";
  result["errors"] = errors;
  result["wallS"] =
    std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  result["peakRssMiB"] = peakRssMiB();
  writeFileAtomically(resultPath(dir, index), result.dump(2) + "\n");
  return { false, errors.empty(),
           errors.empty() ? std::string() : errors.front().get<std::string>() };
}

Scene scenarioScene(const std::string& dir, long long index, const Catalog& catalog)
{
  return detail::buildScene(scenarioDocuments(readPlannedSweep(dir), plannedScenario(dir, index)),
                            catalog);
}

} // namespace myriad::engine::sweep
