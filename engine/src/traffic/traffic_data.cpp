/**
 * @file traffic_data.cpp
 * Strict reader of samples/reference/traffic/ (JSON files) (embedded at build time): unknown keys,
 * wrong types, figures without a known source and unreferenced figures not marked as estimates
 * are errors naming the file and JSON path, so no figure enters the model without its source.
 */

#include "myriad/engine/traffic/traffic_data.h"

#include "io/json_reader.h"
#include "myriad/engine/error.h"

#include <set>
#include <utility>
#include <vector>

namespace myriad::engine::detail
{
// Generated at build time from samples/reference/traffic/ (JSON files) (cmake/EmbedText.cmake).
const std::vector<std::pair<std::string, std::string>>& builtinTrafficDataFiles();
} // namespace myriad::engine::detail

namespace myriad::engine::traffic
{

const char* toString(Precision precision)
{
  return precision == Precision::Fp8 ? "fp8" : "bf16";
}

bool parsePrecision(const std::string& name, Precision& out)
{
  if (name == "bf16" || name == "fp8")
  {
    out = name == "fp8" ? Precision::Fp8 : Precision::Bf16;
    return true;
  }
  return false;
}

namespace
{

using nlohmann::json;

struct Data
{
  std::map<std::string, std::map<std::string, double>> figures;
  std::map<std::string, std::map<std::string, std::string>> attributes;
  std::map<std::string, std::string> category;
};

void readFile(const std::string& name, const std::string& text, Data& data)
{
  const detail::JsonReader r(name);
  const json root = r.parse(text);
  r.allowOnly(root, "", { "schema", "description", "sources", "parts" });
  if (!root.contains("schema") || root.at("schema") != 1)
  {
    r.fail("/schema", "unsupported or missing schema", "1");
  }
  std::map<std::string, bool> cited; // source key → has a reference
  for (const auto& [key, value] : r.object(root, "sources", "").items())
  {
    r.allowOnly(value, "/sources/" + key, { "citation", "reference" });
    r.string(value, "citation", "/sources/" + key);
    cited[key] = value.contains("reference");
  }
  const json& parts = r.array(root, "parts", "");
  for (std::size_t i = 0; i < parts.size(); ++i)
  {
    const std::string p = "/parts/" + std::to_string(i);
    r.allowOnly(parts[i], p, { "id", "category", "name", "attributes", "figures" });
    const std::string id = r.string(parts[i], "id", p);
    if (data.category.count(id) != 0)
    {
      r.fail(p + "/id", "duplicate id \"" + id + "\"", "ids unique across the traffic data");
    }
    data.category[id] = r.string(parts[i], "category", p);
    r.string(parts[i], "name", p);
    for (const auto& [key, f] : r.object(parts[i], "figures", p).items())
    {
      const std::string fp = p + "/figures/" + key;
      r.allowOnly(f, fp, { "value", "unit", "source", "note", "estimate" });
      const std::string source = r.string(f, "source", fp);
      if (cited.count(source) == 0)
      {
        r.fail(fp + "/source", "unknown source \"" + source + "\"", "a key of \"sources\"");
      }
      r.string(f, "unit", fp);
      r.stringOr(f, "note", fp, "");
      if (!f.contains("estimate") || !f.at("estimate").is_boolean())
      {
        r.fail(fp + "/estimate", "missing or not a boolean", "true or false");
      }
      if (!cited[source] && !f.at("estimate").get<bool>())
      {
        r.fail(fp + "/estimate", "a figure whose source has no reference is not verified", "true");
      }
      data.figures[id][key] = r.number(f, "value", fp, "a number");
    }
    if (parts[i].contains("attributes"))
    {
      for (const auto& [key, value] : r.object(parts[i], "attributes", p).items())
      {
        if (!value.is_string())
        {
          r.fail(p + "/attributes/" + key, "got " + detail::describeJsonType(value), "a string");
        }
        data.attributes[id][key] = value.get<std::string>();
      }
    }
  }
}

const Data& data()
{
  static const Data d = []
  {
    Data all;
    for (const auto& [name, text] : detail::builtinTrafficDataFiles())
    {
      readFile(name, text, all);
    }
    return all;
  }();
  return d;
}

std::map<std::string, GpuCompute> gpuTable()
{
  std::map<std::string, GpuCompute> out;
  for (const auto& [id, category] : data().category)
  {
    if (category != "gpu-compute")
    {
      continue;
    }
    const auto& f = data().figures.at(id);
    auto value = [&](const char* key) { return f.count(key) ? f.at(key) : 0.0; };
    GpuCompute g;
    g.id = id;
    g.peakBf16Flops = value("peakBf16Tflops") * 1e12;
    g.peakFp8Flops = value("peakFp8Tflops") * 1e12;
    g.gemmEfficiencyBf16 = value("gemmEfficiencyBf16");
    g.gemmEfficiencyFp8 = value("gemmEfficiencyFp8");
    g.sms = static_cast<int>(value("sms"));
    g.nvlinkBytesPerS = value("nvlinkGBs") * 1e9;
    g.powerW = value("powerW");
    const auto a = data().attributes.find(id);
    if (a != data().attributes.end() && a->second.count("powerLike"))
    {
      g.powerLike = a->second.at("powerLike");
    }
    out.emplace(id, g);
  }
  return out;
}

} // namespace

const GpuCompute* findGpuCompute(const std::string& gpu)
{
  static const std::map<std::string, GpuCompute> table = gpuTable();
  const auto it = table.find(gpu);
  return it == table.end() ? nullptr : &it->second;
}

double nonGemmOverhead()
{
  return trafficFigure("non-gemm-overhead", "omega");
}

double trafficFigure(const std::string& id, const std::string& key)
{
  const auto part = data().figures.find(id);
  if (part == data().figures.end() || part->second.count(key) == 0)
  {
    throw SpecError("traffic reference data: no figure " + key + " of \"" + id +
                    "\" in samples/reference/traffic");
  }
  return part->second.at(key);
}

const std::map<std::string, std::map<std::string, double>>& trafficFigures()
{
  return data().figures;
}

} // namespace myriad::engine::traffic
