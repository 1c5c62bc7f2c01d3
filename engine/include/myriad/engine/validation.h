#pragma once
/**
 * @file validation.h
 * Physical sanity of a scene: racks overlapping each other or coolers, objects outside their
 * hall, nodes outside their rack or overlapping in U, rack power over the rack's PDU capacity,
 * feed load over its rating, unknown feeds, duplicate ids. Each finding names the object by id
 * and JSON path and states the limit it breaks. The design checks (cooling capacity with N+1,
 * CDUs, airflow, the power chain's redundancy) come from validateDesign at a utilisation.
 */

#include "myriad/engine/model.h"
#include "myriad/engine/text.h"

#include <string>
#include <utility>
#include <vector>

namespace myriad::engine
{

class Catalog;

enum class Severity
{
  Warning,
  Error
};

struct Diagnostic
{
  Diagnostic() = default;
  Diagnostic(Severity severity_, std::string objectId_, std::string jsonPath_, std::string message_,
             std::string hint_ = {})
    : severity(severity_)
    , objectId(std::move(objectId_))
    , jsonPath(std::move(jsonPath_))
    , message(std::move(message_))
    , hint(std::move(hint_))
  {
  }
  /** A finding written as patterns (text.h): message and hint are their English. */
  Diagnostic(Severity severity_, std::string objectId_, std::string jsonPath_, Text text_,
             Text hintText_ = {})
    : severity(severity_)
    , objectId(std::move(objectId_))
    , jsonPath(std::move(jsonPath_))
    , message(text_.str())
    , hint(hintText_.str())
    , text(std::move(text_))
    , hintText(std::move(hintText_))
  {
  }

  Severity severity = Severity::Error;
  std::string objectId; ///< id of the offending object
  std::string jsonPath; ///< where it is in the scene file
  std::string message;  ///< what is wrong, with the values and the limit
  std::string hint;     ///< how to fix it (may be empty for self-evident findings)
  Text text;            ///< `message` as a pattern to translate; empty where not written so
  Text hintText;        ///< `hint` as a pattern to translate; empty where not written so
};

/** Check the scene; an empty list means it is physically consistent. */
std::vector<Diagnostic> validateScene(const Scene& scene, const Catalog& catalog);

/** Load at which the design checks estimate heat (design_checks.cpp). */
struct DesignCheckOptions
{
  /** IT utilisation 0–1: each part draws P_idle + u·(P_max − P_idle). 0.8 is the live loop's
   *  default; callers pass the document's evaluation utilisation. */
  double utilisation = 0.8;
  double designDeltaTK = 12; ///< rack air temperature rise where the part has no designDeltaTK
  /** Facility water supply (°C) the tanks and CDUs are checked against: the evaluation
   *  context's cooling.liquidSupplyC. */
  double liquidSupplyC = 30;
};

/**
 * Enclosures, tanks and floors (immersion_checks.cpp): floor load over the hall's rating
 * (error), an immersion rack that is not a tank or a tank not cooled by immersion (error), air
 * servers in tanks and immersion servers out of them (warning per rack).
 */
std::vector<Diagnostic> enclosureDiagnostics(const Scene& scene, const Catalog& catalog);
/** Facility water at `liquidSupplyC` warmer than a tank's or CDU's maxWaterSupplyC (error, once
 *  per model, at /evaluation/cooling/liquidSupplyC). */
std::vector<Diagnostic> waterSupplyDiagnostics(const Scene& scene, const Catalog& catalog,
                                               double liquidSupplyC);

/**
 * Cooling design checks per hall, without a thermal solve: air handlers and CDUs over capacity
 * (error) or without their spare (N+1 lost: load above capacity minus the largest unit;
 * warning), liquid heat without CDU capacity (error), rear doors over capacity (warning), air
 * handler airflow below the racks' airflow (starved hall, warning). Each finding has a hint.
 */
std::vector<Diagnostic> coolingDiagnostics(const Scene& scene, const Catalog& catalog,
                                           const DesignCheckOptions& options = {});
/** The power chain's findings (economics/power_chain.h) with severity and hint: feed over its
 *  rating, redundancy lost, rack over its PDU cap, unknown feed (errors), no feed and
 *  single-corded racks (warnings). */
std::vector<Diagnostic> powerDiagnostics(const Scene& scene, const Catalog& catalog,
                                         double utilisation = 0.8);
/** validateScene, then the power chain's findings for objects it did not flag, then the cooling
 *  and enclosure checks: what `myriad-cli validate` lists. Physical errors stay load errors; the
 * design findings never refuse a file. */
std::vector<Diagnostic> validateDesign(const Scene& scene, const Catalog& catalog,
                                       const DesignCheckOptions& options = {});
/** Number of Severity::Error entries. */
int errorCount(const std::vector<Diagnostic>& diagnostics);

} // namespace myriad::engine
