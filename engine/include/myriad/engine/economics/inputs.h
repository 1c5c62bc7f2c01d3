#pragma once
/**
 * @file inputs.h
 * Inputs of the power, energy, cost and reliability models (issue 6): prices, energy price,
 * years, discount rate, utilisation, site, grid intensity, cooling-plant parameters, checkpoint
 * figures and an optional bill of materials from the fabric model.
 *
 * Conventions: money in USD, power in W, energy in kWh/MWh, time in s (reliability) or years
 * (finance), temperatures in °C, fractions as 0–1 (a discount rate of 8 % is 0.08).
 * A figure that may come from the catalog (part prices) or the built-in economics data
 * (samples/reference/) is a std::optional here: empty means "use the catalog
 * default"; when the catalog has none either, the result shows the figure as missing, never as
 * zero.
 */

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace myriad::engine
{
class Catalog;
struct Scene;
} // namespace myriad::engine

namespace myriad::engine::fabric
{
struct CablingResult;
} // namespace myriad::engine::fabric

namespace myriad::engine::economics
{

/** How the cooling plant rejects heat to outdoors. */
enum class CoolingPlant
{
  AirCooledChiller, ///< dry condenser; no water use
  Evaporative, ///< cooling tower: condenser follows a lower (wet-bulb-like) temperature, uses water
  /** Dry coolers with adiabatic pre-cooling: dry below adiabaticSwitchC; above it the pads are
   *  wetted, the coils see the depressed temperature and water is evaporated. */
  Adiabatic
};
const char* toString(CoolingPlant plant);
std::optional<CoolingPlant> coolingPlantFromString(const std::string& text);

/**
 * Cooling-plant parameters. Defaults are engineering estimates (marked so in
 * docs/models/economics.md); each can be overridden from the inputs JSON ("cooling" object).
 */
struct CoolingParams
{
  CoolingPlant plant = CoolingPlant::AirCooledChiller;
  double airDeltaTK = 12;              ///< air temperature rise across the IT equipment, K
  double fanPressurePa = 400;          ///< total pressure of CRAH / in-row fans, Pa
  double fanEfficiency = 0.6;          ///< fan + motor + drive efficiency
  double chilledWaterC = 15;           ///< chilled-water supply for air cooling, °C
  double liquidSupplyC = 30;           ///< facility water supply to CDUs for liquid cooling, °C
  double economiserApproachK = 4;      ///< free cooling when outdoor ≤ supply − approach
  double condenserApproachK = 10;      ///< condensing temperature = outdoor + approach, K
  double evaporatorApproachK = 3;      ///< evaporating temperature = supply − approach, K
  double evaporativeDepressionK = 8;   ///< evaporative plants: condenser sees outdoor − this, K
  double carnotFraction = 0.45;        ///< chiller COP as a fraction of the Carnot COP
  double copMax = 9;                   ///< cap on the chiller COP at small lifts
  double economiserAuxFraction = 0.02; ///< dry-cooler fans while free cooling, W per W of heat
  double liquidHeatFraction = 0.85;    ///< share of a liquid-cooled rack's heat taken by liquid
  double liquidDeltaTK = 10;           ///< coolant temperature rise, K
  double pumpHeadPa = 250e3;           ///< CDU + facility loop pump head, Pa
  double pumpEfficiency = 0.7;
  double electricalLossFraction = 0.05; ///< UPS, transformer and distribution loss, W per W IT
  double miscFraction = 0.01;           ///< lighting, offices, controls, W per W IT
  double monthlySigmaK = 5;       ///< std. deviation of hourly temperature around the monthly mean
  double waterLitresPerKWh = 2.1; ///< evaporative plants: water per kWh of heat rejected
  double adiabaticSwitchC = 24;   ///< adiabatic plants: outdoor temperature the pads wet above
  double adiabaticLitresPerKWh = 1.0; ///< adiabatic plants: water per kWh rejected while wet
};

/** Monthly climate and grid figures of a named site (catalog parts of category "site"). */
struct SiteClimate
{
  std::string id;   ///< short name, e.g. "ashburn-va"
  std::string name; ///< display name
  /** Display names in other languages, by locale name ("zh_CN"): attributes name_<locale>. */
  std::map<std::string, std::string> localNames;
  std::array<double, 12> monthlyMeanC{}; ///< mean dry-bulb temperature, January first
  std::optional<double> gridKgCo2PerKWh;
  std::optional<double> energyPriceUSDPerKWh;
  std::string source;
  bool estimate = true;
};

/**
 * Bill of materials handed over by the fabric model (issue 3) when it ran. Any empty field is
 * estimated from the scene's counts instead (and the result says so).
 */
struct BomInput
{
  std::optional<double> transceivers; ///< optical modules, count
  std::optional<double> cables;       ///< cables of all kinds, count
  std::optional<double> opticsUSD;    ///< total price of the transceivers
  std::optional<double> cablesUSD;    ///< total price of the cables
  std::optional<double> opticsPowerW; ///< total transceiver power (not inside node figures)
};

/** A training run whose time and cost are wanted (step time × steps, or 6·N·D FLOPs). */
struct TrainingRunInput
{
  int gpus = 0;                    ///< GPUs of the job; 0 = every GPU in the scene
  std::optional<double> stepTimeS; ///< from the traffic model
  std::optional<double> steps;
  std::optional<double> parameters; ///< N, dense model parameters
  std::optional<double> tokens;     ///< D, training tokens
  double mfu = 0.40;                ///< model FLOPs utilisation (Llama 3: 38–43 %)
};

/** Everything the economics models read besides the scene and the catalog. */
struct EconomicsInputs
{
  std::string site = "ashburn-va";
  double utilisation = 0.8;                              ///< mean IT utilisation, 0–1
  std::optional<std::vector<double>> utilisationByMonth; ///< 12 values, overrides utilisation
  std::optional<double> energyPriceUSDPerKWh;            ///< default: the site's
  std::optional<double> gridKgCo2PerKWh;                 ///< default: the site's
  double carbonPriceUSDPerTonne = 0;
  int years = 5;                           ///< TCO horizon
  double discountRate = 0.08;              ///< per year; must be > −1
  double availability = 0.97;              ///< share of hours the cluster sells, 0–1
  int itLifeYears = 5;                     ///< straight-line depreciation of IT equipment
  int facilityLifeYears = 20;              ///< … of power, cooling and building
  double hardwarePriceFactor = 1;          ///< multiplies every catalog part price
  std::optional<double> infraUSDPerW;      ///< build cost per W critical IT (default catalog)
  std::optional<double> powerCoolingShare; ///< share of build cost that is power+cooling
  std::optional<double> maintenanceShare;  ///< per year, of CAPEX
  std::optional<double> staffFtePerMW;     ///< per MW of IT
  std::optional<double> staffUSDPerFte;    ///< per year
  double failureRateFactor = 1;            ///< multiplies every failure rate
  std::map<std::string, double> failureRatesPerYear; ///< component → rate per unit-year override
  double checkpointWriteS = 60;                      ///< δ, time to write a checkpoint
  double restartS = 600;                             ///< R, time to restart after an interruption
  CoolingParams cooling;
  BomInput bom;
  TrainingRunInput run;
  double sensitivityPercent = 20; ///< ±X % for the tornado
};

/**
 * The bill of materials of the scene's own fabric (SuperPOD graph, cables routed on the trays):
 * transceiver and cable counts and optics power, so that CAPEX and power use the routed fabric
 * instead of the per-node estimate. The live fabric stage's rule (fabric/cableable.h), so the
 * app, the CLI and the report price one BOM: zero for a scene without switches (nothing to
 * cable); empty (every field unset: the estimate applies) when part of the hall cannot be wired
 * (a leaf repeating another's place, NICs without a leaf: e.g. an imported hall whose switches
 * carry no fabric places) or the fabric cannot be built.
 */
BomInput fabricBomInput(const Scene& scene, const Catalog& catalog);

/**
 * The BOM of routed cables: counts, optics power, and prices from the catalog (transceivers
 * priceUSD each; cables pricePerMeterUSD × routed length, or pricePerCableUSD for copper). A
 * price stays unset (estimated) when a part has none or a cable has no medium.
 */
BomInput bomFromCabling(const fabric::CablingResult& cabling, const Catalog& catalog);

/**
 * Check the inputs; throws SpecError naming the first bad field and its value ("utilisation:
 * must be within 0–1, got 1.3"). Site names are checked against `catalog`.
 */
void validateInputs(const EconomicsInputs& inputs, const Catalog& catalog);

/** Parse inputs JSON (keys as the struct fields); unknown keys and bad types throw LoadError. */
EconomicsInputs economicsInputsFromJson(const std::string& text, const std::string& fileName);
/** Serialise inputs to JSON (2-space indent); empty optionals are left out. */
std::string economicsInputsToJson(const EconomicsInputs& inputs);

/**
 * The document's evaluation context (Scene::evaluationJson) as inputs: the defaults overridden
 * by the fields the document sets. Every view, CLI command and report evaluates a document at
 * these inputs. Throws LoadError (path under "/evaluation") when the text is malformed; the scene
 * reader has already checked it, so this only happens for a hand-built Scene.
 */
EconomicsInputs documentInputs(const Scene& scene);

/**
 * `base` with the fields of the JSON object `overridesJson` replacing its own (a JSON merge
 * patch), e.g. an inputs file given on the command line over the document's context. Errors
 * name `fileName` and the JSON path.
 */
EconomicsInputs inputsWithOverrides(const EconomicsInputs& base, const std::string& overridesJson,
                                    const std::string& fileName);

/**
 * The evaluation-context JSON for `inputs` (for Scene::evaluationJson): only the fields that
 * differ from the defaults, whole sub-objects ("cooling", "run") when any of their fields differs;
 * the BOM is left out (it comes from the fabric). "" when every field is the default.
 */
std::string evaluationJsonFor(const EconomicsInputs& inputs);

/** The site called `id` from the catalog (part "site-<id>"); throws SpecError when unknown. */
SiteClimate siteClimate(const std::string& id, const Catalog& catalog);
/** Ids of all sites in the catalog, sorted. */
std::vector<std::string> siteIds(const Catalog& catalog);

} // namespace myriad::engine::economics
