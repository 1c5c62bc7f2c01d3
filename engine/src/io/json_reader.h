#pragma once
/**
 * @file json_reader.h
 * Typed, path-tracking access to a parsed JSON document. Every failure throws LoadError with
 * the file name, the JSON path of the offending value and the expected form, so messages read
 * "scene.json: /site/halls/0/rows/2/racks/5/xM: got a string (expected a number in metres)".
 * Internal to the engine (nlohmann::json stays out of public headers).
 */

#include "myriad/engine/error.h"

#include <nlohmann/json.hpp>

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace myriad::engine::detail
{

/**
 * Bounds on a JSON document, checked while it is read so memory stays bounded: the largest
 * built-in sample (a 10,240-GPU hall, 3 MB) has about 98,000 values, arrays of at most 90
 * elements and 8 levels, so these leave room for halls ten times larger.
 */
struct JsonLimits
{
  std::size_t maxArrayElements = 1'000'000;
  std::size_t maxValues = 4'000'000;
  std::size_t maxDepth = 64;
};

/** Why a document could not be parsed: what LoadError carries, plus where and what for callers
 *  that report rather than throw (the telemetry parsers). */
struct JsonFailure
{
  std::string path; ///< JSON path of the value, or "line L, column C" for a syntax error
  std::string message;
  std::string expected;
  std::size_t offset = 0; ///< byte offset just past the offending token
  bool overflow = false;  ///< a number beyond the range of a double ("1e999")
  std::string token;      ///< the offending token as read
};

/** Parse `text` within `limits` into `out`; the failure, if any. Never throws on bad input. */
std::optional<JsonFailure> parseJsonBoundedInto(std::string_view text, nlohmann::json& out,
                                                const JsonLimits& limits = {});

/**
 * Parse `text` within `limits`. Throws LoadError naming `fileName`: a syntax error at
 * "line L, column C" in plain words, a number beyond the range of a double ("1e999") or a
 * limit exceeded at the JSON path of the value. (json_strict.cpp)
 */
nlohmann::json parseJsonBounded(const std::string& text, const std::string& fileName,
                                const JsonLimits& limits = {});

class JsonReader
{
public:
  explicit JsonReader(std::string fileName)
    : m_file(std::move(fileName))
  {
  }

  /** Parse text within the default JsonLimits (parseJsonBounded). Throws LoadError. */
  nlohmann::json parse(const std::string& text) const;

  const nlohmann::json& object(const nlohmann::json& parent, const std::string& key,
                               const std::string& path) const;
  const nlohmann::json& array(const nlohmann::json& parent, const std::string& key,
                              const std::string& path, bool required = true) const;
  std::string string(const nlohmann::json& parent, const std::string& key,
                     const std::string& path) const;
  std::string stringOr(const nlohmann::json& parent, const std::string& key,
                       const std::string& path, const std::string& fallback) const;
  double number(const nlohmann::json& parent, const std::string& key, const std::string& path,
                const std::string& expected) const;
  double numberOr(const nlohmann::json& parent, const std::string& key, const std::string& path,
                  double fallback, const std::string& expected) const;
  /** A number that must be ≥ 0 (powers, sizes, capacities). */
  double nonNegative(const nlohmann::json& parent, const std::string& key, const std::string& path,
                     double fallback, const std::string& unit) const;
  /** A number within [minimum, maximum] (plausibility bounds); the message states them. */
  double numberIn(const nlohmann::json& parent, const std::string& key, const std::string& path,
                  double fallback, double minimum, double maximum, const std::string& unit) const;
  int integerOr(const nlohmann::json& parent, const std::string& key, const std::string& path,
                int fallback) const;
  bool booleanOr(const nlohmann::json& parent, const std::string& key, const std::string& path,
                 bool fallback) const;

  /** Reject keys not in `allowed` (catches typos such as "xm" for "xM"). */
  void allowOnly(const nlohmann::json& object, const std::string& path,
                 std::initializer_list<const char*> allowed) const;
  void allowOnly(const nlohmann::json& object, const std::string& path,
                 const std::vector<std::string>& allowed) const;

  [[noreturn]] void fail(const std::string& path, const std::string& message,
                         const std::string& expected = {}) const;

  const std::string& file() const { return m_file; }

private:
  const nlohmann::json* find(const nlohmann::json& parent, const std::string& key,
                             const std::string& path) const;
  std::string m_file;
};

/** A short description of a JSON value's type for messages ("a string", "null"). */
std::string describeJsonType(const nlohmann::json& value);

} // namespace myriad::engine::detail
