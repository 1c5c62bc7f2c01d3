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
#include <string>
#include <vector>

namespace myriad::engine::detail
{

class JsonReader
{
public:
  explicit JsonReader(std::string fileName)
    : m_file(std::move(fileName))
  {
  }

  /** Parse text; throws LoadError with line and column on a syntax error. */
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
