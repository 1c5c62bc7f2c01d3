#pragma once
/**
 * @file thermal_checks.h
 * What a solved hall says is wrong, as validation findings: rack inlets against the ASHRAE A1
 * envelope, air coolers and CDUs over their capacity or without their spare unit (N+1), liquid
 * heat with no CDU, a starved hall (cooler airflow below rack airflow).
 *
 * ASHRAE A1 (TC 9.9 Thermal Guidelines, 2021): recommended 18–27 °C, allowable 15–32 °C at the
 * rack intake. The classification allows kAshraeToleranceK on each bound: the temperature field
 * comes from an iterative solve that stops at a residual, so an intake fed only by 18 °C supply
 * air can come out a few millikelvin below 18 °C; no intake can be colder than the coldest
 * supply (maximum principle of advection–diffusion without sinks), so such a reading is
 * round-off, not an over-cooled rack. 0.05 K is well above that round-off and far below any
 * difference a sensor or an operator acts on (sensor accuracy ±0.5 K).
 * References: docs/references.md#ashrae-tc99.
 */

#include "myriad/engine/model.h"
#include "myriad/engine/validation.h"

#include <string>
#include <vector>

namespace myriad::engine::thermal
{

struct ThermalResult;

inline constexpr double kAshraeRecommendedMinC = 18;
inline constexpr double kAshraeRecommendedMaxC = 27;
inline constexpr double kAshraeAllowableMinC = 15;
inline constexpr double kAshraeAllowableMaxC = 32;
/** Tolerance on every envelope bound against solver round-off (see the file comment). */
inline constexpr double kAshraeToleranceK = 0.05;

/** Where an intake's temperature range [minC, maxC] falls in the ASHRAE A1 envelope. */
enum class InletClass
{
  Recommended,   ///< within 18–27 °C
  AllowableOnly, ///< outside 18–27 °C but within 15–32 °C
  Outside        ///< outside 15–32 °C
};
InletClass classifyInlet(double inletMinC, double inletMaxC);

/**
 * Findings of a solved hall: racks above the recommended (warning) or allowable (error) inlet,
 * racks below the allowable minimum (warning), air coolers and CDUs over capacity (error) or
 * without N+1 (warning: the load exceeds the capacity left when the largest unit fails), liquid
 * heat with no CDU (error), cooler airflow below rack airflow (warning). `utilisation` is the
 * load the result was solved at (ThermalOptions::utilisation); it is quoted in the messages.
 * JSON paths point into hall `hallIndex` of `scene`, the scene the result was solved from.
 */
std::vector<Diagnostic> thermalDiagnostics(const Scene& scene, int hallIndex,
                                           const ThermalResult& result, double utilisation);

} // namespace myriad::engine::thermal
