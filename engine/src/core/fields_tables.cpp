// The field tables of fields.h: one row per scalar field of each scene entity, in the canonical
// writer's key order. A row's ranges and spellings are what the reader and SetProperty accept.
#include "myriad/engine/fields.h"

#include <cmath>
#include <cstdio>

// Rows leave out what does not apply. The class-type members of Field have no default member
// initialisers (GCC 12 crashes on them in these designated initialisers), so GCC would warn.
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

namespace myriad::engine::fields
{

namespace
{

using K = edit::DataKind;

template <typename E, double E::*M>
Value getNumber(const E& e)
{
  return e.*M;
}
template <typename E, double E::*M>
void putNumber(E& e, const Value& v)
{
  e.*M = std::get<double>(v);
}
template <typename E, int E::*M>
Value getInteger(const E& e)
{
  return static_cast<double>(e.*M);
}
template <typename E, int E::*M>
void putInteger(E& e, const Value& v)
{
  e.*M = static_cast<int>(std::get<double>(v));
}
template <typename E, std::string E::*M>
Value getText(const E& e)
{
  return e.*M;
}
template <typename E, std::string E::*M>
void putText(E& e, const Value& v)
{
  e.*M = std::get<std::string>(v);
}
template <typename E, std::vector<std::string> E::*M>
Value getList(const E& e)
{
  return e.*M;
}
template <typename E, std::vector<std::string> E::*M>
void putList(E& e, const Value& v)
{
  e.*M = std::get<std::vector<std::string>>(v);
}

std::optional<RackKind> parse(const std::string& s, RackKind*)
{
  return rackKindFromString(s);
}
std::optional<Facing> parse(const std::string& s, Facing*)
{
  return facingFromString(s);
}
std::optional<CoolingStyle> parse(const std::string& s, CoolingStyle*)
{
  return coolingStyleFromString(s);
}
std::optional<CoolerKind> parse(const std::string& s, CoolerKind*)
{
  return coolerKindFromString(s);
}
std::optional<Containment> parse(const std::string& s, Containment*)
{
  return containmentFromString(s);
}
std::optional<Redundancy> parse(const std::string& s, Redundancy*)
{
  return redundancyFromString(s);
}
std::optional<PowerSource> parse(const std::string& s, PowerSource*)
{
  return powerSourceFromString(s);
}
std::optional<SwitchRole> parse(const std::string& s, SwitchRole*)
{
  return switchRoleFromString(s);
}

template <typename E, typename Enum, Enum E::*M>
Value getChoice(const E& e)
{
  return std::string(toString(e.*M));
}
template <typename E, typename Enum, Enum E::*M>
void putChoice(E& e, const Value& v)
{
  e.*M = *parse(std::get<std::string>(v), static_cast<Enum*>(nullptr));
}

/** The file spellings of `values` (toString), so a table never spells an enum itself. */
template <typename Enum>
std::vector<std::string> spellings(std::initializer_list<Enum> values)
{
  std::vector<std::string> out;
  for (const Enum v : values)
    out.emplace_back(toString(v));
  return out;
}

// Accessor pairs of a member, for the rows below.
#define MYRIAD_NUMBER(E, m) .get = &getNumber<E, &E::m>, .put = &putNumber<E, &E::m>
#define MYRIAD_INTEGER(E, m) .get = &getInteger<E, &E::m>, .put = &putInteger<E, &E::m>
#define MYRIAD_TEXT(E, m) .get = &getText<E, &E::m>, .put = &putText<E, &E::m>
#define MYRIAD_LIST(E, m) .get = &getList<E, &E::m>, .put = &putList<E, &E::m>
#define MYRIAD_CHOICE(E, T, m) .get = &getChoice<E, T, &E::m>, .put = &putChoice<E, T, &E::m>

const std::vector<std::string> kFacings = spellings({ Facing::PlusY, Facing::MinusY });

// Plausibility bounds of geometry in files: the largest real data halls are a few hundred
// metres long, so 2 km per side and coordinates within ±10 km keep every position and area
// finite and meaningful (a 1e308 m hall would overflow the models' areas to infinity).
constexpr double kHallSideLimitM = 2000;
constexpr double kCoordinateLimitM = 10'000;

} // namespace

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
    { .key = "id", .type = Type::Text, .label = "Id", .required = true, MYRIAD_TEXT(Rack, id) },
    { .key = "model",
      .type = Type::Text,
      .label = "Model",
      .required = true,
      .settable = true,
      .expected = "a rack id of the catalog",
      .affects = { K::Layout, K::RackModels },
      MYRIAD_TEXT(Rack, model) },
    { .key = "kind",
      .type = Type::Choice,
      .label = "Kind",
      .choices = spellings({ RackKind::Compute, RackKind::Network, RackKind::Storage,
                             RackKind::Power, RackKind::Cooling }),
      .fallbackText = "compute",
      .settable = true,
      .affects = { K::Devices },
      MYRIAD_CHOICE(Rack, RackKind, kind) },
    { .key = "xM",
      .type = Type::Number,
      .label = "x",
      .unit = "m",
      .minimum = -kCoordinateLimitM,
      .maximum = kCoordinateLimitM,
      .required = true,
      MYRIAD_NUMBER(Rack, xM) },
    { .key = "yM",
      .type = Type::Number,
      .label = "y",
      .unit = "m",
      .minimum = -kCoordinateLimitM,
      .maximum = kCoordinateLimitM,
      .required = true,
      MYRIAD_NUMBER(Rack, yM) },
    { .key = "facing",
      .type = Type::Choice,
      .label = "Intake faces",
      .choices = kFacings,
      .fallbackText = "+y",
      .settable = true,
      .affects = { K::Facing },
      .editor = EditorHint{},
      MYRIAD_CHOICE(Rack, Facing, facing) },
    { .key = "cooling",
      .type = Type::Choice,
      .label = "Cooling",
      .choices = spellings({ CoolingStyle::Air, CoolingStyle::Liquid }),
      .fallbackText = "air",
      .settable = true,
      .affects = { K::RackCooling },
      .editor = EditorHint{},
      MYRIAD_CHOICE(Rack, CoolingStyle, cooling) },
    { .key = "powerCapW",
      .type = Type::Number,
      .label = "Power cap",
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
      .label = "Given power",
      .unit = "W",
      .minimum = 0,
      .maximum = 1e7,
      .fallbackNumber = 0.0,
      .omitDefault = true,
      .settable = true,
      .expected = "a number ≥ 0 in W (0: from the rack's contents)",
      .affects = { K::RackLoad },
      .editor = EditorHint{ " kW", 1000, 0, 10000, "from contents" },
      MYRIAD_NUMBER(Rack, powerW) },
    { .key = "powerSource",
      .type = Type::Choice,
      .label = "Given power is",
      .choices = spellings({ PowerSource::Measured, PowerSource::Budget, PowerSource::Nameplate }),
      .fallbackText = "budget",
      .omitDefault = true,
      .settable = true,
      .affects = { K::Names },
      .editor = EditorHint{},
      MYRIAD_CHOICE(Rack, PowerSource, powerSource) },
    { .key = "airflowM3s",
      .type = Type::Number,
      .label = "Given airflow",
      .unit = "m³/s",
      .minimum = 0,
      .maximum = 100,
      .fallbackNumber = 0.0,
      .omitDefault = true,
      .settable = true,
      .expected = "a number ≥ 0 in m³/s (0: from the rack's heat and its parts' ΔT)",
      .affects = { K::RackLoad },
      .editor = EditorHint{ " m³/s", 1, 0, 100, "from heat and ΔT" },
      MYRIAD_NUMBER(Rack, airflowM3s) },
    { .key = "feeds",
      .type = Type::TextList,
      .label = "Feeds",
      .fileExpected = "a feed id string", // of each element
      .settable = true,
      .expected = "a list of feed ids",
      .affects = { K::Feeds },
      MYRIAD_LIST(Rack, feeds) },
    // Edit-only: the model of every node of the rack (checked by SetProperty: equal models,
    // equal GPU and NIC counts).
    { .key = "serverModel",
      .type = Type::Text,
      .label = "Server model",
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
    { .key = "id", .type = Type::Text, .label = "Id", .required = true, MYRIAD_TEXT(Row, id) },
    { .key = "name",
      .type = Type::Text,
      .label = "Name",
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
    { .key = "id", .type = Type::Text, .label = "Id", .required = true, MYRIAD_TEXT(C, id) },
    { .key = "model",
      .type = Type::Text,
      .label = "Model",
      .required = true,
      .settable = true,
      .expected = "a cooler id of the catalog",
      .affects = { K::CoolerLayout, K::CoolingPlant },
      MYRIAD_TEXT(C, model) },
    { .key = "kind",
      .type = Type::Choice,
      .label = "Kind",
      .choices =
        spellings({ CoolerKind::Crah, CoolerKind::InRow, CoolerKind::RearDoor, CoolerKind::Cdu }),
      .fallbackText = "crah",
      MYRIAD_CHOICE(C, CoolerKind, kind) },
    { .key = "xM",
      .type = Type::Number,
      .label = "x",
      .unit = "m",
      .minimum = -kCoordinateLimitM,
      .maximum = kCoordinateLimitM,
      .required = true,
      MYRIAD_NUMBER(C, xM) },
    { .key = "yM",
      .type = Type::Number,
      .label = "y",
      .unit = "m",
      .minimum = -kCoordinateLimitM,
      .maximum = kCoordinateLimitM,
      .required = true,
      MYRIAD_NUMBER(C, yM) },
    { .key = "facing",
      .type = Type::Choice,
      .label = "Supply faces",
      .choices = kFacings,
      .fallbackText = "+y",
      .settable = true,
      .affects = { K::Facing },
      .editor = EditorHint{},
      MYRIAD_CHOICE(C, Facing, facing) },
    { .key = "supplySetpointC",
      .type = Type::Number,
      .label = "Supply setpoint",
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
      .label = "Rack",
      .fallbackText = "",
      MYRIAD_TEXT(C, rackId) },
    { .key = "airflowM3s",
      .type = Type::Number,
      .label = "Airflow setting",
      .unit = "m³/s",
      .minimum = 0,
      .maximum = 1000,
      .fallbackNumber = 0.0,
      .omitDefault = true,
      .settable = true,
      .expected = "a number ≥ 0 in m³/s (0: the catalog airflow)",
      .affects = { K::CoolingPlant },
      .editor = EditorHint{ " m³/s", 1, 0, 1000, "catalog" },
      MYRIAD_NUMBER(C, airflowM3s) },
  };
  return table;
}

const std::vector<Field<FloorTile>>& tileFields()
{
  using T = FloorTile;
  static const std::vector<Field<T>> table = {
    { .key = "id", .type = Type::Text, .label = "Id", .required = true, MYRIAD_TEXT(T, id) },
    { .key = "xM",
      .type = Type::Number,
      .label = "x",
      .unit = "m",
      .minimum = -kCoordinateLimitM,
      .maximum = kCoordinateLimitM,
      .required = true,
      MYRIAD_NUMBER(T, xM) },
    { .key = "yM",
      .type = Type::Number,
      .label = "y",
      .unit = "m",
      .minimum = -kCoordinateLimitM,
      .maximum = kCoordinateLimitM,
      .required = true,
      MYRIAD_NUMBER(T, yM) },
    { .key = "widthM",
      .type = Type::Number,
      .label = "Width",
      .unit = "m",
      .minimum = 0.05,
      .maximum = 10,
      .fallbackNumber = 0.6,
      MYRIAD_NUMBER(T, widthM) },
    { .key = "depthM",
      .type = Type::Number,
      .label = "Depth",
      .unit = "m",
      .minimum = 0.05,
      .maximum = 10,
      .fallbackNumber = 0.6,
      MYRIAD_NUMBER(T, depthM) },
    { .key = "openAreaPct",
      .type = Type::Number,
      .label = "Open area",
      .unit = "%",
      .minimum = 0,
      .maximum = 100,
      .fallbackNumber = 25.0,
      MYRIAD_NUMBER(T, openAreaPct) },
    { .key = "flowM3s",
      .type = Type::Number,
      .label = "Measured flow",
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
    { .key = "id", .type = Type::Text, .label = "Id", .required = true, MYRIAD_TEXT(G, id) },
    { .key = "xM",
      .type = Type::Number,
      .label = "x",
      .unit = "m",
      .minimum = -kCoordinateLimitM,
      .maximum = kCoordinateLimitM,
      .required = true,
      MYRIAD_NUMBER(G, xM) },
    { .key = "yM",
      .type = Type::Number,
      .label = "y",
      .unit = "m",
      .minimum = -kCoordinateLimitM,
      .maximum = kCoordinateLimitM,
      .required = true,
      MYRIAD_NUMBER(G, yM) },
    { .key = "widthM",
      .type = Type::Number,
      .label = "Width",
      .unit = "m",
      .minimum = 0.05,
      .maximum = 50,
      .fallbackNumber = 0.6,
      MYRIAD_NUMBER(G, widthM) },
    { .key = "depthM",
      .type = Type::Number,
      .label = "Depth",
      .unit = "m",
      .minimum = 0.05,
      .maximum = 50,
      .fallbackNumber = 0.6,
      MYRIAD_NUMBER(G, depthM) },
  };
  return table;
}

const std::vector<Field<PowerFeed>>& feedFields()
{
  using F = PowerFeed;
  static const std::vector<Field<F>> table = {
    { .key = "id", .type = Type::Text, .label = "Id", .required = true, MYRIAD_TEXT(F, id) },
    { .key = "name",
      .type = Type::Text,
      .label = "Name",
      .fallbackIsId = true,
      .settable = true,
      .expected = "a text",
      .affects = { K::Feeds },
      MYRIAD_TEXT(F, name) },
    { .key = "capacityW",
      .type = Type::Number,
      .label = "Capacity",
      .unit = "W",
      .minimum = 0,
      .maximum = 1e12,
      .fallbackNumber = 0.0,
      .settable = true,
      .expected = "a number ≥ 0 in W",
      .affects = { K::Feeds },
      .editor = EditorHint{ " MW", 1e6, 0, 1000 },
      MYRIAD_NUMBER(F, capacityW) },
    { .key = "redundancy",
      .type = Type::Choice,
      .label = "Redundancy",
      .choices = spellings({ Redundancy::N, Redundancy::NPlus1, Redundancy::TwoN }),
      .fallbackText = "N",
      .settable = true,
      .affects = { K::Feeds },
      .editor = EditorHint{},
      MYRIAD_CHOICE(F, Redundancy, redundancy) },
    { .key = "voltageV",
      .type = Type::Number,
      .label = "Voltage",
      .unit = "V",
      .minimum = 0,
      .maximum = 1e6,
      .fallbackNumber = 415.0,
      MYRIAD_NUMBER(F, voltageV) },
  };
  return table;
}

const std::vector<Field<Hall>>& hallFields()
{
  static const std::vector<Field<Hall>> table = {
    { .key = "id", .type = Type::Text, .label = "Id", .required = true, MYRIAD_TEXT(Hall, id) },
    { .key = "name",
      .type = Type::Text,
      .label = "Name",
      .fallbackIsId = true,
      MYRIAD_TEXT(Hall, name) },
    { .key = "widthM",
      .type = Type::Number,
      .label = "Width",
      .unit = "m",
      .minimum = 1,
      .maximum = kHallSideLimitM,
      .fallbackNumber = 0.0, // absent: 0, refused by the hall's positive-dimensions check
      MYRIAD_NUMBER(Hall, widthM) },
    { .key = "depthM",
      .type = Type::Number,
      .label = "Depth",
      .unit = "m",
      .minimum = 1,
      .maximum = kHallSideLimitM,
      .fallbackNumber = 0.0, // absent: 0, refused by the hall's positive-dimensions check
      MYRIAD_NUMBER(Hall, depthM) },
    { .key = "heightM",
      .type = Type::Number,
      .label = "Height",
      .unit = "m",
      .minimum = 2,
      .maximum = 50,
      .fallbackNumber = 0.0, // absent: 0, refused by the hall's positive-dimensions check
      .settable = true,
      .expected = "a height of 2 to 50 m",
      .affects = { K::Layout },
      MYRIAD_NUMBER(Hall, heightM) },
    { .key = "raisedFloorM",
      .type = Type::Number,
      .label = "Raised floor",
      .unit = "m",
      .minimum = 0,
      .maximum = 5,
      .fallbackNumber = 0.0,
      MYRIAD_NUMBER(Hall, raisedFloorM) },
    { .key = "containment",
      .type = Type::Choice,
      .label = "Containment",
      .choices = spellings({ Containment::None, Containment::HotAisle, Containment::ColdAisle,
                             Containment::ColdAisleDoors }),
      .fallbackText = "none",
      .settable = true,
      .affects = { K::CoolingPlant },
      .editor = EditorHint{},
      MYRIAD_CHOICE(Hall, Containment, containment) },
  };
  return table;
}

const std::vector<Field<Node>>& nodeFields()
{
  static const std::vector<Field<Node>> table = {
    { .key = "id", .type = Type::Text, .label = "Id", .required = true, MYRIAD_TEXT(Node, id) },
    { .key = "hostname",
      .type = Type::Text,
      .label = "Hostname",
      .fallbackText = "",
      MYRIAD_TEXT(Node, hostname) },
    { .key = "model",
      .type = Type::Text,
      .label = "Model",
      .required = true,
      .settable = true,
      .expected = "a server id of the catalog",
      .affects = { K::Devices },
      MYRIAD_TEXT(Node, model) },
    { .key = "slotU",
      .type = Type::Integer,
      .label = "Slot",
      .unit = "U",
      .fallbackNumber = 1.0,
      MYRIAD_INTEGER(Node, slotU) },
    { .key = "scalableUnit",
      .type = Type::Integer,
      .label = "Scalable unit",
      .fallbackNumber = -1.0,
      MYRIAD_INTEGER(Node, scalableUnit) },
  };
  return table;
}

const std::vector<Field<Switch>>& switchFields()
{
  using S = Switch;
  static const std::vector<Field<S>> table = {
    { .key = "id", .type = Type::Text, .label = "Id", .required = true, MYRIAD_TEXT(S, id) },
    { .key = "model",
      .type = Type::Text,
      .label = "Model",
      .required = true,
      MYRIAD_TEXT(S, model) },
    { .key = "role",
      .type = Type::Choice,
      .label = "Role",
      .choices = spellings({ SwitchRole::Leaf, SwitchRole::Spine, SwitchRole::Core,
                             SwitchRole::Management, SwitchRole::NvLink }),
      .fallbackText = "leaf",
      MYRIAD_CHOICE(S, SwitchRole, role) },
    { .key = "slotU",
      .type = Type::Integer,
      .label = "Slot",
      .unit = "U",
      .fallbackNumber = 1.0,
      MYRIAD_INTEGER(S, slotU) },
    { .key = "scalableUnit",
      .type = Type::Integer,
      .label = "Scalable unit",
      .fallbackNumber = -1.0,
      MYRIAD_INTEGER(S, scalableUnit) },
    { .key = "rail",
      .type = Type::Integer,
      .label = "Rail",
      .fallbackNumber = -1.0,
      MYRIAD_INTEGER(S, rail) },
    { .key = "group",
      .type = Type::Integer,
      .label = "Group",
      .fallbackNumber = -1.0,
      MYRIAD_INTEGER(S, group) },
  };
  return table;
}

const std::vector<Field<Site>>& siteFields()
{
  static const std::vector<Field<Site>> table = {
    { .key = "name",
      .type = Type::Text,
      .label = "Name",
      .fallbackText = "",
      MYRIAD_TEXT(Site, name) },
    { .key = "currency",
      .type = Type::Text,
      .label = "Currency",
      .fallbackText = "USD",
      MYRIAD_TEXT(Site, currency) },
  };
  return table;
}

const std::vector<Field<Scene>>& sceneFields()
{
  // Kept in the generator spec (written by the spec writer); set through a hall because the
  // strategy re-places the switches of the whole scene (edit_switch_placement.cpp).
  static const std::vector<Field<Scene>> table = {
    { .key = "switchPlacement",
      .type = Type::Choice,
      .label = "Switch placement",
      .choices = spellings({ SwitchPlacement::PerScalableUnit, SwitchPlacement::EndOfRow,
                             SwitchPlacement::MiddleOfRow, SwitchPlacement::CentralRow }),
      .stored = false,
      .settable = true,
      .affects = { K::SwitchSlots },
      .editor = EditorHint{},
      .get = [](const Scene& s) -> Value
      { return s.spec ? std::string(toString(s.spec->switchPlacement)) : std::string(); },
      .put = nullptr },
  };
  return table;
}

#undef MYRIAD_NUMBER
#undef MYRIAD_INTEGER
#undef MYRIAD_TEXT
#undef MYRIAD_LIST
#undef MYRIAD_CHOICE

} // namespace myriad::engine::fields
