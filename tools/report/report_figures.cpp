/**
 * @file report_figures.cpp
 * TCO reconciliation, CAPEX unit prices, the assumptions table and the thermal headroom of the
 * report (see report_figures.h). The money arithmetic is the engine's (finance.h): the report
 * only splits the TCO into the lines the engine adds up.
 */

#include "report_figures.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/finance.h"
#include "myriad/engine/economics/reference_data.h"
#include "myriad/engine/error.h"
#include "myriad/engine/thermal/thermal_model.h"

#include <algorithm>
#include <cmath>
#include <regex>

namespace myriad::report
{

namespace econ = engine::economics;

std::optional<TcoReconciliation> reconcileTco(const econ::EconomicsResult& result,
                                              const econ::EconomicsInputs& inputs)
{
  const econ::Kpis& k = result.kpis;
  if (!k.capexUSD || !k.opexUSDPerYear || !k.tcoUSD)
  {
    return std::nullopt;
  }
  TcoReconciliation t;
  t.years = inputs.years;
  t.discountRate = inputs.discountRate;
  t.capexUSD = *k.capexUSD;
  t.opexPerYearUSD = *k.opexUSDPerYear;
  t.discountedOpexUSD = econ::annuityPresentValue(t.opexPerYearUSD, t.discountRate, t.years);
  for (const auto& item : result.capex)
  {
    if (item.usd && item.lifeYears >= 1)
    {
      t.residualUSD += econ::residualValue(*item.usd, t.years, item.lifeYears);
    }
  }
  // The residual is one cash flow at the end of year N: its NPV is residual / (1 + r)^N.
  std::vector<double> flows(static_cast<std::size_t>(t.years) + 1, 0.0);
  flows.back() = t.residualUSD;
  t.discountedResidualUSD = econ::npv(flows, t.discountRate);
  t.tcoUSD = t.capexUSD + t.discountedOpexUSD - t.discountedResidualUSD;
  return t;
}

namespace
{

double parseGrouped(const std::string& text)
{
  std::string digits;
  for (char c : text)
  {
    if (c != ',')
    {
      digits += c;
    }
  }
  return std::strtod(digits.c_str(), nullptr);
}

std::string figureSource(const engine::Part* part, const std::string& figure)
{
  if (part == nullptr)
  {
    return {};
  }
  const auto it = part->figures.find(figure);
  return it == part->figures.end() ? std::string() : it->second.source;
}

/** A part from the catalog, else from the built-in reference data (sites, facility defaults). */
const engine::Part* findPart(const engine::Catalog& catalog, const std::string& id)
{
  if (const engine::Part* part = catalog.find(id))
  {
    return part;
  }
  for (const auto& part : econ::builtinReferenceParts())
  {
    if (part.id == id)
    {
      return &part;
    }
  }
  return nullptr;
}

/** A figure's value from the inputs, else from the facility defaults. */
std::optional<double> facilityFigure(const std::optional<double>& input,
                                     const engine::Catalog& catalog, const std::string& key)
{
  if (input)
  {
    return input;
  }
  const engine::Part* part = findPart(catalog, "facility-defaults");
  if (part != nullptr && part->figures.count(key) != 0)
  {
    return part->figures.at(key).value;
  }
  return std::nullopt;
}

/** Lines of one category whose basis lists parts: "N × part at $P + …". */
bool partLines(const econ::CostItem& item, const econ::EconomicsInputs& inputs,
               const engine::Catalog& catalog, std::vector<UnitPriceLine>& out)
{
  static const std::regex term(R"(^\s*([0-9,]+) × (\S+) at \$[0-9,.]+\s*$)");
  std::vector<UnitPriceLine> lines;
  std::size_t start = 0;
  while (start <= item.basis.size())
  {
    const std::size_t plus = item.basis.find(" + ", start);
    const std::string piece =
      item.basis.substr(start, plus == std::string::npos ? std::string::npos : plus - start);
    std::smatch m;
    if (!std::regex_match(piece, m, term))
    {
      return false;
    }
    UnitPriceLine line;
    line.category = item.category;
    line.item = m[2];
    line.quantity = parseGrouped(m[1]);
    const engine::Part* part = catalog.find(line.item);
    if (part != nullptr && part->figures.count("priceUSD") != 0)
    {
      const engine::Figure& price = part->figures.at("priceUSD");
      line.unitUSD = price.value * inputs.hardwarePriceFactor;
      line.totalUSD = *line.unitUSD * line.quantity;
      line.source = price.source;
      line.estimate = price.estimate;
    }
    lines.push_back(line);
    if (plus == std::string::npos)
    {
      break;
    }
    start = plus + 3;
  }
  out.insert(out.end(), lines.begin(), lines.end());
  return !lines.empty();
}

/** The build cost per W of critical power behind the two facility categories. */
void facilityLines(const econ::CostItem& item, const econ::EconomicsResult& result,
                   const econ::EconomicsInputs& inputs, const engine::Catalog& catalog,
                   std::vector<UnitPriceLine>& out)
{
  const auto perW = facilityFigure(inputs.infraUSDPerW, catalog, "infraUSDPerW");
  const auto share = facilityFigure(inputs.powerCoolingShare, catalog, "powerCoolingShare");
  UnitPriceLine line;
  line.category = item.category;
  line.item = "build cost per W of critical (peak IT) power";
  line.quantity = result.kpis.itPeakMW * 1e6;
  line.quantityUnit = "W";
  line.totalUSD = item.usd;
  if (perW && share)
  {
    const bool power = item.category.find("power") != std::string::npos;
    line.unitUSD = *perW * (power ? *share : 1 - *share);
  }
  const engine::Part* defaults = findPart(catalog, "facility-defaults");
  line.source = inputs.infraUSDPerW ? "economics inputs" : figureSource(defaults, "infraUSDPerW");
  line.estimate = !inputs.infraUSDPerW;
  out.push_back(line);
}

} // namespace

std::vector<UnitPriceLine> capexUnitPrices(const econ::EconomicsResult& result,
                                           const econ::EconomicsInputs& inputs,
                                           const engine::Catalog& catalog)
{
  std::vector<UnitPriceLine> out;
  for (const auto& item : result.capex)
  {
    if (item.category.find("infrastructure") != std::string::npos ||
        item.category.find("building") != std::string::npos)
    {
      facilityLines(item, result, inputs, catalog, out);
      continue;
    }
    if (partLines(item, inputs, catalog, out))
    {
      continue;
    }
    UnitPriceLine line; // "fabric BOM", "512 cables at $59": one line with the category total
    line.category = item.category;
    line.totalUSD = item.usd;
    line.estimate = item.estimate;
    const bool bom = item.basis == "fabric BOM";
    const double count = item.category == "optics"   ? inputs.bom.transceivers.value_or(0)
                         : item.category == "cables" ? inputs.bom.cables.value_or(0)
                                                     : 0;
    line.item = bom ? "routed fabric BOM (mean price per unit)" : item.basis;
    line.source = bom ? "fabric model: cables routed on the trays, catalog prices" : "estimate";
    static const std::regex counted(R"(^([0-9,]+) cables at \$([0-9,.]+)$)");
    std::smatch m;
    if (bom && count > 0 && item.usd)
    {
      line.quantity = count;
      line.unitUSD = *item.usd / count;
    }
    else if (std::regex_match(item.basis, m, counted) && item.usd)
    {
      line.item = "cable (estimated length)";
      line.quantity = parseGrouped(m[1]);
      line.unitUSD = line.quantity > 0 ? *item.usd / line.quantity : 0;
    }
    out.push_back(line);
  }
  return out;
}

std::string energyPriceSource(const econ::EconomicsInputs& inputs, const engine::Catalog& catalog)
{
  if (inputs.energyPriceUSDPerKWh)
  {
    return "economics inputs (energyPriceUSDPerKWh)";
  }
  const std::string source =
    figureSource(findPart(catalog, "site-" + inputs.site), "energyPriceUSDPerKWh");
  return source.empty() ? "no price for the site" : source;
}

std::vector<HallHeadroom> thermalHeadroom(const engine::Scene& scene,
                                          const engine::Catalog& catalog, double utilisation)
{
  std::vector<HallHeadroom> halls;
  engine::thermal::ThermalOptions options;
  options.utilisation = utilisation;
  for (int h = 0; h < static_cast<int>(scene.site.halls.size()); ++h)
  {
    HallHeadroom out;
    out.hallId = scene.site.halls[static_cast<std::size_t>(h)].id;
    try
    {
      const auto r = engine::thermal::analyzeHall(scene, h, catalog, options);
      out.evaluated = true;
      out.heatInW = r.heatInW;
      out.racksAboveRecommended = r.racksAboveRecommended;
      out.racksAboveAllowable = r.racksAboveAllowable;
      out.energyBalanceError = r.energyBalanceError;
      out.heatRemovedW = r.heatRemovedW;
      out.warnings = r.warnings;
      for (const auto& rack : r.racks)
      {
        if (rack.airCooled)
        {
          ++out.airCooledRacks;
          out.hottest.push_back({ rack.id, rack.auditInletMaxC(), rack.inletMeanC });
        }
      }
      std::sort(out.hottest.begin(), out.hottest.end(),
                [](const auto& a, const auto& b) { return a.inletMaxC > b.inletMaxC; });
      out.hottest.resize(std::min<std::size_t>(out.hottest.size(), 8));
      for (const auto& c : r.coolers)
      {
        out.coolers.push_back({ c.id, engine::toString(c.kind), c.loadW, c.capacityW });
      }
      std::stable_sort(out.coolers.begin(), out.coolers.end(),
                       [](const auto& a, const auto& b) { return a.fraction() > b.fraction(); });
    }
    catch (const engine::Error& e)
    {
      out.note = e.what();
    }
    halls.push_back(out);
  }
  return halls;
}

std::vector<double> roundToSum(const std::vector<double>& values, const std::vector<int>& signs,
                               double total, double step)
{
  std::vector<long long> n(values.size());
  std::vector<double> under(values.size()); // how much each signed contribution lost, in steps
  long long sum = 0;
  for (std::size_t i = 0; i < values.size(); ++i)
  {
    n[i] = std::llround(values[i] / step);
    under[i] = signs[i] * (values[i] / step - static_cast<double>(n[i]));
    sum += signs[i] * n[i];
  }
  long long diff = std::llround(total / step) - sum;
  while (diff != 0 && !values.empty())
  {
    const bool up = diff > 0;
    const auto pick = up ? std::max_element(under.begin(), under.end())
                         : std::min_element(under.begin(), under.end());
    const std::size_t i = static_cast<std::size_t>(pick - under.begin());
    n[i] += up ? signs[i] : -signs[i];
    under[i] += up ? -1.0 : 1.0;
    diff += up ? -1 : 1;
  }
  std::vector<double> out(values.size());
  for (std::size_t i = 0; i < values.size(); ++i)
  {
    out[i] = static_cast<double>(n[i]) * step;
  }
  return out;
}

} // namespace myriad::report
