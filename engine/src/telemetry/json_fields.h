#pragma once
// JSON helpers shared by the JSON-based telemetry parsers (Prometheus API, Redfish).
#include <nlohmann/json.hpp>

#include <string>

namespace myriad::engine::telemetry::detail
{

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
