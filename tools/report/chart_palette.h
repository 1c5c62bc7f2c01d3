#pragma once
/**
 * @file chart_palette.h
 * The chart colours of Myriad, in one place and free of Qt and of the app: the Dashboard's
 * charts (QtCharts' default "Light" theme, which the app does not change) take their series
 * colours in this order, and the PDF report draws with the same ones so that a bar means the
 * same colour on screen and on paper. The comparison and good/bad tones are the ones the
 * Dashboard sets explicitly (app/modules/dashboard). Plain RGB so any layer can include it.
 */

#include <array>
#include <cstdint>

namespace myriad::palette
{

struct Rgb
{
  std::uint8_t r = 0;
  std::uint8_t g = 0;
  std::uint8_t b = 0;
};

/** Series colours in order: 1st series (CAPEX bars, IT energy, peak load, input lowered) … */
inline constexpr std::array<Rgb, 5> kSeries{ {
  { 0x20, 0x9f, 0xdf }, // blue
  { 0x99, 0xca, 0x53 }, // green
  { 0xf6, 0xa6, 0x25 }, // orange
  { 0x6d, 0x5f, 0xd5 }, // violet
  { 0xbf, 0x59, 0x3e }, // brick
} };

inline constexpr Rgb kComparisonBase{ 150, 160, 175 };    ///< "Base" bars of the comparison
inline constexpr Rgb kComparisonScenario{ 40, 120, 200 }; ///< the scenario's bars
inline constexpr Rgb kBetter{ 30, 130, 60 };              ///< a delta that improves a KPI
inline constexpr Rgb kWorse{ 190, 40, 40 };               ///< a delta that worsens it
inline constexpr Rgb kError{ 0xb0, 0x00, 0x20 };          ///< error text
inline constexpr Rgb kOverLimit{ 190, 40, 40 };           ///< a load above its rating

} // namespace myriad::palette
