#pragma once
/**
 * @file model_registry.h
 * The live models as data: each declares the kinds of scene data it reads (edit::DataKind), the
 * stages whose results it reads, the lane it runs in and its run function. Which models rerun
 * after an edit follows from this table alone: an edit states what it changed
 * (edit::ChangeSet::kinds), and `stagesFor()` (live_models.h) picks every model whose inputs
 * intersect that, plus the models that read the results of a picked one (economics prices the
 * fabric stage's BOM). The app's scheduler builds its lanes from `stagesIn(Lane)`.
 *
 * Adding a model to the live loop:
 * 1. The model itself in its own files (`engine/src/<model>/`), as for any model
 *    (docs/dev/ARCHITECTURE.md, "Adding a model").
 * 2. A `Stage` enumerator (live_models.h), its KPI fields in `Kpis` and their merge in
 *    `mergeStage`, and a run function `void run<Model>Stage(detail::StageRun&)` declared in
 *    engine/src/live/live_stages.h and defined next to the others in live_models.cpp (it adapts
 *    the model's entry point to the stage's inputs and outputs).
 * 3. One descriptor in `table()` (engine/src/live/model_registry.cpp): name, the DataKinds it
 *    reads, the stages it reads results of, its lane and the run function. Read the model's code
 *    when writing `reads`: a kind it does not read makes edits rerun it for nothing, a missing one
 *    leaves it stale. Then add its row to the expectations of tests/engine/test_model_registry.cpp.
 * A new kind of edited data is a `DataKind` (edit/edit.h) set by the edits that change it and
 * added to the `reads` of the models that read it.
 */

#include "myriad/engine/edit/edit.h"
#include "myriad/engine/live/live_models.h"

#include <vector>

namespace myriad::engine::live
{

/** Worker lane a model runs in: the app keeps the cheap figures coming while the slow run. */
enum class Lane
{
  Cheap, ///< milliseconds to a second: validation, fabric routing, power chain, economics
  Slow   ///< seconds: flow simulation, thermal solve
};
constexpr int kLaneCount = 2;
const char* toString(Lane lane);

namespace detail
{
/** What one run of a stage gets and writes (defined in live_models.cpp, opaque here). */
struct StageRun;
} // namespace detail

/** One live model. */
struct ModelDescriptor
{
  Stage stage = Stage::Geometry;
  const char* name = ""; ///< "geometry", as toString(Stage), CLI --stages and status texts
  /** Scene data the model reads: an edit changing any of them reruns it. */
  edit::DataKinds reads;
  /** Stages whose results it reads (earlier in run order): it reruns when one of them does. */
  std::vector<Stage> after;
  Lane lane = Lane::Cheap;
  /** Runs the model; throws on failure (runStage records it). */
  void (*run)(detail::StageRun&) = nullptr;
};

/** Every live model, in run order (a model comes after the stages it reads results of). */
const std::vector<ModelDescriptor>& models();
/** The descriptor of `stage`. */
const ModelDescriptor& model(Stage stage);
/** The lane `stage` runs in. */
Lane laneOf(Stage stage);
/** The stages of `lane`, in run order. */
std::vector<Stage> stagesIn(Lane lane);

} // namespace myriad::engine::live
