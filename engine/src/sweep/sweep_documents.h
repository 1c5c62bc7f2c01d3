#pragma once
/**
 * @file sweep_documents.h
 * The documents one scenario is built from (the base scene and the jobs, as JSON), the writing
 * of a parameter's value into them, and the scene and jobs they make. Shared by the planner
 * (checks each value once) and the task (applies a scenario's values). Internal to the engine.
 */
#include "myriad/engine/model.h"
#include "myriad/engine/sweep/sweep.h"
#include "myriad/engine/traffic/workload.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace myriad::engine::sweep::detail
{

// nlohmann::json's noexcept move checks its invariant with a function not marked noexcept; the
// check cannot fail on a moved-from value, so the implicit moves here cannot throw.
struct Documents // NOLINT(bugprone-exception-escape)
{
  nlohmann::json base;              ///< a scene document with a "spec" when it has one
  std::vector<nlohmann::json> jobs; ///< job documents, in the sweep's order
  std::vector<std::string> jobFiles;
  bool specChanged = false; ///< a value was written under /spec/: the hall is generated again
};

/** The folder part of `file` ("" → "."). */
std::string folderOf(const std::string& file);
/** `ref` relative to the folder of `file` unless absolute. */
std::string resolveBeside(const std::string& file, const std::string& ref);

/**
 * Write `valueJson` at `parameter.pointer`. The target must exist with a value of the same JSON
 * type, or (not existing) its parent object must exist; under /evaluation/ the objects are made as
 * needed (the evaluation context lists only what differs from the defaults).
 * Throws SpecError naming the pointer and the expected type.
 */
void applyValue(Documents& docs, const Parameter& parameter, const std::string& valueJson);

/**
 * The scene of `docs`: read from the base document, or generated again from its spec (with the
 * base's evaluation context, scenarios and site settings) when a /spec/ value was written.
 * Throws LoadError / SpecError.
 */
Scene buildScene(const Documents& docs, const Catalog& catalog);

/** The jobs of `docs`, parsed (throws LoadError naming the job file). */
std::vector<traffic::JobSpec> buildJobs(const Documents& docs);

/** Read the planned folder's base and jobs. */
Documents readDocuments(const SweepSpec& spec);

} // namespace myriad::engine::sweep::detail
