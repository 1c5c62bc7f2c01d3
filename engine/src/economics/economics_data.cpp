/**
 * @file economics_data.cpp
 * Lookup of the economics reference parts (sites, failure rates, facility defaults): a part of
 * the scene's catalog wins over the built-in reference data of the samples/reference/ files
 * (reference_data.cpp reads and checks those files).
 */

#include "economics_data.h"

#include "myriad/engine/economics/reference_data.h"

#include <algorithm>

namespace myriad::engine::economics::detail
{

const std::vector<Part>& builtinEconomicsParts()
{
  return builtinReferenceParts();
}

const Part* findEconomicsPart(const Catalog& catalog, const std::string& id)
{
  if (const Part* part = catalog.find(id))
  {
    return part;
  }
  const auto& parts = builtinEconomicsParts();
  auto it = std::find_if(parts.begin(), parts.end(), [&](const Part& p) { return p.id == id; });
  return it == parts.end() ? nullptr : &*it;
}

std::vector<std::string> economicsIdsOf(const Catalog& catalog, const std::string& category)
{
  std::vector<std::string> ids = catalog.idsOf(category);
  for (const auto& part : builtinEconomicsParts())
  {
    if (part.category == category)
    {
      ids.push_back(part.id);
    }
  }
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

} // namespace myriad::engine::economics::detail
