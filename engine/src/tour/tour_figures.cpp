/**
 * @file tour_figures.cpp
 * The figures a tour may quote (tour_figures.h), read from the live models' results: what the
 * status bar, the Dashboard and `myriad-cli apply` show, so a tour never states another number.
 */

#include "myriad/engine/tour/tour_figures.h"

#include "myriad/engine/economics/economics.h"
#include "myriad/engine/tour/tour.h"

#include "tour_placeholders.h"

#include <algorithm>
#include <cstdio>
#include <set>

namespace myriad::engine::tour
{

namespace
{

using live::LiveResults;
using live::Stage;
using Value = std::optional<double>;

/** The economics stage's full result, when it ran. */
const economics::EconomicsResult* econ(const LiveResults& r)
{
  return r.economics.get();
}

Value scaled(const std::optional<double>& v, double factor)
{
  return v ? Value(*v * factor) : std::nullopt;
}

const std::vector<FigureSpec> kFigures = {
  { "itPeakMW", "IT power at full load (u = 1) with the fabric's optics, MW", 2, Stage::Economics,
    [](const LiveResults& r) -> Value
    { return econ(r) ? Value(econ(r)->kpis.itPeakMW) : std::nullopt; } },
  { "itMW", "IT power at the scene's utilisation, annual mean, MW (PUE = facilityMW / itMW)", 2,
    Stage::Economics,
    [](const LiveResults& r) -> Value
    { return econ(r) ? Value(econ(r)->kpis.itMW) : std::nullopt; } },
  { "facilityMW", "facility power, annual mean, MW", 2, Stage::Economics,
    [](const LiveResults& r) -> Value
    { return econ(r) ? Value(econ(r)->kpis.facilityMW) : std::nullopt; } },
  { "pue", "annual power usage effectiveness", 2, Stage::Economics,
    [](const LiveResults& r) -> Value
    { return econ(r) ? Value(econ(r)->kpis.pue) : std::nullopt; } },
  { "liquidFreeHours",
    "compressor-free hours per year of the facility water loop (cold plates, tanks)", 0,
    Stage::Economics,
    [](const LiveResults& r) -> Value
    {
      return econ(r) && econ(r)->energy.liquidLoop ? Value(econ(r)->energy.liquidEconomiserHours)
                                                   : std::nullopt;
    } },
  { "capexMUSD", "capital cost, million USD", 0, Stage::Economics,
    [](const LiveResults& r) -> Value
    { return econ(r) ? scaled(econ(r)->kpis.capexUSD, 1e-6) : std::nullopt; } },
  { "opexMUSDPerYear", "operating cost per year, million USD", 1, Stage::Economics,
    [](const LiveResults& r) -> Value
    { return econ(r) ? scaled(econ(r)->kpis.opexUSDPerYear, 1e-6) : std::nullopt; } },
  { "usdPerGpuHour", "cost per GPU-hour, USD", 2, Stage::Economics,
    [](const LiveResults& r) -> Value
    { return econ(r) ? econ(r)->kpis.usdPerGpuHour : std::nullopt; } },
  { "interruptionsPerDay", "job interruptions per day, all causes", 1, Stage::Economics,
    [](const LiveResults& r) -> Value
    { return econ(r) ? Value(econ(r)->kpis.interruptionsPerDay) : std::nullopt; } },
  { "mtbiHours", "mean time between unexpected interruptions, hours", 1, Stage::Economics,
    [](const LiveResults& r) -> Value
    {
      return econ(r) && econ(r)->interruptions.mtbiHours > 0
               ? Value(econ(r)->interruptions.mtbiHours)
               : std::nullopt;
    } },
  { "youngIntervalMinutes", "checkpoint interval by Young's rule, minutes", 0, Stage::Economics,
    [](const LiveResults& r) -> Value
    {
      return econ(r) && econ(r)->goodput.youngIntervalS > 0
               ? Value(econ(r)->goodput.youngIntervalS / 60)
               : std::nullopt;
    } },
  { "lostMinutesPerInterruption",
    "work lost per interruption: half the checkpoint interval the goodput model uses (Daly) "
    "redone plus the restart time R, minutes",
    0, Stage::Economics,
    [](const LiveResults& r) -> Value
    {
      return econ(r) && econ(r)->goodput.dalyIntervalS > 0
               ? Value((econ(r)->goodput.dalyIntervalS / 2 + r.economicsInputs.restartS) / 60)
               : std::nullopt;
    } },
  { "goodputPercent", "goodput, % of wall time that advances training", 1, Stage::Economics,
    [](const LiveResults& r) -> Value
    { return econ(r) ? Value(100 * econ(r)->kpis.goodput) : std::nullopt; } },
  { "cableKm", "length of the fabric's cables, km", 1, Stage::Fabric,
    [](const LiveResults& r) -> Value { return r.kpis.cableLengthKm; } },
  { "transceivers", "optical transceivers of the fabric", 0, Stage::Fabric,
    [](const LiveResults& r) -> Value { return r.kpis.transceivers; } },
  { "busBwGBs", "bus bandwidth of the whole-hall ring all-reduce, GB/s", 1, Stage::Traffic,
    [](const LiveResults& r) -> Value { return r.kpis.allReduceBusBwGBs; } },
  { "allReduceMs", "time of that all-reduce (1 GiB per GPU), ms", 1, Stage::Traffic,
    [](const LiveResults& r) -> Value { return r.kpis.allReduceTimeMs; } },
  { "maxInletC", "hottest rack inlet, °C", 1, Stage::Thermal,
    [](const LiveResults& r) -> Value { return r.kpis.maxInletC; } },
  { "meanInletC", "mean rack inlet, °C", 1, Stage::Thermal,
    [](const LiveResults& r) -> Value { return r.kpis.meanInletC; } },
  { "racksOverInletLimit", "racks whose inlet exceeds 27 °C", 0, Stage::Thermal,
    [](const LiveResults& r) -> Value { return r.kpis.racksOverInletLimit; } },
};

void addUsed(const std::string& text, std::set<std::string>& out)
{
  for (const Placeholder& p : placeholders(text))
    if (p.kind == Placeholder::Figure && findFigure(p.name))
      out.insert(p.name);
}

void addUsed(const LocalText& text, std::set<std::string>& out)
{
  addUsed(text.en, out);
  addUsed(text.zhCN, out);
}

} // namespace

const std::vector<FigureSpec>& figureSpecs()
{
  return kFigures;
}

const FigureSpec* findFigure(const std::string& name)
{
  const auto it = std::find_if(kFigures.begin(), kFigures.end(),
                               [&](const FigureSpec& f) { return name == f.name; });
  return it == kFigures.end() ? nullptr : &*it;
}

std::optional<double> figureValue(const FigureSpec& spec, const live::LiveResults& results)
{
  const live::StageStatus& status = results.status(spec.stage);
  if (!status.computed || status.failed)
    return std::nullopt;
  return spec.value(results);
}

std::vector<std::string> figuresUsed(const Tour& tour)
{
  std::set<std::string> used;
  addUsed(tour.title, used);
  addUsed(tour.summary, used);
  for (const Step& s : tour.steps)
  {
    addUsed(s.title, used);
    addUsed(s.text, used);
    if (s.question)
    {
      addUsed(s.question->prompt, used);
      addUsed(s.question->explanation, used);
      for (const LocalText& o : s.question->options)
        addUsed(o, used);
    }
  }
  return { used.begin(), used.end() };
}

std::vector<live::Stage> stagesForFigures(const std::vector<std::string>& names)
{
  std::set<live::Stage> needed;
  for (const std::string& name : names)
    if (const FigureSpec* spec = findFigure(name))
      needed.insert(spec->stage);
  if (needed.empty())
    return {};
  // The cheap stages feed the others (the fabric's BOM and the power chain are priced by the
  // economics stage): run them whenever any figure is quoted, traffic and thermal only for theirs.
  std::vector<live::Stage> out{ Stage::Geometry, Stage::Fabric, Stage::Power, Stage::Economics };
  for (const Stage s : { Stage::Traffic, Stage::Thermal })
    if (needed.count(s))
      out.push_back(s);
  return out;
}

std::map<std::string, std::string> plainFigures(const live::LiveResults& results)
{
  std::map<std::string, std::string> out;
  for (const FigureSpec& spec : kFigures)
  {
    if (const std::optional<double> v = figureValue(spec, results))
    {
      char text[64];
      std::snprintf(text, sizeof text, "%.*f", spec.decimals, *v);
      out[spec.name] = text;
    }
  }
  return out;
}

} // namespace myriad::engine::tour
