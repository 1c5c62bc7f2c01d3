// Reading one NetBox devicetype-library YAML document (yaml-cpp) into a DeviceType.
#include "myriad/engine/error.h"
#include "myriad/engine/netbox/devicetype.h"

#include <yaml-cpp/yaml.h>

#include <cmath>
#include <cstddef>
#include <optional>
#include <string>

namespace myriad::engine::netbox
{

namespace
{

// The largest library files (chassis switches with many interfaces) are a few hundred KB;
// these bounds keep a hostile document from growing memory without end.
constexpr std::size_t kMaxTextBytes = std::size_t{ 16 } * 1024 * 1024;
constexpr std::size_t kMaxComponents = 100'000;
constexpr double kMaxUHeight = 100;

std::string lineOf(const YAML::Node& node)
{
  const YAML::Mark mark = node.Mark();
  if (mark.line < 0)
  {
    return {};
  }
  return " at line " + std::to_string(mark.line + 1) + ", column " +
         std::to_string(mark.column + 1);
}

std::string describe(const YAML::Node& node)
{
  switch (node.Type())
  {
    case YAML::NodeType::Null:
      return "null";
    case YAML::NodeType::Scalar:
    {
      std::string text = node.Scalar();
      if (text.size() > 40)
      {
        text = text.substr(0, 40) + "…";
      }
      return "\"" + text + "\"";
    }
    case YAML::NodeType::Sequence:
      return "a sequence";
    case YAML::NodeType::Map:
      return "a mapping";
    case YAML::NodeType::Undefined:
      break;
  }
  return "nothing";
}

/** Typed access to the YAML tree; every failure is a LoadError naming the file and key path. */
class YamlReader
{
public:
  explicit YamlReader(std::string fileName)
    : m_file(std::move(fileName))
  {
  }

  [[noreturn]] void fail(const std::string& path, const std::string& message,
                         const std::string& expected) const
  {
    throw LoadError(m_file, path, message, expected);
  }

  [[noreturn]] void wrongType(const std::string& path, const YAML::Node& node,
                              const std::string& expected) const
  {
    fail(path, "got " + describe(node) + lineOf(node), expected);
  }

  static bool absent(const YAML::Node& node) { return !node.IsDefined() || node.IsNull(); }

  /** A required or optional string; empty when an optional key is absent or null. */
  std::string string(const YAML::Node& map, const std::string& key, const std::string& path,
                     bool required) const
  {
    const YAML::Node node = map[key];
    const std::string where = path + "/" + key;
    if (absent(node))
    {
      if (required)
      {
        fail(where, node.IsDefined() ? "got null" + lineOf(node) : "missing", "a string");
      }
      return {};
    }
    if (!node.IsScalar())
    {
      wrongType(where, node, "a string");
    }
    if (required && node.Scalar().empty())
    {
      fail(where, "empty string" + lineOf(node), "a non-empty string");
    }
    return node.Scalar();
  }

  std::optional<double> number(const YAML::Node& map, const std::string& key,
                               const std::string& path, const std::string& expected) const
  {
    const YAML::Node node = map[key];
    if (absent(node))
    {
      return std::nullopt;
    }
    double value = 0;
    if (!node.IsScalar() || !YAML::convert<double>::decode(node, value) || !std::isfinite(value))
    {
      wrongType(path + "/" + key, node, expected);
    }
    return value;
  }

  std::optional<bool> boolean(const YAML::Node& map, const std::string& key,
                              const std::string& path) const
  {
    const YAML::Node node = map[key];
    if (absent(node))
    {
      return std::nullopt;
    }
    bool value = false;
    if (!node.IsScalar() || !YAML::convert<bool>::decode(node, value))
    {
      wrongType(path + "/" + key, node, "true or false");
    }
    return value;
  }

  /** The sequence at `key`, or an undefined node when absent or null. */
  YAML::Node sequence(const YAML::Node& map, const std::string& key, const std::string& what) const
  {
    const YAML::Node node = map[key];
    if (absent(node))
    {
      return YAML::Node(YAML::NodeType::Undefined);
    }
    if (!node.IsSequence())
    {
      wrongType("/" + key, node, "a sequence of " + what);
    }
    if (node.size() > kMaxComponents)
    {
      fail("/" + key, std::to_string(node.size()) + " entries",
           "at most " + std::to_string(kMaxComponents));
    }
    return node;
  }

private:
  std::string m_file;
};

double weightUnitToKg(const YamlReader& reader, const std::string& unit)
{
  if (unit == "kg")
  {
    return 1;
  }
  if (unit == "g")
  {
    return 0.001;
  }
  if (unit == "lb")
  {
    return 0.45359237;
  }
  if (unit == "oz")
  {
    return 0.028349523125;
  }
  reader.fail("/weight_unit", "unknown unit \"" + unit + "\"", "kg, g, lb or oz");
}

void readSize(const YamlReader& reader, const YAML::Node& root, DeviceType& type)
{
  if (const auto height = reader.number(root, "u_height", "", "a number of rack units"))
  {
    if (*height < 0 || *height > kMaxUHeight || std::fmod(*height * 2, 1.0) != 0)
    {
      reader.wrongType("/u_height", root["u_height"],
                       "a number of rack units from 0 to 100 in 0.5 steps");
    }
    type.uHeight = *height;
  }
  type.fullDepth = reader.boolean(root, "is_full_depth", "").value_or(true);
  type.airflow = reader.string(root, "airflow", "", false);
  const auto weight = reader.number(root, "weight", "", "a weight (a number)");
  if (weight)
  {
    if (*weight < 0)
    {
      reader.wrongType("/weight", root["weight"], "a weight of 0 or more");
    }
    const std::string unit = reader.string(root, "weight_unit", "", false);
    if (unit.empty())
    {
      reader.fail("/weight_unit", "missing while weight is given", "kg, g, lb or oz");
    }
    type.weightKg = *weight * weightUnitToKg(reader, unit);
  }
}

void readInterfaces(const YamlReader& reader, const YAML::Node& root, DeviceType& type)
{
  const YAML::Node interfaces = reader.sequence(root, "interfaces", "interface mappings");
  if (!interfaces.IsDefined())
  {
    return;
  }
  type.interfaces.reserve(interfaces.size());
  for (std::size_t i = 0; i < interfaces.size(); ++i)
  {
    const YAML::Node entry = interfaces[i];
    const std::string path = "/interfaces/" + std::to_string(i);
    if (!entry.IsMap())
    {
      reader.wrongType(path, entry, "a mapping with name and type");
    }
    DeviceTypeInterface interface;
    interface.name = reader.string(entry, "name", path, true);
    interface.type = reader.string(entry, "type", path, true);
    interface.mgmtOnly = reader.boolean(entry, "mgmt_only", path).value_or(false);
    type.interfaces.push_back(std::move(interface));
  }
}

double drawOf(const YamlReader& reader, const YAML::Node& entry, const std::string& key,
              const std::string& path)
{
  const auto watts = reader.number(entry, key, path, "a power in watts");
  if (watts && *watts < 0)
  {
    reader.wrongType(path + "/" + key, entry[key], "a power of 0 W or more");
  }
  return watts.value_or(0);
}

void readPowerPorts(const YamlReader& reader, const YAML::Node& root, DeviceType& type)
{
  const YAML::Node ports = reader.sequence(root, "power-ports", "power-port mappings");
  if (!ports.IsDefined())
  {
    return;
  }
  for (std::size_t i = 0; i < ports.size(); ++i)
  {
    const YAML::Node entry = ports[i];
    const std::string path = "/power-ports/" + std::to_string(i);
    if (!entry.IsMap())
    {
      reader.wrongType(path, entry, "a mapping with name and type");
    }
    type.maximumDrawW += drawOf(reader, entry, "maximum_draw", path);
    type.allocatedDrawW += drawOf(reader, entry, "allocated_draw", path);
    ++type.powerPorts;
  }
}

DeviceType readDeviceType(const YamlReader& reader, const YAML::Node& root)
{
  if (!root.IsMap())
  {
    reader.wrongType("/", root, "a devicetype-library mapping (manufacturer, model, slug, …)");
  }
  DeviceType type;
  type.manufacturer = reader.string(root, "manufacturer", "", true);
  type.model = reader.string(root, "model", "", true);
  type.slug = reader.string(root, "slug", "", true);
  type.partNumber = reader.string(root, "part_number", "", false);
  readSize(reader, root, type);
  readInterfaces(reader, root, type);
  readPowerPorts(reader, root, type);
  return type;
}

} // namespace

DeviceType deviceTypeFromYaml(const std::string& text, const std::string& fileName)
{
  const YamlReader reader(fileName);
  if (text.size() > kMaxTextBytes)
  {
    reader.fail("", std::to_string(text.size()) + " bytes", "a document of at most 16 MiB");
  }
  YAML::Node root;
  try
  {
    root = YAML::Load(text);
  }
  catch (const YAML::Exception& e)
  {
    const std::string where = e.mark.is_null() ? std::string("YAML")
                                               : "line " + std::to_string(e.mark.line + 1) +
                                                   ", column " + std::to_string(e.mark.column + 1);
    reader.fail(where, e.msg, "well-formed YAML");
  }
  try
  {
    return readDeviceType(reader, root);
  }
  catch (const YAML::Exception& e)
  {
    // Not expected (every access checks the node type first); kept so that no yaml-cpp
    // exception escapes the engine's error hierarchy.
    reader.fail("", e.what(), "a devicetype-library document");
  }
}

} // namespace myriad::engine::netbox
