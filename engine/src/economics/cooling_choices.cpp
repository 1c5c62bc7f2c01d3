/**
 * @file cooling_choices.cpp
 * Air, cold plate and immersion for the same GPUs (cooling_choices.h has the rules).
 */
#include "myriad/engine/economics/cooling_choices.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/immersion.h"
#include "myriad/engine/query.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>

namespace myriad::engine::economics
{

namespace
{

constexpr const char* kDefaultRack = "rack-48u-600x1200"; // as the generator's air racks

std::string attributeOr(const Part& part, const std::string& key, const std::string& fallback)
{
  const auto it = part.attributes.find(key);
  return it == part.attributes.end() ? fallback : it->second;
}

/** The server model a node of `model` becomes; throws SpecError when there is none. */
std::string variantFor(const std::string& model, CoolingChoice choice, const Catalog& catalog)
{
  const Part& server = catalog.part(model);
  const std::string built = attributeOr(server, "cooling", "air");
  auto variant = [&](const char* key, const char* what)
  {
    std::string id = attributeOr(server, key, "");
    if (id.empty() || !catalog.contains(id))
      throw SpecError("server " + model + " has no " + what + " in the catalog (attribute \"" +
                      key + "\")");
    return id;
  };
  if (choice == CoolingChoice::Immersion)
    return built == "immersion" ? model : variant("immersionVariant", "immersion-ready variant");
  if (built == "immersion")
    return variant("airVariant", "variant with fans");
  if (choice == CoolingChoice::Air && built == "liquid")
    throw SpecError("server " + model + " is built for liquid cooling and has no air-cooled form");
  return model;
}

CoolingStyle styleOf(CoolingChoice choice)
{
  switch (choice)
  {
    case CoolingChoice::ColdPlate:
      return CoolingStyle::Liquid;
    case CoolingChoice::Immersion:
      return CoolingStyle::Immersion;
    case CoolingChoice::Air:
      break;
  }
  return CoolingStyle::Air;
}

/** Nodes of `server` one `enclosure` holds: by its units (U1 free) and by its power. */
int nodesPerEnclosure(const Part& enclosure, const Part& server)
{
  const int height = std::max(1, static_cast<int>(server.valueOr("heightU", 1)));
  const int byUnits = (static_cast<int>(enclosure.valueOr("units", 48)) - 1) / height;
  const double capacity = enclosure.valueOr("capacityW", enclosure.valueOr("powerCapW", 0));
  const double power = server.valueOr("powerMaxW", 0);
  const int byPower =
    capacity > 0 && power > 0 ? static_cast<int>(std::floor(capacity / power)) : byUnits;
  return std::max(1, std::min(byUnits, byPower));
}

/** Convert the compute racks of one row; re-pack the nodes where the enclosure changes. */
void convertRow(Row& row, const Catalog& catalog, CoolingChoice choice)
{
  std::vector<Rack> racks;
  std::vector<Node> pool;     // nodes whose enclosure changes, in order
  std::vector<double> givenW; // each pooled node's share of its rack's given power, converted
  const Rack* poolTemplate = nullptr;
  Rack templateCopy;
  for (Rack& rack : row.racks)
  {
    if (rack.nodes.empty())
    {
      racks.push_back(std::move(rack));
      continue;
    }
    bool moves = false;
    std::vector<double> ratio; // each node's new P_max over its old one (fans removed or added)
    for (Node& node : rack.nodes)
    {
      const double oldMaxW = catalog.part(node.model).valueOr("powerMaxW", 0);
      node.model = variantFor(node.model, choice, catalog);
      const Part& server = catalog.part(node.model);
      ratio.push_back(oldMaxW > 0 ? server.valueOr("powerMaxW", oldMaxW) / oldMaxW : 1.0);
      moves = moves || attributeOr(server, "rack", kDefaultRack) != rack.model;
    }
    rack.cooling = styleOf(choice);
    // A given rack power (measured, budget) is split evenly over the rack's nodes and follows
    // each node's change of server: the same draw less (or plus) the fans.
    const double share =
      rack.powerW > 0 ? rack.powerW / static_cast<double>(rack.nodes.size()) : 0.0;
    if (!moves)
    {
      if (share > 0)
      {
        rack.powerW = 0;
        for (const double r : ratio)
          rack.powerW += share * r;
      }
      racks.push_back(std::move(rack));
      continue;
    }
    for (const double r : ratio)
      givenW.push_back(share * r);
    if (poolTemplate == nullptr)
    {
      templateCopy = rack;
      templateCopy.nodes.clear();
      templateCopy.switches.clear();
      poolTemplate = &templateCopy;
    }
    std::move(rack.nodes.begin(), rack.nodes.end(), std::back_inserter(pool));
    rack.nodes.clear();
    if (!rack.switches.empty())
      racks.push_back(std::move(rack)); // its switches stay where they were
  }
  if (!pool.empty())
  {
    const Part& server = catalog.part(pool.front().model);
    const Part& enclosure = catalog.part(attributeOr(server, "rack", kDefaultRack));
    const int perEnclosure = nodesPerEnclosure(enclosure, server);
    const int height = std::max(1, static_cast<int>(server.valueOr("heightU", 1)));
    const double width = enclosure.valueOr("widthM", 0.6);
    for (std::size_t i = 0; i < pool.size(); ++i)
    {
      const std::size_t index = i / static_cast<std::size_t>(perEnclosure);
      if (i % static_cast<std::size_t>(perEnclosure) == 0)
      {
        Rack next = templateCopy;
        next.id = templateCopy.id + "-c" + std::to_string(index + 1);
        next.model = enclosure.id;
        next.powerCapW = enclosure.valueOr("powerCapW", 0);
        next.powerW = 0; // the sum of its nodes' converted shares, below
        next.xM = templateCopy.xM + static_cast<double>(index) * width;
        racks.push_back(std::move(next));
      }
      racks.back().powerW += givenW[i];
      Node& node = pool[i];
      node.slotU = 2 + static_cast<int>(i % static_cast<std::size_t>(perEnclosure)) * height;
      racks.back().nodes.push_back(std::move(node));
    }
  }
  row.racks = std::move(racks);
}

/** The most common value of `values` ("" for none). */
std::string mostCommon(const std::map<std::string, int>& counts)
{
  std::string best;
  int most = 0;
  for (const auto& [value, n] : counts)
    if (n > most)
      best = value, most = n;
  return best;
}

void describe(CoolingChoiceResult& out, const Scene& scene, const Catalog& catalog)
{
  std::map<std::string, int> servers, enclosures;
  for (const Hall& hall : scene.site.halls)
    for (const Row& row : hall.rows)
      for (const Rack& rack : row.racks)
      {
        if (rack.nodes.empty())
          continue;
        ++out.enclosures;
        enclosures[rack.model] += 1;
        for (const Node& node : rack.nodes)
          servers[node.model] += 1;
        out.maxFloorLoadKgM2 =
          std::max(out.maxFloorLoadKgM2, rackWeight(rack, catalog).floorLoadKgM2());
      }
  out.serverModel = mostCommon(servers);
  out.enclosureModel = mostCommon(enclosures);
}

/** The choice every compute rack of the scene already has, if they agree. */
std::optional<CoolingChoice> currentChoice(const Scene& scene)
{
  std::optional<CoolingStyle> style;
  for (const Hall& hall : scene.site.halls)
    for (const Row& row : hall.rows)
      for (const Rack& rack : row.racks)
      {
        if (rack.nodes.empty())
          continue;
        if (style && *style != rack.cooling)
          return std::nullopt;
        style = rack.cooling;
      }
  if (!style)
    return std::nullopt;
  return *style == CoolingStyle::Liquid      ? CoolingChoice::ColdPlate
         : *style == CoolingStyle::Immersion ? CoolingChoice::Immersion
                                             : CoolingChoice::Air;
}

} // namespace

const char* toString(CoolingChoice choice)
{
  switch (choice)
  {
    case CoolingChoice::ColdPlate:
      return "cold-plate";
    case CoolingChoice::Immersion:
      return "immersion";
    case CoolingChoice::Air:
      break;
  }
  return "air";
}

Scene convertCooling(const Scene& scene, const Catalog& catalog, CoolingChoice choice)
{
  Scene out = scene;
  out.scenarios.clear();
  for (Hall& hall : out.site.halls)
    for (Row& row : hall.rows)
      convertRow(row, catalog, choice);
  return out;
}

std::vector<CoolingChoiceResult> compareCoolingChoices(const Scene& scene, const Catalog& catalog,
                                                       const EconomicsInputs& inputs)
{
  const std::optional<CoolingChoice> current = currentChoice(scene);
  std::vector<CoolingChoiceResult> out;
  for (const CoolingChoice choice :
       { CoolingChoice::Air, CoolingChoice::ColdPlate, CoolingChoice::Immersion })
  {
    CoolingChoiceResult column;
    column.choice = choice;
    column.current = current == choice;
    try
    {
      const Scene converted = column.current ? scene : convertCooling(scene, catalog, choice);
      describe(column, converted, catalog);
      column.result = evaluateEconomics(converted, catalog, inputs, false);
    }
    catch (const SpecError& e)
    {
      column.unavailable = e.what();
    }
    out.push_back(std::move(column));
  }
  return out;
}

std::string coolingChoicesToJson(const std::vector<CoolingChoiceResult>& choices)
{
  using Json = nlohmann::json;
  Json out = Json::array();
  for (const CoolingChoiceResult& c : choices)
  {
    Json j = { { "choice", toString(c.choice) },
               { "current", c.current },
               { "unavailable", c.unavailable ? Json(*c.unavailable) : Json(nullptr) },
               { "serverModel", c.serverModel },
               { "enclosureModel", c.enclosureModel },
               { "enclosures", c.enclosures },
               { "maxFloorLoadKgM2", c.maxFloorLoadKgM2 } };
    j["liquidLoop"] = c.result && c.result->energy.liquidLoop;
    j["liquidEconomiserHours"] = c.result ? c.result->energy.liquidEconomiserHours : 0.0;
    j["kpis"] = c.result ? Json::parse(economicsResultToJson(*c.result)).at("kpis") : Json(nullptr);
    out.push_back(std::move(j));
  }
  return out.dump(2);
}

} // namespace myriad::engine::economics
