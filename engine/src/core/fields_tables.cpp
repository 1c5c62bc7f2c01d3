// The field tables of fields.h: one row per scalar field of each scene entity, in the canonical
// writer's key order. A row's ranges and spellings are what the reader and SetProperty accept.
#include "fields_table_rows.h"
#include "myriad/engine/fields.h"
#include "myriad/engine/text.h"

#include <cmath>
#include <cstdio>

// Rows leave out what does not apply. The class-type members of Field have no default member
// initialisers (GCC 12 crashes on them in these designated initialisers), so GCC would warn.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

namespace myriad::engine::fields
{

using namespace table_detail;

std::string choicesText(const std::vector<std::string>& choices)
{
  std::string out;
  for (std::size_t i = 0; i < choices.size(); ++i)
    out += (i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + choices[i];
  return out;
}

std::string rangeText(double minimum, double maximum, const std::string& unit)
{
  auto number = [](double v)
  {
    char text[32];
    std::snprintf(text, sizeof text, "%g", v);
    return std::string(text);
  };
  const std::string suffix = unit.empty() ? "" : " " + unit;
  if (std::isfinite(minimum) && std::isfinite(maximum))
    return number(minimum) + " to " + number(maximum) + suffix;
  if (std::isfinite(minimum))
    return "≥ " + number(minimum) + suffix;
  if (std::isfinite(maximum))
    return "≤ " + number(maximum) + suffix;
  return "any number" + suffix;
}

const std::vector<Field<Rack>>& rackFields()
{
  static const std::vector<Field<Rack>> table = {
    { .key = "id",
      .type = Type::Text,
      .label = MYRIAD_TR_NOOP("EngineField", "Id"),
      .required = true,
      MYRIAD_TEXT(Rack, id) },
    { .key = "model",
      .type = Type::Text,
      .label = MYRIAD_TR_NOOP("EngineField", "Model"),
      .required = true,
      .settable = true,
      .expected = "a rack id of the catalog",
      .affects = { K::Layout, K::RackModels },
      MYRIAD_TEXT(Rack, model) },
    { .key = "kind",
      .type = Type::Choice,
      .label = MYRIAD_TR_NOOP("EngineField", "Kind"),
      .choices = spellings({ RackKind::Compute, RackKind::Network, RackKind::Storage,
                             RackKind::Power, RackKind::Cooling }),
      .fallbackText = "compute",
      .settable = true,
      .affects = { K::Devices },
      MYRIAD_CHOICE(Rack, RackKind, kind) },
    { .key = "xM",
      .type = Type::Number,
      .label = MYRIAD_TR_NOOP("EngineField", "x"),
      .unit = "m",
      .minimum = -kCoordinateLimitM,
      .maximum = kCoordinateLimitM,
      .required = true,
      MYRIAD_NUMBER(Rack, xM) },
    { .key = "yM",
      .type = Type::Number,
      .label = MYRIAD_TR_NOOP("EngineField", "y"),
      .unit = "m",
      .minimum = -kCoordinateLimitM,
      .maximum = kCoordinateLimitM,
      .required = true,
      MYRIAD_NUMBER(Rack, yM) },
    { .key = "facing",
      .type = Type::Choice,
      .label = MYRIAD_TR_NOOP("EngineField", "Intake faces"),
      .choices = kFacings,
      .fallbackText = "+y",
      .settable = true,
      .affects = { K::Facing },
      .editor = EditorHint{},
      MYRIAD_CHOICE(Rack, Facing, facing) },
    { .key = "cooling",
      .type = Type::Choice,
      .label = MYRIAD_TR_NOOP("EngineField", "Cooling"),
      .choices = spellings({ CoolingStyle::Air, CoolingStyle::Liquid, CoolingStyle::Immersion }),
      .fallbackText = "air",
      .settable = true,
      .affects = { K::RackCooling },
      .editor = EditorHint{},
      MYRIAD_CHOICE(Rack, CoolingStyle, cooling) },
    { .key = "powerCapW",
      .type = Type::Number,
      .label = MYRIAD_TR_NOOP("EngineField", "Power cap"),
      .unit = "W",
      .minimum = 0,
      .maximum = 1e9,
      .fallbackNumber = 0.0,
      .settable = true,
      .expected = "a number ≥ 0 in W",
      .affects = { K::RackPower },
      .editor = EditorHint{ " kW", 1000, 0, 1000 },
      MYRIAD_NUMBER(Rack, powerCapW) },
    { .key = "powerW",
      .type = Type::Number,
      .label = MYRIAD_TR_NOOP("EngineField", "Given power"),
      .unit = "W",
      .minimum = 0,
      .maximum = 1e7,
      .fallbackNumber = 0.0,
      .omitDefault = true,
      .settable = true,
      .expected = "a number ≥ 0 in W (0: from the rack's contents)",
      .affects = { K::RackLoad },
      .editor = EditorHint{ " kW", 1000, 0, 10000, MYRIAD_TR_NOOP("EngineField", "from contents") },
      MYRIAD_NUMBER(Rack, powerW) },
    { .key = "powerSource",
      .type = Type::Choice,
      .label = MYRIAD_TR_NOOP("EngineField", "Given power is"),
      .choices = spellings({ PowerSource::Measured, PowerSource::Budget, PowerSource::Nameplate }),
      .fallbackText = "budget",
      .omitDefault = true,
      .settable = true,
      .affects = { K::Names },
      .editor = EditorHint{},
      MYRIAD_CHOICE(Rack, PowerSource, powerSource) },
    { .key = "airflowM3s",
      .type = Type::Number,
      .label = MYRIAD_TR_NOOP("EngineField", "Given airflow"),
      .unit = "m³/s",
      .minimum = 0,
      .maximum = 100,
      .fallbackNumber = 0.0,
      .omitDefault = true,
      .settable = true,
      .expected = "a number ≥ 0 in m³/s (0: from the rack's heat and its parts' ΔT)",
      .affects = { K::RackLoad },
      .editor = EditorHint{ " m³/s", 1, 0, 100, MYRIAD_TR_NOOP("EngineField", "from heat and ΔT") },
      MYRIAD_NUMBER(Rack, airflowM3s) },
    { .key = "feeds",
      .type = Type::TextList,
      .label = MYRIAD_TR_NOOP("EngineField", "Feeds"),
      .fileExpected = "a feed id string", // of each element
      .settable = true,
      .expected = "a list of feed ids",
      .affects = { K::Feeds },
      MYRIAD_LIST(Rack, feeds) },
    // Edit-only: the model of every node of the rack (checked by SetProperty: equal models,
    // equal GPU and NIC counts).
    { .key = "serverModel",
      .type = Type::Text,
      .label = MYRIAD_TR_NOOP("EngineField", "Server model"),
      .stored = false,
      .settable = true,
      .expected = "a server id of the catalog",
      .affects = { K::Devices },
      .get = [](const Rack& r) -> Value
      { return r.nodes.empty() ? std::string() : r.nodes.front().model; },
      .put =
        [](Rack& r, const Value& v)
      {
        for (Node& node : r.nodes)
          node.model = std::get<std::string>(v);
      } },
  };
  return table;
}

const std::vector<Field<Row>>& rowFields()
{
  static const std::vector<Field<Row>> table = {
    { .key = "id",
      .type = Type::Text,
      .label = MYRIAD_TR_NOOP("EngineField", "Id"),
      .required = true,
      MYRIAD_TEXT(Row, id) },
    { .key = "name",
      .type = Type::Text,
      .label = MYRIAD_TR_NOOP("EngineField", "Name"),
      .fallbackIsId = true,
      .settable = true,
      .expected = "a text",
      .affects = { K::Names },
      MYRIAD_TEXT(Row, name) },
  };
  return table;
}

const std::vector<Field<CoolingUnit>>& coolerFields()
{
  using C = CoolingUnit;
  static const std::vector<Field<C>> table = {
    { .key = "id",
      .type = Type::Text,
      .label = MYRIAD_TR_NOOP("EngineField", "Id"),
      .required = true,
      MYRIAD_TEXT(C, id) },
    { .key = "model",
      .type = Type::Text,
      .label = MYRIAD_TR_NOOP("EngineField", "Model"),
      .required = true,
      .settable = true,
      .expected = "a cooler id of the catalog",
      .affects = { K::CoolerLayout, K::CoolingPlant },
      MYRIAD_TEXT(C, model) },
    { .key = "kind",
      .type = Type::Choice,
      .label = MYRIAD_TR_NOOP("EngineField", "Kind"),
      .choices =
        spellings({ CoolerKind::Crah, CoolerKind::InRow, CoolerKind::RearDoor, CoolerKind::Cdu }),
      .fallbackText = "crah",
      MYRIAD_CHOICE(C, CoolerKind, kind) },
    { .key = "xM",
      .type = Type::Number,
      .label = MYRIAD_TR_NOOP("EngineField", "x"),
      .unit = "m",
      .minimum = -kCoordinateLimitM,
      .maximum = kCoordinateLimitM,
      .required = true,
      MYRIAD_NUMBER(C, xM) },
    { .key = "yM",
      .type = Type::Number,
      .label = MYRIAD_TR_NOOP("EngineField", "y"),
      .unit = "m",
      .minimum = -kCoordinateLimitM,
      .maximum = kCoordinateLimitM,
      .required = true,
      MYRIAD_NUMBER(C, yM) },
    { .key = "facing",
      .type = Type::Choice,
      .label = MYRIAD_TR_NOOP("EngineField", "Supply faces"),
      .choices = kFacings,
      .fallbackText = "+y",
      .settable = true,
      .affects = { K::Facing },
      .editor = EditorHint{},
      MYRIAD_CHOICE(C, Facing, facing) },
    { .key = "supplySetpointC",
      .type = Type::Number,
      .label = MYRIAD_TR_NOOP("EngineField", "Supply setpoint"),
      .unit = "°C",
      .minimum = 5,
      .maximum = 40,
      .fallbackNumber = 18.0,
      .fileExpected = "a temperature in °C",
      .setKey = "setpoint",
      .settable = true,
      .expected = "a temperature of 5 to 40 °C",
      .affects = { K::CoolingPlant },
      .editor = EditorHint{ " °C", 1, 5, 40 },
      MYRIAD_NUMBER(C, supplySetpointC) },
    { .key = "rackId",
      .type = Type::Text,
      .label = MYRIAD_TR_NOOP("EngineField", "Rack"),
      .fallbackText = "",
      MYRIAD_TEXT(C, rackId) },
    { .key = "airflowM3s",
      .type = Type::Number,
      .label = MYRIAD_TR_NOOP("EngineField", "Airflow setting"),
      .unit = "m³/s",
      .minimum = 0,
      .maximum = 1000,
      .fallbackNumber = 0.0,
      .omitDefault = true,
      .settable = true,
      .expected = "a number ≥ 0 in m³/s (0: the catalog airflow)",
      .affects = { K::CoolingPlant },
      .editor = EditorHint{ " m³/s", 1, 0, 1000, MYRIAD_TR_NOOP("EngineField", "catalog") },
      MYRIAD_NUMBER(C, airflowM3s) },
  };
  return table;
}

const std::vector<Field<FloorTile>>& tileFields()
{
  using T = FloorTile;
  static const std::vector<Field<T>> table = {
    { .key = "id",
      .type = Type::Text,
      .label = MYRIAD_TR_NOOP("EngineField", "Id"),
      .required = true,
      MYRIAD_TEXT(T, id) },
    { .key = "xM",
      .type = Type::Number,
      .label = MYRIAD_TR_NOOP("EngineField", "x"),
      .unit = "m",
      .minimum = -kCoordinateLimitM,
      .maximum = kCoordinateLimitM,
      .required = true,
      MYRIAD_NUMBER(T, xM) },
    { .key = "yM",
      .type = Type::Number,
      .label = MYRIAD_TR_NOOP("EngineField", "y"),
      .unit = "m",
      .minimum = -kCoordinateLimitM,
      .maximum = kCoordinateLimitM,
      .required = true,
      MYRIAD_NUMBER(T, yM) },
    { .key = "widthM",
      .type = Type::Number,
      .label = MYRIAD_TR_NOOP("EngineField", "Width"),
      .unit = "m",
      .minimum = 0.05,
      .maximum = 10,
      .fallbackNumber = 0.6,
      MYRIAD_NUMBER(T, widthM) },
    { .key = "depthM",
      .type = Type::Number,
      .label = MYRIAD_TR_NOOP("EngineField", "Depth"),
      .unit = "m",
      .minimum = 0.05,
      .maximum = 10,
      .fallbackNumber = 0.6,
      MYRIAD_NUMBER(T, depthM) },
    { .key = "openAreaPct",
      .type = Type::Number,
      .label = MYRIAD_TR_NOOP("EngineField", "Open area"),
      .unit = "%",
      .minimum = 0,
      .maximum = 100,
      .fallbackNumber = 25.0,
      MYRIAD_NUMBER(T, openAreaPct) },
    { .key = "flowM3s",
      .type = Type::Number,
      .label = MYRIAD_TR_NOOP("EngineField", "Measured flow"),
      .unit = "m³/s",
      .minimum = 0,
      .maximum = 100,
      .fallbackNumber = 0.0,
      .omitDefault = true,
      MYRIAD_NUMBER(T, flowM3s) },
  };
  return table;
}

const std::vector<Field<ReturnGrille>>& grilleFields()
{
  using G = ReturnGrille;
  static const std::vector<Field<G>> table = {
    { .key = "id",
      .type = Type::Text,
      .label = MYRIAD_TR_NOOP("EngineField", "Id"),
      .required = true,
      MYRIAD_TEXT(G, id) },
    { .key = "xM",
      .type = Type::Number,
      .label = MYRIAD_TR_NOOP("EngineField", "x"),
      .unit = "m",
      .minimum = -kCoordinateLimitM,
      .maximum = kCoordinateLimitM,
      .required = true,
      MYRIAD_NUMBER(G, xM) },
    { .key = "yM",
      .type = Type::Number,
      .label = MYRIAD_TR_NOOP("EngineField", "y"),
      .unit = "m",
      .minimum = -kCoordinateLimitM,
      .maximum = kCoordinateLimitM,
      .required = true,
      MYRIAD_NUMBER(G, yM) },
    { .key = "widthM",
      .type = Type::Number,
      .label = MYRIAD_TR_NOOP("EngineField", "Width"),
      .unit = "m",
      .minimum = 0.05,
      .maximum = 50,
      .fallbackNumber = 0.6,
      MYRIAD_NUMBER(G, widthM) },
    { .key = "depthM",
      .type = Type::Number,
      .label = MYRIAD_TR_NOOP("EngineField", "Depth"),
      .unit = "m",
      .minimum = 0.05,
      .maximum = 50,
      .fallbackNumber = 0.6,
      MYRIAD_NUMBER(G, depthM) },
  };
  return table;
}

#undef MYRIAD_NUMBER
#undef MYRIAD_INTEGER
#undef MYRIAD_TEXT
#undef MYRIAD_LIST
#undef MYRIAD_CHOICE

} // namespace myriad::engine::fields