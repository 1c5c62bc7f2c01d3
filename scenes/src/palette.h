#pragma once
// Colours of the hall view. One place, so the app's legend and the renderer agree.

#include "myriad/engine/model.h"

#include <array>

namespace myriad::scenes::detail
{

/** 8-bit sRGB colour. */
struct Rgb
{
  unsigned char r = 0, g = 0, b = 0;
  bool operator==(const Rgb&) const = default;
};

/** Same colour as doubles in [0, 1] (VTK property colours). */
std::array<double, 3> toDoubles(Rgb c);
/** Mix `c` toward white by `amount` in [0, 1]. */
Rgb lighten(Rgb c, double amount);
/** Mix `c` toward black by `amount` in [0, 1]. */
Rgb darken(Rgb c, double amount);

Rgb colorOf(engine::RackKind kind);
Rgb colorOf(engine::CoolingStyle style);
Rgb colorOf(engine::CoolerKind kind);
Rgb colorOf(engine::SwitchRole role);
/** Colour of a rack drawing `powerW` against a legend of 0..`maxW` (diverging blue→red). */
Rgb powerColor(double powerW, double maxW);

inline constexpr Rgb kGpuColor{ 118, 185, 0 };     // GPU boards: the vendor's green
inline constexpr Rgb kServerColor{ 96, 106, 122 }; // server chassis: lighter graphite
inline constexpr Rgb kFloorColor{ 196, 200, 206 }; // sealed concrete / raised-floor tiles
inline constexpr Rgb kWallColor{ 225, 228, 233 };
inline constexpr Rgb kColdAisleColor{ 150, 190, 230 };
inline constexpr Rgb kHotAisleColor{ 232, 160, 146 };
inline constexpr Rgb kPlainAisleColor{ 182, 186, 192 };
inline constexpr Rgb kSelectionColor{ 255, 220, 30 };
inline constexpr Rgb kTileColor{ 20, 70, 160 };          // perforated floor tiles: deep supply blue
inline constexpr Rgb kGrilleColor{ 120, 92, 84 };        // ceiling return grilles: warm grey
inline constexpr Rgb kSiteOutlineColor{ 150, 175, 205 }; // site footprints: pale steel blue
inline constexpr Rgb kBackgroundBottom{ 46, 54, 66 };
inline constexpr Rgb kBackgroundTop{ 14, 18, 26 };

/** Control points of the power-density colour map, position in [0, 1] → colour. */
struct ColorStop
{
  double at;
  Rgb color;
};
inline constexpr std::array<ColorStop, 5> kPowerStops{ {
  { 0.00, { 49, 54, 149 } },
  { 0.30, { 69, 117, 180 } },
  { 0.55, { 254, 224, 144 } },
  { 0.80, { 244, 109, 67 } },
  { 1.00, { 165, 0, 38 } },
} };

} // namespace myriad::scenes::detail
