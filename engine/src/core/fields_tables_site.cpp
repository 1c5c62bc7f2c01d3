// The field tables of fields.h, continued: power feeds, the hall, nodes, switches, the site and
// the scene (fields_tables.cpp has the floor objects). Same rules as there.
#include "fields_table_rows.h"
#include "myriad/engine/economics/currency.h"
#include "myriad/engine/fields.h"

#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

namespace myriad::engine::fields
{

using namespace table_detail;

namespace
{

std::vector<std::string> currencyCodes()
{
  std::vector<std::string> codes;
  for (const economics::Currency& currency : economics::knownCurrencies())
    codes.push_back(currency.code);
  return codes;
}

} // namespace

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
    { .key = "floorRatingKgM2",
      .type = Type::Number,
      .label = MYRIAD_TR_NOOP("EngineField", "Floor rating"),
      .unit = "kg/m²",
      .minimum = 0,
      .maximum = 100000,
      .fallbackNumber = 0.0,
      .omitDefault = true,
      .settable = true,
      .expected = "a uniform load rating ≥ 0 in kg/m² (0: not checked)",
      .affects = { K::FloorRating },
      .editor = EditorHint{ " kg/m²", 1, 0, 100000, MYRIAD_TR_NOOP("EngineField", "not checked") },
      MYRIAD_NUMBER(Hall, floorRatingKgM2) },
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
    // Scene-wide, offered on a hall like switchPlacement: the currency money is shown in and its
    // rate (economics/currency.h). The choices are the currencies the reference data has a
    // dated rate for, so a file naming another one fails at /site/currency.
    { .key = "currency",
      .type = Type::Choice,
      .label = "Currency",
      .choices = currencyCodes(),
      .fallbackText = "USD",
      .settable = true,
      .affects = { K::EconomicsInputs },
      .editor = EditorHint{},
      .get = [](const Site& s) -> Value { return s.currency; },
      .put = [](Site& s, const Value& v) { s.currency = std::get<std::string>(v); } },
    { .key = "exchangeRate",
      .type = Type::Number,
      .label = "Exchange rate",
      .unit = "per USD",
      .minimum = 0,
      .maximum = 1e6,
      .fallbackNumber = 0.0,
      .omitDefault = true,
      .fileExpected = "a positive number of the scene currency per USD (leave it out for the "
                      "reference data's dated rate)",
      .settable = true,
      .expected = "a number ≥ 0 of the scene currency per USD (0: the reference data's rate)",
      .affects = { K::EconomicsInputs },
      .editor = EditorHint{ " per USD", 1, 0, 1e6, "reference rate" },
      MYRIAD_NUMBER(Site, exchangeRate) },
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