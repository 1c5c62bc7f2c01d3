/**
 * @file redfish.cpp
 * Parser for DMTF Redfish chassis thermal and power resources (DSP0268), both generations:
 *  - legacy Thermal: Temperatures[] {Name, ReadingCelsius, PhysicalContext}, Fans[] {Name |
 *    FanName, Reading, ReadingUnits RPM|Percent};
 *  - legacy Power: PowerControl[] {PowerConsumedWatts}, PowerSupplies[] {PowerInputWatts,
 *    PowerOutputWatts | LastPowerOutputWatts};
 *  - ThermalMetrics: TemperatureSummaryCelsius {Intake, Exhaust, Ambient, Internal}.Reading,
 *    TemperatureReadingsCelsius[] {DeviceName, Reading};
 *  - EnvironmentMetrics / ThermalMetrics: PowerWatts.Reading, EnergykWh.Reading (×3.6e6 → J),
 *    TemperatureCelsius.Reading; Fan: SpeedPercent {Reading (%), SpeedRPM};
 *  - PowerSupplyMetrics: InputPowerWatts.Reading, OutputPowerWatts.Reading;
 *  - collections with expanded "Members", or a JSON array of any of these.
 * Real BMCs send readings as numbers, numeric strings ("24.5"), null or "N/A": numbers and
 * numeric strings are read, null/"N/A"/"" become missing samples. The emulator misspelling
 * "ReadingCelcius" is accepted with a warning. Intake sensors (PhysicalContext "Intake" or the
 * summary's Intake) become node.inlet_temperature — the key input for thermal maps.
 * Redfish resources name no host: ParseOptions::hostname does. Diagnostics name the JSON pointer.
 */
#include "json_fields.h"
#include "parse_util.h"

#include "myriad/engine/telemetry/parsers.h"

#include <nlohmann/json.hpp>

namespace myriad::engine::telemetry
{
namespace
{

using detail::SnapshotBuilder;
using nlohmann::json;

using detail::kMaxJsonDepth;
using detail::stringField;

class RedfishParser
{
public:
  RedfishParser(const ParseOptions& options)
    : m_b(SourceFormat::Redfish, options)
  {
  }

  Snapshot run(std::string_view text)
  {
    std::size_t offset = 0;
    if (!m_b.checkSize(text.size()))
      return m_b.finish();
    if (!detail::jsonDepthOk(text, kMaxJsonDepth, offset))
    {
      m_b.diag(Severity::Error, detail::lineColumn(text, offset).first, "json",
               "nesting deeper than " + std::to_string(kMaxJsonDepth) + " levels");
      return m_b.finish();
    }
    json doc;
    if (!detail::parseTelemetryJson(text, m_b, doc))
      return m_b.finish();
    resource(doc, "");
    return finishAll();
  }

private:
  Snapshot finishAll()
  {
    if (m_found == 0)
      m_b.diag(Severity::Warning, 0, "",
               "no Redfish thermal or power readings found (expected Thermal, Power, "
               "ThermalMetrics, EnvironmentMetrics, Fan or PowerSupplyMetrics)");
    return m_b.finish();
  }

  /** Reading of `obj[key]` (number, numeric string, null, "N/A"). Adds a sample and returns
   *  true when the key exists. */
  bool reading(const json& obj, const char* key, const std::string& path, const char* metricName,
               const char* unit, double scale, const std::string& sensor)
  {
    if (!obj.is_object() || !obj.contains(key))
      return false;
    const json& v = obj[key];
    const std::string field = path + "/" + key;
    double value = 0;
    bool missing = false;
    if (v.is_number())
    {
      value = v.get<double>();
    }
    else if (v.is_null())
    {
      missing = true;
    }
    else if (v.is_string())
    {
      const std::string_view s = detail::trim(v.get_ref<const std::string&>());
      if (s.empty() || s == "N/A" || s == "n/a" || s == "NA")
        missing = true;
      else if (!detail::parseNumber(s, value))
      {
        m_b.diag(Severity::Error, 0, field,
                 "'" + std::string(s.substr(0, 40)) + "' is not a number");
        m_b.rowRejected();
        return true;
      }
    }
    else
    {
      m_b.diag(Severity::Error, 0, field, "expected a number, a string or null");
      m_b.rowRejected();
      return true;
    }
    m_b.rowRead();
    Entity e;
    e.hostname = m_b.options().hostname;
    e.sensor = sensor;
    m_b.sample(m_b.entity(e), m_b.metric(metricName, unit, key), value * scale, -1, 0, missing,
               field);
    ++m_found;
    return true;
  }

  static std::string nameOf(const json& item, std::size_t i, const char* fallback)
  {
    for (const char* key : { "Name", "FanName", "DeviceName", "MemberId", "Id" })
      if (item.contains(key) && item[key].is_string() && !item[key].get<std::string>().empty())
        return item[key].get<std::string>();
    return std::string(fallback) + " " + std::to_string(i);
  }

  static bool absent(const json& item)
  {
    return item.contains("Status") && item["Status"].is_object() &&
           stringField(item["Status"], "State") == "Absent";
  }

  void legacyTemperatures(const json& list, const std::string& path)
  {
    for (std::size_t i = 0; i < list.size(); ++i)
    {
      const json& t = list[i];
      const std::string p = path + "/" + std::to_string(i);
      if (!t.is_object() || absent(t))
        continue;
      const std::string context = stringField(t, "PhysicalContext");
      const char* metricName = context == "Intake"    ? metric::InletTemperature
                               : context == "Exhaust" ? metric::ExhaustTemperature
                                                      : metric::SensorTemperature;
      const std::string name = nameOf(t, i, "Temperature");
      if (reading(t, "ReadingCelsius", p, metricName, "degC", 1, name))
        continue;
      if (reading(t, "ReadingCelcius", p, metricName, "degC", 1, name))
      {
        m_b.diag(Severity::Warning, 0, p + "/ReadingCelcius",
                 "misspelt field accepted as ReadingCelsius");
        continue;
      }
      m_b.diag(Severity::Warning, 0, p, "temperature without ReadingCelsius");
    }
  }

  void legacyFans(const json& list, const std::string& path)
  {
    for (std::size_t i = 0; i < list.size(); ++i)
    {
      const json& f = list[i];
      const std::string p = path + "/" + std::to_string(i);
      if (!f.is_object() || absent(f))
        continue;
      std::string units = stringField(f, "ReadingUnits");
      if (units.empty())
      {
        m_b.diag(Severity::Warning, 0, p + "/ReadingUnits", "missing; assuming RPM");
        units = "RPM";
      }
      const bool percent = units == "Percent";
      if (!reading(f, "Reading", p, percent ? metric::FanSpeedRatio : metric::FanSpeedRpm,
                   percent ? "ratio" : "rpm", percent ? 0.01 : 1, nameOf(f, i, "Fan")))
        m_b.diag(Severity::Warning, 0, p, "fan without Reading");
    }
  }

  void legacyPower(const json& r, const std::string& path)
  {
    if (r.contains("PowerControl") && r["PowerControl"].is_array())
    {
      const json& list = r["PowerControl"];
      for (std::size_t i = 0; i < list.size(); ++i)
        reading(list[i], "PowerConsumedWatts", path + "/PowerControl/" + std::to_string(i),
                metric::NodePower, "W", 1, nameOf(list[i], i, "PowerControl"));
    }
    if (r.contains("PowerSupplies") && r["PowerSupplies"].is_array())
    {
      const json& list = r["PowerSupplies"];
      for (std::size_t i = 0; i < list.size(); ++i)
      {
        const json& s = list[i];
        const std::string p = path + "/PowerSupplies/" + std::to_string(i);
        if (!s.is_object() || absent(s))
          continue;
        const std::string name = nameOf(s, i, "PSU");
        reading(s, "PowerInputWatts", p, metric::PsuInputPower, "W", 1, name);
        if (!reading(s, "PowerOutputWatts", p, metric::PsuOutputPower, "W", 1, name))
          reading(s, "LastPowerOutputWatts", p, metric::PsuOutputPower, "W", 1, name);
      }
    }
  }

  /** A sensor excerpt {"Reading": x} under obj[key]. */
  void excerpt(const json& obj, const char* key, const std::string& path, const char* metricName,
               const char* unit, double scale, const std::string& sensor)
  {
    if (obj.contains(key) && obj[key].is_object())
      reading(obj[key], "Reading", path + "/" + key, metricName, unit, scale, sensor);
  }

  void currentShapes(const json& r, const std::string& path, const std::string& id)
  {
    if (r.contains("TemperatureSummaryCelsius") && r["TemperatureSummaryCelsius"].is_object())
    {
      const json& s = r["TemperatureSummaryCelsius"];
      const std::string p = path + "/TemperatureSummaryCelsius";
      excerpt(s, "Intake", p, metric::InletTemperature, "degC", 1, "Intake");
      excerpt(s, "Exhaust", p, metric::ExhaustTemperature, "degC", 1, "Exhaust");
      excerpt(s, "Ambient", p, metric::SensorTemperature, "degC", 1, "Ambient");
      excerpt(s, "Internal", p, metric::SensorTemperature, "degC", 1, "Internal");
    }
    if (r.contains("TemperatureReadingsCelsius") && r["TemperatureReadingsCelsius"].is_array())
    {
      const json& list = r["TemperatureReadingsCelsius"];
      for (std::size_t i = 0; i < list.size(); ++i)
        reading(list[i], "Reading", path + "/TemperatureReadingsCelsius/" + std::to_string(i),
                metric::SensorTemperature, "degC", 1, nameOf(list[i], i, "Sensor"));
    }
    excerpt(r, "PowerWatts", path, metric::NodePower, "W", 1, id);
    excerpt(r, "EnergykWh", path, metric::NodeEnergy, "J", 3.6e6, id);
    excerpt(r, "TemperatureCelsius", path, metric::SensorTemperature, "degC", 1, id);
    excerpt(r, "InputPowerWatts", path, metric::PsuInputPower, "W", 1, id);
    excerpt(r, "OutputPowerWatts", path, metric::PsuOutputPower, "W", 1, id);
    if (r.contains("SpeedPercent") && r["SpeedPercent"].is_object())
    {
      excerpt(r, "SpeedPercent", path, metric::FanSpeedRatio, "ratio", 0.01, id);
      reading(r["SpeedPercent"], "SpeedRPM", path + "/SpeedPercent", metric::FanSpeedRpm, "rpm", 1,
              id);
    }
  }

  void resource(const json& r, const std::string& path)
  {
    if (r.is_array())
    {
      for (std::size_t i = 0; i < r.size(); ++i)
        resource(r[i], path + "/" + std::to_string(i));
      return;
    }
    if (!r.is_object())
    {
      m_b.diag(Severity::Error, 0, path.empty() ? "/" : path, "expected a Redfish resource object");
      return;
    }
    if (r.contains("Members") && r["Members"].is_array())
    {
      const json& list = r["Members"];
      for (std::size_t i = 0; i < list.size(); ++i)
        if (list[i].is_object() && list[i].size() > 1) // skip bare {"@odata.id": …} links
          resource(list[i], path + "/Members/" + std::to_string(i));
    }
    if (r.contains("Temperatures") && r["Temperatures"].is_array())
      legacyTemperatures(r["Temperatures"], path + "/Temperatures");
    if (r.contains("Fans") && r["Fans"].is_array())
      legacyFans(r["Fans"], path + "/Fans");
    legacyPower(r, path);
    std::string id = stringField(r, "Id");
    if (id.empty() && r.contains("Name") && r["Name"].is_string())
      id = r["Name"].get<std::string>();
    currentShapes(r, path, id);
  }

  SnapshotBuilder m_b;
  int m_found = 0;
};

} // namespace

Snapshot parseRedfish(std::string_view text, const ParseOptions& options)
{
  return RedfishParser(options).run(text);
}

} // namespace myriad::engine::telemetry
