// DCI links between sites: capacity, latency, power, CAPEX and lease (siting/dci.h).
#include "myriad/engine/siting/dci.h"

#include "economics/economics_data.h"
#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"

#include <algorithm>
#include <cmath>

namespace myriad::engine::siting
{

namespace
{

const Part& dciPart(const std::string& id, const Catalog& catalog)
{
  const Part* part = economics::detail::findEconomicsPart(catalog, id);
  if (part == nullptr || part->category != "dci")
  {
    std::string known;
    for (const auto& name : dciOpticIds(catalog))
    {
      known += (known.empty() ? "" : ", ") + name;
    }
    throw SpecError("DCI part '" + id + "' is unknown (optics: " + known + ")");
  }
  return *part;
}

double value(const Part& part, const char* key, bool& estimate)
{
  const Figure& f = part.figure(key);
  estimate = estimate || f.estimate;
  return f.value;
}

std::optional<double> optionalValue(const Part& part, const char* key, bool& estimate)
{
  const auto it = part.figures.find(key);
  if (it == part.figures.end())
  {
    return std::nullopt;
  }
  estimate = estimate || it->second.estimate;
  return it->second.value;
}

} // namespace

DciOptic dciOptic(const std::string& id, const Catalog& catalog)
{
  const Part& part = dciPart(id, catalog);
  const auto kind = part.attributes.find("kind");
  if (kind == part.attributes.end() || kind->second != "optic")
  {
    throw SpecError("DCI part '" + id + "' is not an optic");
  }
  DciOptic optic;
  optic.id = id;
  optic.name = part.name;
  optic.rateGbps = value(part, "rateGbps", optic.estimate);
  optic.reachKm = value(part, "reachKm", optic.estimate);
  optic.channelsPerFibrePair =
    static_cast<int>(std::lround(value(part, "channelsPerFibrePair", optic.estimate)));
  optic.powerW = value(part, "powerW", optic.estimate);
  optic.priceUSD = optionalValue(part, "priceUSD", optic.estimate);
  return optic;
}

std::vector<std::string> dciOpticIds(const Catalog& catalog)
{
  std::vector<std::string> ids;
  for (const auto& id : economics::detail::economicsIdsOf(catalog, "dci"))
  {
    const Part* part = economics::detail::findEconomicsPart(catalog, id);
    const auto kind = part->attributes.find("kind");
    if (kind != part->attributes.end() && kind->second == "optic")
    {
      ids.push_back(id);
    }
  }
  return ids;
}

DciLine dciLine(const Catalog& catalog)
{
  const Part& part = dciPart("dci-line", catalog);
  bool estimate = false;
  DciLine line;
  line.fibreLatencyUsPerKm = value(part, "fibreLatencyUsPerKm", estimate);
  line.routeFactor = value(part, "routeFactor", estimate);
  line.transponderLatencyUs = value(part, "transponderLatencyUs", estimate);
  line.amplifierSpacingKm = value(part, "amplifierSpacingKm", estimate);
  line.amplifierPowerW = value(part, "amplifierPowerW", estimate);
  line.terminalPowerW = value(part, "terminalPowerW", estimate);
  line.amplifierPriceUSD = optionalValue(part, "amplifierPriceUSD", estimate);
  line.terminalPriceUSD = optionalValue(part, "terminalPriceUSD", estimate);
  line.leaseUSDPerKmYear = optionalValue(part, "leaseUSDPerKmYear", estimate);
  return line;
}

DciLink evaluateDciLink(const DciLinkSpec& spec, const GeoPoint& a, const GeoPoint& b,
                        const Catalog& catalog)
{
  if (spec.channels < 1 || spec.channels > 10000)
  {
    throw SpecError("DCI link " + spec.from + "–" + spec.to +
                    ": channels must be from 1 to 10,000, got " + std::to_string(spec.channels));
  }
  if (spec.distanceKm && !(*spec.distanceKm > 0))
  {
    throw SpecError("DCI link " + spec.from + "–" + spec.to + ": distanceKm must be > 0, got " +
                    std::to_string(*spec.distanceKm));
  }
  if (spec.routeFactor && !(*spec.routeFactor >= 1))
  {
    throw SpecError("DCI link " + spec.from + "–" + spec.to + ": routeFactor must be ≥ 1, got " +
                    std::to_string(*spec.routeFactor));
  }
  const DciOptic optic = dciOptic(spec.optic, catalog);
  const DciLine line = dciLine(catalog);
  DciLink link;
  link.spec = spec;
  link.estimate = optic.estimate;
  link.greatCircleKm = greatCircleKm(a, b);
  link.routeKm = spec.distanceKm ? *spec.distanceKm
                                 : link.greatCircleKm * spec.routeFactor.value_or(line.routeFactor);
  link.capacityBps = spec.channels * optic.rateGbps * 1e9;
  link.segments = std::max(1, static_cast<int>(std::ceil(link.routeKm / optic.reachKm)));
  link.fibrePairs = (spec.channels + optic.channelsPerFibrePair - 1) / optic.channelsPerFibrePair;
  link.amplifierSites = std::max(
    0, static_cast<int>(std::ceil(link.routeKm / line.amplifierSpacingKm)) - link.segments);
  link.modules = 2 * spec.channels * link.segments;
  const double terminals = 2.0 * link.segments;
  link.oneWayLatencyS =
    (link.routeKm * line.fibreLatencyUsPerKm + link.segments * line.transponderLatencyUs) * 1e-6;
  link.powerW = link.modules * optic.powerW +
                link.fibrePairs *
                  (terminals * line.terminalPowerW + link.amplifierSites * line.amplifierPowerW);
  if (optic.priceUSD && line.terminalPriceUSD && line.amplifierPriceUSD)
  {
    link.capexUSD = link.modules * *optic.priceUSD +
                    link.fibrePairs * (terminals * *line.terminalPriceUSD +
                                       link.amplifierSites * *line.amplifierPriceUSD);
  }
  if (!spec.leased)
  {
    link.leaseUSDPerYear = 0.0;
  }
  else if (line.leaseUSDPerKmYear)
  {
    link.leaseUSDPerYear = link.routeKm * link.fibrePairs * *line.leaseUSDPerKmYear;
  }
  return link;
}

} // namespace myriad::engine::siting
