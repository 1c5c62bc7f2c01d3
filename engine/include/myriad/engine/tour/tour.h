#pragma once
/**
 * @file tour.h
 * Guided tours as data (docs/tours.md, schema docs/tours.schema.json): a versioned JSON file of
 * steps a trainer writes once and the app plays on a built-in sample. A step has a title and a
 * text in English and Simplified Chinese side by side, a camera waypoint, objects to highlight
 * (ids, or queries such as "the leaf of rail 3 in SU 7"), what to show, an optional action run
 * on a sandbox copy of the scene, and an optional question with its answer.
 *
 * Counts in a text come from the scene, never typed: "{{count spines}}" is the number of
 * objects the tour's query "spines" matches (renderText); model figures likewise come from the
 * models: "{{kpi pue}}" (tour_figures.h).
 *
 * Reading (parseTour) checks the form and names file, JSON path and expected form; checking
 * against a scene (checkTour) resolves every id, query, placeholder and action, so a tour that
 * reads well but points at nothing is caught before a class sees it (`myriad-cli tour
 * validate`).
 */

#include "myriad/engine/model.h"
#include "myriad/engine/validation.h"

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace myriad::engine
{
class Catalog;
}

namespace myriad::engine::tour
{

/** The schema string a tour file starts with. */
inline constexpr const char* kTourSchema = "myriad-tour/1";

/** A text in both interface languages ("en" required, "zh_CN" expected). */
struct LocalText
{
  std::string en;
  std::string zhCN;
  /** The text in `language` ("zh_CN", "zh", …), English when that one is missing. */
  const std::string& in(const std::string& language) const;
  bool operator==(const LocalText&) const = default;
};

/**
 * A set of scene objects by kind and attributes; an unset attribute matches everything.
 * kind: rack, node, gpu, switch, cooler, feed, row. role: a switch role (leaf, spine, core, …),
 * a rack kind (compute, network, …) or a cooler kind (crah, in-row, …).
 */
struct Query
{
  std::string kind;
  std::string role;
  int scalableUnit = -1; ///< "su": of a leaf or a node
  int rail = -1;         ///< of a leaf
  std::string hall;      ///< hall id
  std::string row;       ///< row id (racks, nodes, GPUs, switches in racks of that row)
  bool operator==(const Query&) const = default;
};

/** One thing to point at: an object id, a named query of the tour ("@spines") or a query. */
struct Target
{
  std::string id;        ///< an object id, or empty
  std::string queryName; ///< a name of Tour::queries, or empty
  std::optional<Query> query;
  bool operator==(const Target&) const = default;
};

/** Where the camera flies: a preset, an object, or an explicit eye/focus/up (m, world frame). */
struct Camera
{
  std::string preset; ///< "top", "isometric", "aisle" or empty
  std::string object; ///< an object id to fly to, or empty
  std::optional<std::array<double, 3>> eye, focus, up;
  bool operator==(const Camera&) const = default;
};

/** What the app shows during the step. */
struct Show
{
  std::vector<std::string> docks;          ///< "dashboard", "fabric", "thermal", "traffic", …
  std::map<std::string, std::string> tabs; ///< dock → tab opened in it ("dashboard" → "costs")
  bool thermalSlice = false;               ///< the temperature slice in the 3D view
  std::vector<std::string> fabricTiers;    ///< tiers of cables drawn: "leaf", "spine", "core"
  std::string job;                         ///< a job file (relative to the tour) to show
  bool operator==(const Show&) const = default;
};

/** What a step does, on a sandbox copy of the scene (the user's document is never changed). */
struct Action
{
  std::string op;              ///< "fail" (switches or links go down), "edits", "run-job"
  std::vector<Target> targets; ///< for "fail"
  std::string editsJson;       ///< for "edits": the array of edits, as `myriad-cli apply` reads it
  std::string job;             ///< for "run-job": a job file relative to the tour
  bool operator==(const Action&) const = default;
};

/** A question: pick objects in the 3D view, or choose among options. */
struct Question
{
  LocalText prompt;
  std::optional<Target> pick;      ///< the right pick: any object this target matches
  std::vector<LocalText> options;  ///< choices, when not a pick
  std::vector<int> correctOptions; ///< indices of the right choices
  LocalText explanation;
  bool operator==(const Question&) const = default;
};

struct Step
{
  LocalText title;
  LocalText text; ///< Markdown subset (paragraphs, **bold**, *italic*, lists); {{count NAME}},
                  ///< {{kpi NAME}}
  Camera camera;
  std::vector<Target> highlight;
  Show show;
  std::optional<Action> action;
  std::optional<Question> question;
  bool operator==(const Step&) const = default;
};

struct Tour
{
  std::string id;
  LocalText title;
  LocalText summary;
  std::string scene; ///< a built-in sample name ("lab-256") or a scene file relative to the tour
  std::map<std::string, Query> queries;
  std::vector<Step> steps;
  bool operator==(const Tour&) const = default;
};

/** Read a tour from JSON text. Throws LoadError naming `fileName`, the JSON path and the form. */
Tour parseTour(const std::string& text, const std::string& fileName);
/** Read the tour file at `path`. */
Tour loadTour(const std::string& path);

/** Ids of the scene's objects `query` matches, in scene order. */
std::vector<std::string> matchQuery(const Scene& scene, const Query& query);
/** Ids `target` stands for in `scene` (a missing id or named query gives none). */
std::vector<std::string> resolveTarget(const Scene& scene, const Tour& tour, const Target& target);

/**
 * `text` with each "{{count NAME}}" replaced by the number of objects the tour's query NAME
 * matches in `scene`, and each "{{kpi NAME}}" by `figures`' text for NAME (tour_figures.h;
 * "…" when `figures` lacks it: the model has not run). An unknown name stays as written
 * (checkTour reports it).
 */
std::string renderText(const std::string& text, const Scene& scene, const Tour& tour,
                       const std::map<std::string, std::string>* figures = nullptr);

/**
 * Every problem of `tour` on `scene`, with the JSON path of the field ("/steps/3/highlight/1"):
 * ids that are no object, queries that match nothing, unknown placeholders, a question without
 * a right answer, edits that fail on a copy of the scene (errors); a text without its Chinese
 * (warning). Job files are checked to exist under `tourDir` when it is given.
 */
std::vector<Diagnostic> checkTour(const Tour& tour, const Scene& scene, const Catalog& catalog,
                                  const std::string& tourDir = {});

} // namespace myriad::engine::tour
