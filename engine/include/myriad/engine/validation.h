#pragma once
/**
 * @file validation.h
 * Physical sanity of a scene: racks overlapping each other or coolers, objects outside their
 * hall, nodes outside their rack or overlapping in U, rack power over the rack's PDU capacity,
 * feed load over its rating, unknown feeds, duplicate ids. Each finding names the object by id
 * and JSON path and states the limit it breaks.
 */

#include "myriad/engine/model.h"

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

  Severity severity = Severity::Error;
  std::string objectId; ///< id of the offending object
  std::string jsonPath; ///< where it is in the scene file
  std::string message;  ///< what is wrong, with the values and the limit
  std::string hint;     ///< how to fix it (may be empty for self-evident findings)
};

/** Check the scene; an empty list means it is physically consistent. */
std::vector<Diagnostic> validateScene(const Scene& scene, const Catalog& catalog);
/** Number of Severity::Error entries. */
int errorCount(const std::vector<Diagnostic>& diagnostics);

} // namespace myriad::engine
