// myriad-cli economics FILE: power chain, energy, cost and reliability KPIs of a scene.
#include "command.h"
#include "cooling_choices_table.h"
#include "scene_input.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/cooling_choices.h"
#include "myriad/engine/economics/economics.h"
#include "myriad/engine/scene_io.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

namespace myriad::cli
{

namespace
{

namespace econ = engine::economics;

std::string money(const std::optional<double>& usd)
{
  if (!usd)
  {
    return "missing";
  }
  char buf[64];
  if (std::abs(*usd) >= 1e9)
  {
    std::snprintf(buf, sizeof buf, "$%.2fB", *usd / 1e9);
  }
  else if (std::abs(*usd) >= 1e6)
  {
    std::snprintf(buf, sizeof buf, "$%.1fM", *usd / 1e6);
  }
  else if (std::abs(*usd) >= 1e4)
  {
    std::snprintf(buf, sizeof buf, "$%.1fk", *usd / 1e3); // "$728.9k", not "$728879.90"
  }
  else
  {
    std::snprintf(buf, sizeof buf, "$%.2f", *usd);
  }
  return buf;
}

/** The command-line overrides, checked before any file is read. */
struct Overrides
{
  std::optional<std::string> site;
  std::optional<double> energyPrice;
  std::optional<double> utilisation;
};

Overrides readOverrides(const Args& args)
{
  Overrides o;
  if (args.has("--site"))
  {
    const auto ids = econ::siteIds(engine::Catalog::builtin());
    if (std::find(ids.begin(), ids.end(), args.value("--site")) == ids.end())
    {
      std::string names;
      for (const auto& id : ids)
        names += (names.empty() ? "" : ", ") + id;
      throw UsageError("option --site expects one of " + names + ", got \"" + args.value("--site") +
                       "\"");
    }
    o.site = args.value("--site");
  }
  if (args.has("--energy-price"))
    o.energyPrice = args.number("--energy-price", 0, 0, 100);
  if (args.has("--utilisation"))
    o.utilisation = args.number("--utilisation", 0, 0, 1);
  return o;
}

/** The document's evaluation context, with an --inputs file and single flags over it. */
econ::EconomicsInputs readInputs(const Args& args, const Overrides& o, const engine::Scene& scene)
{
  econ::EconomicsInputs in = econ::documentInputs(scene);
  if (args.has("--inputs"))
  {
    const std::string path = args.value("--inputs");
    in =
      readInput(path, [&] { return econ::inputsWithOverrides(in, engine::readFile(path), path); });
  }
  if (o.site)
    in.site = *o.site;
  if (o.energyPrice)
    in.energyPriceUSDPerKWh = *o.energyPrice;
  if (o.utilisation)
    in.utilisation = *o.utilisation;
  return in;
}

void printBreakdown(const char* title, const std::vector<econ::CostItem>& items)
{
  std::printf("%s\n", title);
  for (const auto& i : items)
  {
    std::printf("  %-34s %12s%s\n", i.category.c_str(), money(i.usd).c_str(),
                i.estimate ? "  (estimate)" : "");
  }
}

void printSummary(const econ::EconomicsResult& r, double sensitivityPercent)
{
  const econ::Kpis& k = r.kpis;
  std::printf("Site                 %s (%s)\n", r.site.id.c_str(), r.site.name.c_str());
  std::printf("GPUs                 %s\n", withCommas(k.gpus).c_str());
  std::printf("IT power             %s mean, %s peak\n", formatPower(k.itMW * 1e6).c_str(),
              formatPower(k.itPeakMW * 1e6).c_str());
  std::printf("Facility power       %s mean\n", formatPower(k.facilityMW * 1e6).c_str());
  std::printf("PUE                  %.3f annual, %.3f design (hottest month + 2 sigma)\n", k.pue,
              r.energy.designPue);
  std::printf("Energy               %s MWh/year, economiser %s h\n",
              withCommas(static_cast<long long>(k.annualMWh)).c_str(),
              withCommas(static_cast<long long>(r.energy.economiserHours)).c_str());
  if (r.energy.liquidLoop)
  {
    std::printf("Liquid loop          compressor-free %s h of %s (facility water supplied at "
                "%.1f C)\n",
                withCommas(std::llround(r.energy.liquidEconomiserHours)).c_str(),
                withCommas(std::llround(r.energy.hours)).c_str(), r.energy.liquidSupplyC);
  }
  std::printf(
    "Carbon               %s\n",
    k.carbonTonnesPerYear
      ? (withCommas(static_cast<long long>(*k.carbonTonnesPerYear)) + " t CO2/year").c_str()
      : "missing (no grid intensity)");
  if (k.waterM3PerYear > 0)
  {
    std::printf("Water                %s m3/year (WUE %.2f L/kWh)\n",
                withCommas(static_cast<long long>(k.waterM3PerYear)).c_str(), r.energy.wueLPerKWh);
  }
  std::printf("CAPEX                %s\n", money(k.capexUSD).c_str());
  std::printf("OPEX                 %s/year\n", money(k.opexUSDPerYear).c_str());
  std::printf("TCO (present value)  %s\n", money(k.tcoUSD).c_str());
  std::printf("Cost per GPU-hour    %s (%s per goodput GPU-hour)\n", money(k.usdPerGpuHour).c_str(),
              money(k.usdPerEffectiveGpuHour).c_str());
  std::printf("Interruptions        %.2f per day (job of %s GPUs), MTBI %.1f h\n",
              k.interruptionsPerDay, withCommas(static_cast<long long>(r.job.gpus)).c_str(),
              r.interruptions.mtbiHours);
  std::printf("Goodput              %.1f %% (Daly checkpoint every %.0f s)\n", k.goodput * 100,
              r.goodput.dalyIntervalS);
  if (r.run)
  {
    std::printf("Training run         %.1f days wall, %s (%s)\n", r.run->wallDays,
                money(r.run->costUSD).c_str(), r.run->basis.c_str());
  }
  printBreakdown("CAPEX by category", r.capex);
  printBreakdown("OPEX by category (per year)", r.opex);
  std::printf("Power violations     %zu\n", r.power.violations.size());
  for (std::size_t i = 0; i < r.power.violations.size() && i < 10; ++i)
  {
    std::printf("  %s\n", r.power.violations[i].message.c_str());
  }
  if (!r.tornado.empty())
  {
    std::printf("Largest sensitivity  %s (%s to %s per goodput GPU-hour at -/+%.0f %%)\n",
                r.tornado.front().input.c_str(), money(r.tornado.front().kpiAtLow).c_str(),
                money(r.tornado.front().kpiAtHigh).c_str(), sensitivityPercent);
  }
  for (const auto& m : r.missing)
  {
    std::printf("Missing              %s\n", m.c_str());
  }
}

int runEconomics(const std::vector<std::string>& arguments)
{
  const Args args(arguments, { "--inputs", "--site", "--energy-price", "--utilisation", kOut },
                  { "--no-tornado", "--cooling-choices" });
  if (args.positional().size() != 1)
  {
    throw UsageError("expected exactly one scene FILE");
  }
  const Overrides overrides = readOverrides(args);
  const auto scene = loadSceneArgument(args.positional().front());
  auto inputs = readInputs(args, overrides, scene);
  std::printf("Evaluated at %.0f %% utilisation, site %s (%s)\n", inputs.utilisation * 100,
              inputs.site.c_str(),
              args.has("--utilisation") || args.has("--site") || args.has("--inputs")
                ? "the document's evaluation context with command-line overrides"
                : "the document's evaluation context");
  useFabricBom(scene, inputs);
  const auto result =
    econ::evaluateEconomics(scene, engine::Catalog::builtin(), inputs, !args.has("--no-tornado"));
  printSummary(result, inputs.sensitivityPercent);
  std::string json = econ::economicsResultToJson(result);
  if (args.has("--cooling-choices"))
  {
    const auto choices = econ::compareCoolingChoices(scene, engine::Catalog::builtin(), inputs);
    printCoolingChoices(choices);
    json = withCoolingChoices(json, econ::coolingChoicesToJson(choices));
  }
  const std::string out = args.value("--out");
  if (!out.empty())
  {
    engine::writeFileAtomically(out, json);
    std::printf("Wrote %s\n", out.c_str());
  }
  return 0;
}

} // namespace

MYRIAD_CLI_COMMAND(
  { "economics", "power chain, energy, PUE, CAPEX/OPEX/TCO, $/GPU-hour, goodput",
    "usage: myriad-cli economics FILE [--inputs FILE] [--site NAME] [--energy-price USD]\n"
    "                            [--utilisation U] [-o result.json] [--no-tornado]\n"
    "                            [--cooling-choices]\n"
    "  FILE                  scene file, or builtin:NAME\n"
    "  The scene's evaluation context (utilisation, site, price, finance; docs/models/\n"
    "  economics.md) is used unless overridden, for this run only, by:\n"
    "  --inputs FILE         economics inputs JSON whose fields replace the context's; the\n"
    "                        options below override both\n"
    "  --site NAME           a named site: ashburn-va, phoenix-az, lulea-se, quebec-ca,\n"
    "                        guizhou-cn, the Chinese hubs (ulanqab-cn, shanghai-cn, …;\n"
    "                        an unknown name lists them all)\n"
    "  --energy-price USD    energy price per kWh, 0 to 100\n"
    "  --utilisation U       mean IT utilisation, 0 to 1\n"
    "  -o, --out FILE        write KPIs and breakdowns as JSON\n"
    "  --no-tornado          skip the sensitivity runs\n"
    "  --cooling-choices     also show air, cold plate and immersion side by side for the\n"
    "                        same GPUs (docs/models/cooling.md); -o then writes them as\n"
    "                        \"coolingChoices\"",
    runEconomics });

} // namespace myriad::cli
