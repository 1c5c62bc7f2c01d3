#pragma once
// Reading and writing the scalar fields of a scene entity from its field table (fields.h):
// the reader's defaults, ranges and error texts and the writer's key order come from the rows.
// Internal to engine/src/io.
#include "io/json_reader.h"
#include "myriad/engine/fields.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace myriad::engine::detail
{

/** The expected form of a Number row in file errors ("a number >= 0 in metres"). */
inline std::string fileExpected(const char* explicitText, double minimum, const std::string& unit)
{
  if (explicitText != nullptr)
    return explicitText;
  const std::string word = unit == "m" ? "metres" : unit;
  return (minimum >= 0 ? "a number >= 0 in " : "a number in ") + word;
}

/** The stored keys of `table` followed by `lists` (the entity's hand-read lists). */
template <typename E>
std::vector<std::string> allowedKeys(const std::vector<fields::Field<E>>& table,
                                     std::initializer_list<const char*> lists)
{
  std::vector<std::string> keys;
  for (const auto& f : table)
    if (f.stored)
      keys.emplace_back(f.key);
  keys.insert(keys.end(), lists.begin(), lists.end());
  return keys;
}

template <typename E>
fields::Value readNumberField(const JsonReader& r, const nlohmann::json& j, const std::string& p,
                              const fields::Field<E>& f)
{
  const std::string expected = fileExpected(f.fileExpected, f.minimum, f.unit);
  if (!j.contains(f.key))
  {
    if (f.required)
      r.number(j, f.key, p, expected); // throws "missing"
    return f.fallbackNumber;
  }
  const double value = r.number(j, f.key, p, expected);
  if (f.minimum == 0 && value < 0) // as JsonReader::nonNegative
    r.fail(p + "/" + f.key, "negative value " + nlohmann::json(value).dump(), expected);
  if (value < f.minimum || value > f.maximum)
    r.fail(p + "/" + f.key,
           std::string(f.editKey()) + " out of range: got " + nlohmann::json(value).dump(),
           fields::rangeText(f.minimum, f.maximum, f.unit));
  return value;
}

template <typename E>
fields::Value readField(const JsonReader& r, const nlohmann::json& j, const std::string& p,
                        const fields::Field<E>& f)
{
  using fields::Type;
  switch (f.type)
  {
    case Type::Number:
      return readNumberField(r, j, p, f);
    case Type::Integer:
      return static_cast<double>(r.integerOr(j, f.key, p, static_cast<int>(f.fallbackNumber)));
    case Type::Text:
      return f.required ? r.string(j, f.key, p) : r.stringOr(j, f.key, p, f.fallbackText);
    case Type::Choice:
    {
      if (!j.contains(f.key))
        return std::string(f.fallbackText);
      const std::string text = r.string(j, f.key, p);
      if (std::find(f.choices.begin(), f.choices.end(), text) == f.choices.end())
        r.fail(p + "/" + f.key, "unknown value \"" + text + "\"", fields::choicesText(f.choices));
      return text;
    }
    case Type::TextList:
    {
      std::vector<std::string> list;
      const auto& items = r.array(j, f.key, p, false);
      for (std::size_t i = 0; i < items.size(); ++i)
      {
        if (!items[i].is_string())
          r.fail(p + "/" + f.key + "/" + std::to_string(i), "got " + describeJsonType(items[i]),
                 f.fileExpected ? f.fileExpected : "a string");
        list.push_back(items[i].template get<std::string>());
      }
      return list;
    }
  }
  return fields::Value{};
}

/**
 * Read every stored field of `table` from object `j` at path `p` into `out`. Absent keys take
 * the row's fallback (names: the object's id, read first). Keys are not checked here: call
 * JsonReader::allowOnly with allowedKeys().
 */
template <typename E>
void readFields(const JsonReader& r, const nlohmann::json& j, const std::string& p,
                const std::vector<fields::Field<E>>& table, E& out)
{
  if (!j.is_object())
    r.fail(p, "got " + describeJsonType(j), "an object");
  std::string id;
  for (const auto& f : table)
  {
    if (!f.stored)
      continue;
    fields::Value value =
      f.fallbackIsId && !j.contains(f.key) ? fields::Value(id) : readField(r, j, p, f);
    if (std::string(f.key) == "id")
      id = std::get<std::string>(value);
    f.put(out, value);
  }
}

/** Whether `value` is the row's fallback (the value an absent key reads as). */
template <typename E>
bool isFallback(const fields::Field<E>& f, const fields::Value& value)
{
  if (const double* number = std::get_if<double>(&value))
    return *number == f.fallbackNumber;
  if (const std::string* text = std::get_if<std::string>(&value))
    return *text == f.fallbackText;
  return std::get<std::vector<std::string>>(value).empty();
}

/** Write every stored field of `table` in table order (the canonical key order). */
template <typename E>
void writeFields(const std::vector<fields::Field<E>>& table, const E& entity,
                 nlohmann::ordered_json& j)
{
  using fields::Type;
  for (const auto& f : table)
  {
    if (!f.stored)
      continue;
    const fields::Value value = f.get(entity);
    if (f.omitDefault && isFallback(f, value))
      continue;
    switch (f.type)
    {
      case Type::Number:
        j[f.key] = std::get<double>(value);
        break;
      case Type::Integer:
        j[f.key] = static_cast<int>(std::get<double>(value));
        break;
      case Type::Text:
      case Type::Choice:
        j[f.key] = std::get<std::string>(value);
        break;
      case Type::TextList:
        j[f.key] = std::get<std::vector<std::string>>(value);
        break;
    }
  }
}

} // namespace myriad::engine::detail
