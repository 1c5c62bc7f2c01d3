// Item: lenient, path-naming access to one NetBox API object (netbox_json.h).
#include "netbox/netbox_json.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace myriad::engine::netbox
{

using nlohmann::json;

Item::Item(const detail::JsonReader& reader, const json& object, std::string path,
           std::string endpoint)
  : m_reader(reader)
  , m_object(object)
  , m_path(std::move(path))
  , m_endpoint(std::move(endpoint))
{
  if (!m_object.is_object())
    m_reader.fail(m_path, "a " + m_endpoint + " entry is " + detail::describeJsonType(m_object),
                  "a NetBox " + m_endpoint + " object");
}

const json* Item::member(const std::string& key) const
{
  const auto it = m_object.find(key);
  if (it == m_object.end() || it->is_null())
    return nullptr;
  return &*it;
}

void Item::fail(const std::string& key, const std::string& message,
                const std::string& expected) const
{
  m_reader.fail(m_path + "/" + key, message, expected);
}

bool Item::has(const std::string& key) const
{
  return m_object.contains(key);
}

long Item::id() const
{
  const json* value = member("id");
  if (!value || !value->is_number_integer())
    fail("id", value ? "id is " + detail::describeJsonType(*value) : "no id",
         "the integer id of the " + m_endpoint + " object");
  return value->get<long>();
}

std::string Item::text(const std::string& key) const
{
  const json* value = member(key);
  if (!value)
    return {};
  if (!value->is_string())
    fail(key, "got " + detail::describeJsonType(*value), "a text or null");
  return value->get<std::string>();
}

std::optional<double> Item::number(const std::string& key) const
{
  const json* value = member(key);
  if (!value)
    return std::nullopt;
  if (value->is_number())
    return value->get<double>();
  if (value->is_string())
  {
    const std::string s = value->get<std::string>();
    char* end = nullptr;
    errno = 0;
    const double parsed = std::strtod(s.c_str(), &end);
    if (!s.empty() && end == s.c_str() + s.size() && errno == 0 && std::isfinite(parsed))
      return parsed;
  }
  fail(key, "got " + detail::describeJsonType(*value), "a number or null");
}

bool Item::flag(const std::string& key) const
{
  const json* value = member(key);
  if (!value)
    return false;
  if (!value->is_boolean())
    fail(key, "got " + detail::describeJsonType(*value), "true, false or null");
  return value->get<bool>();
}

std::string Item::choice(const std::string& key) const
{
  const json* value = member(key);
  if (!value)
    return {};
  if (value->is_string())
    return value->get<std::string>();
  if (value->is_object())
  {
    const auto v = value->find("value");
    if (v != value->end() && v->is_string())
      return v->get<std::string>();
    if (v != value->end() && v->is_null())
      return {};
  }
  fail(key, "got " + detail::describeJsonType(*value), "a choice {\"value\": …, \"label\": …}");
}

long Item::ref(const std::string& key) const
{
  const json* value = member(key);
  if (!value)
    return -1;
  if (value->is_number_integer())
    return value->get<long>();
  if (value->is_object())
  {
    const auto id = value->find("id");
    if (id != value->end() && id->is_number_integer())
      return id->get<long>();
  }
  fail(key, "got " + detail::describeJsonType(*value),
       "a related object {\"id\": …} (NetBox's nested brief) or null");
}

namespace
{
std::string nestedText(const Item& item, const json* value, const std::string& key,
                       const char* member)
{
  if (!value)
    return {};
  if (value->is_object())
  {
    const auto it = value->find(member);
    if (it == value->end() || it->is_null())
      return {};
    if (it->is_string())
      return it->get<std::string>();
  }
  item.fail(key + "/" + member, "got " + detail::describeJsonType(*value),
            std::string("a related object with a text \"") + member + "\"");
}
} // namespace

std::string Item::refSlug(const std::string& key) const
{
  return nestedText(*this, member(key), key, "slug");
}

std::string Item::refName(const std::string& key) const
{
  return nestedText(*this, member(key), key, "name");
}

std::optional<double> Item::customNumber(const std::string& key) const
{
  const json* fields = member("custom_fields");
  if (!fields || !fields->is_object())
    return std::nullopt;
  const Item custom(m_reader, *fields, m_path + "/custom_fields", m_endpoint);
  return custom.number(key);
}

std::map<std::string, std::string> Item::customTexts(const std::string& prefix) const
{
  std::map<std::string, std::string> out;
  const json* fields = member("custom_fields");
  if (!fields || !fields->is_object())
    return out;
  for (const auto& [key, value] : fields->items())
  {
    if (key.rfind(prefix, 0) != 0 || value.is_null())
      continue;
    out[key] = value.is_string() ? value.get<std::string>() : value.dump();
  }
  return out;
}

bool Item::interfaceTerminations(const std::string& key, std::vector<long>& out) const
{
  const json* ends = member(key);
  if (!ends)
    return true;
  if (!ends->is_array())
    fail(key, "got " + detail::describeJsonType(*ends), "a list of terminations");
  bool allInterfaces = true;
  for (std::size_t i = 0; i < ends->size(); ++i)
  {
    const Item end(m_reader, (*ends)[i], m_path + "/" + key + "/" + std::to_string(i),
                   "cable termination");
    const std::string type = end.text("object_type");
    if (type != "dcim.interface")
    {
      allInterfaces = false;
      continue;
    }
    const long id = end.ref("object_id");
    if (id < 0)
      end.fail("object_id", "no interface id", "the integer id of the interface");
    out.push_back(id);
  }
  return allInterfaces;
}

} // namespace myriad::engine::netbox
