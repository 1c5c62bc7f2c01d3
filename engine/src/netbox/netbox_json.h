#pragma once
// Lenient, path-naming access to one NetBox API object (internal to engine/src/netbox). NetBox
// answers null for unset fields, choice fields as {value,label}, related objects as nested
// briefs with an id; wrong types still fail with the JSON path and the expected form.
#include "io/json_reader.h"
#include "myriad/engine/netbox/netbox.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace myriad::engine::netbox
{

class Item
{
public:
  Item(const detail::JsonReader& reader, const nlohmann::json& object, std::string path,
       std::string endpoint);

  /** The object's integer id (required). */
  long id() const;
  bool has(const std::string& key) const;
  /** Text field; null/absent → "". */
  std::string text(const std::string& key) const;
  /** Number field (or a numeric string, as NetBox writes some decimals); null/absent → none. */
  std::optional<double> number(const std::string& key) const;
  bool flag(const std::string& key) const;
  /** A choice field's value: {value,label} → value; plain text as is; null → "". */
  std::string choice(const std::string& key) const;
  /** Id of a related object (nested brief or bare id); null/absent → −1. */
  long ref(const std::string& key) const;
  /** Slug / name of a related object (nested brief); "" when null. */
  std::string refSlug(const std::string& key) const;
  std::string refName(const std::string& key) const;
  /** A custom field as a number (number or numeric text); none when unset. */
  std::optional<double> customNumber(const std::string& key) const;
  /** Every set custom field whose name starts with `prefix`, as text. */
  std::map<std::string, std::string> customTexts(const std::string& prefix) const;
  /** Interface ids of a cable end; false when the end has a non-interface termination. */
  bool interfaceTerminations(const std::string& key, std::vector<long>& out) const;
  /** The raw member (for nested documents such as the floor plan canvas). */
  const nlohmann::json* member(const std::string& key) const;
  [[noreturn]] void fail(const std::string& key, const std::string& message,
                         const std::string& expected) const;
  const std::string& path() const { return m_path; }

private:
  const detail::JsonReader& m_reader;
  const nlohmann::json& m_object;
  std::string m_path;
  std::string m_endpoint;
};

/** Read one floor plan of the netbox-floorplan-plugin into `inventory` (floorplan.cpp). */
void readFloorplan(const Item& item, Inventory& inventory);

} // namespace myriad::engine::netbox
