#include "io/json_reader.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace myriad::engine::detail
{

std::string describeJsonType(const nlohmann::json& value)
{
  switch (value.type())
  {
    case nlohmann::json::value_t::null:
      return "null";
    case nlohmann::json::value_t::object:
      return "an object";
    case nlohmann::json::value_t::array:
      return "an array";
    case nlohmann::json::value_t::string:
      return "a string";
    case nlohmann::json::value_t::boolean:
      return "a boolean";
    default:
      return "a number";
  }
}

nlohmann::json JsonReader::parse(const std::string& text) const
{
  return parseJsonBounded(text, m_file);
}

void JsonReader::fail(const std::string& path, const std::string& message,
                      const std::string& expected) const
{
  throw LoadError(m_file, path.empty() ? "/" : path, message, expected);
}

const nlohmann::json* JsonReader::find(const nlohmann::json& parent, const std::string& key,
                                       const std::string& path) const
{
  if (!parent.is_object())
  {
    fail(path, "got " + describeJsonType(parent), "an object");
  }
  const auto it = parent.find(key);
  return it == parent.end() ? nullptr : &*it;
}

const nlohmann::json& JsonReader::object(const nlohmann::json& parent, const std::string& key,
                                         const std::string& path) const
{
  const auto* value = find(parent, key, path);
  if (value == nullptr)
  {
    fail(path + "/" + key, "missing", "an object");
  }
  if (!value->is_object())
  {
    fail(path + "/" + key, "got " + describeJsonType(*value), "an object");
  }
  return *value;
}

const nlohmann::json& JsonReader::array(const nlohmann::json& parent, const std::string& key,
                                        const std::string& path, bool required) const
{
  static const nlohmann::json empty = nlohmann::json::array();
  const auto* value = find(parent, key, path);
  if (value == nullptr)
  {
    if (required)
    {
      fail(path + "/" + key, "missing", "an array");
    }
    return empty;
  }
  if (!value->is_array())
  {
    fail(path + "/" + key, "got " + describeJsonType(*value), "an array");
  }
  return *value;
}

std::string JsonReader::string(const nlohmann::json& parent, const std::string& key,
                               const std::string& path) const
{
  const auto* value = find(parent, key, path);
  if (value == nullptr)
  {
    fail(path + "/" + key, "missing", "a string");
  }
  if (!value->is_string())
  {
    fail(path + "/" + key, "got " + describeJsonType(*value), "a string");
  }
  return value->get<std::string>();
}

std::string JsonReader::stringOr(const nlohmann::json& parent, const std::string& key,
                                 const std::string& path, const std::string& fallback) const
{
  const auto* value = find(parent, key, path);
  if (value == nullptr)
  {
    return fallback;
  }
  if (!value->is_string())
  {
    fail(path + "/" + key, "got " + describeJsonType(*value), "a string");
  }
  return value->get<std::string>();
}

double JsonReader::number(const nlohmann::json& parent, const std::string& key,
                          const std::string& path, const std::string& expected) const
{
  const auto* value = find(parent, key, path);
  if (value == nullptr)
  {
    fail(path + "/" + key, "missing", expected);
  }
  if (!value->is_number())
  {
    fail(path + "/" + key, "got " + describeJsonType(*value), expected);
  }
  const double number = value->get<double>();
  if (!std::isfinite(number))
  {
    fail(path + "/" + key, "not a finite number", expected);
  }
  return number;
}

double JsonReader::numberOr(const nlohmann::json& parent, const std::string& key,
                            const std::string& path, double fallback,
                            const std::string& expected) const
{
  return find(parent, key, path) == nullptr ? fallback : number(parent, key, path, expected);
}

double JsonReader::nonNegative(const nlohmann::json& parent, const std::string& key,
                               const std::string& path, double fallback,
                               const std::string& unit) const
{
  const std::string expected = "a number >= 0 in " + unit;
  const double value = numberOr(parent, key, path, fallback, expected);
  if (value < 0)
  {
    fail(path + "/" + key, "negative value " + nlohmann::json(value).dump(), expected);
  }
  return value;
}

double JsonReader::numberIn(const nlohmann::json& parent, const std::string& key,
                            const std::string& path, double fallback, double minimum,
                            double maximum, const std::string& unit) const
{
  char range[64];
  std::snprintf(range, sizeof range, "%g to %g", minimum, maximum);
  const std::string expected = "a number from " + std::string(range) + " " + unit;
  const double value = numberOr(parent, key, path, fallback, expected);
  if (value < minimum || value > maximum)
  {
    fail(path + "/" + key, "out of range: got " + nlohmann::json(value).dump(), expected);
  }
  return value;
}

int JsonReader::integerOr(const nlohmann::json& parent, const std::string& key,
                          const std::string& path, int fallback) const
{
  const auto* value = find(parent, key, path);
  if (value == nullptr)
  {
    return fallback;
  }
  if (!value->is_number_integer())
  {
    fail(path + "/" + key, "got " + describeJsonType(*value) + " " + value->dump(), "an integer");
  }
  const auto wide = value->get<long long>();
  if (wide < -1'000'000'000LL || wide > 1'000'000'000LL)
  {
    fail(path + "/" + key, "out of range " + value->dump(), "an integer within ±1e9");
  }
  return static_cast<int>(wide);
}

bool JsonReader::booleanOr(const nlohmann::json& parent, const std::string& key,
                           const std::string& path, bool fallback) const
{
  const auto* value = find(parent, key, path);
  if (value == nullptr)
  {
    return fallback;
  }
  if (!value->is_boolean())
  {
    fail(path + "/" + key, "got " + describeJsonType(*value), "true or false");
  }
  return value->get<bool>();
}

void JsonReader::allowOnly(const nlohmann::json& object, const std::string& path,
                           std::initializer_list<const char*> allowed) const
{
  allowOnly(object, path, std::vector<std::string>(allowed.begin(), allowed.end()));
}

void JsonReader::allowOnly(const nlohmann::json& object, const std::string& path,
                           const std::vector<std::string>& allowed) const
{
  if (!object.is_object())
  {
    fail(path, "got " + describeJsonType(object), "an object");
  }
  for (const auto& item : object.items())
  {
    if (std::find(allowed.begin(), allowed.end(), item.key()) == allowed.end())
    {
      std::string list;
      for (const std::string& name : allowed)
      {
        list += (list.empty() ? "" : ", ") + name;
      }
      fail(path + "/" + item.key(), "unknown key \"" + item.key() + "\"", "one of: " + list);
    }
  }
}

} // namespace myriad::engine::detail
