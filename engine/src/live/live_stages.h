#pragma once
// The run functions of the live stages (defined in live_models.cpp, next to the models' stage
// bodies), referenced by the model registry (model_registry.cpp). Internal to engine/src/live.
#include "myriad/engine/live/model_registry.h"

namespace myriad::engine::live::detail
{

void runGeometryStage(StageRun& run);
void runFabricStage(StageRun& run);
void runPowerStage(StageRun& run);
void runEconomicsStage(StageRun& run);
void runTrafficStage(StageRun& run);
void runThermalStage(StageRun& run);

/** Replace the violations of `stage` in `all` by those of `incoming` that belong to it
 *  (live_results_merge.cpp). */
void replaceStageViolations(Stage stage, const std::vector<Violation>& incoming,
                            std::vector<Violation>& all);

} // namespace myriad::engine::live::detail
