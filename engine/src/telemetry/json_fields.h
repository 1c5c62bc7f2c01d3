#pragma once
// JSON helpers shared by the JSON-based telemetry parsers (Prometheus API, Redfish).
#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace myriad::engine::telemetry::detail
{

class SnapshotBuilder;

/**
 * Parse JSON telemetry within bounds into `out`. A number beyond the range of a double is
 * read as a string of its digits (the parsers then report it as not finite and exclude it);
 * any other failure is reported through `b` in plain words with its line, and false returned.
 * (telemetry_json.cpp)
 */
bool parseTelemetryJson(std::string_view text, SnapshotBuilder& b, nlohmann::json& out);

/** Deepest JSON nesting a telemetry document may have (guards the recursive parser). */
constexpr int kMaxJsonDepth = 64;

/** obj[key] when it is a string, else "" (json::value() throws on a non-string: fuzz finding). */
inline std::string stringField(const nlohmann::json& obj, const char* key)
{
  if (!obj.is_object())
  {
    return {};
  }
  const auto it = obj.find(key);
  return it != obj.end() && it->is_string() ? it->get<std::string>() : std::string();
}

} // namespace myriad::engine::telemetry::detail
