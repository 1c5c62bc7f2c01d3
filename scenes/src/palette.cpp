#include "palette.h"

#include <algorithm>
#include <cmath>

namespace myriad::scenes::detail
{

std::array<double, 3> toDoubles(Rgb c)
{
  return { c.r / 255.0, c.g / 255.0, c.b / 255.0 };
}

Rgb lighten(Rgb c, double amount)
{
  auto mix = [amount](unsigned char v) {
    return static_cast<unsigned char>(std::lround(v + (255.0 - v) * std::clamp(amount, 0.0, 1.0)));
  };
  return { mix(c.r), mix(c.g), mix(c.b) };
}

Rgb darken(Rgb c, double amount)
{
  const double keep = 1.0 - std::clamp(amount, 0.0, 1.0);
  auto mix = [keep](unsigned char v) { return static_cast<unsigned char>(std::lround(v * keep)); };
  return { mix(c.r), mix(c.g), mix(c.b) };
}

Rgb colorOf(engine::RackKind kind)
{
  switch (kind)
  {
    case engine::RackKind::Compute:
      return { 64, 72, 86 }; // dark graphite: most of the hall, so the calm colour
    case engine::RackKind::Network:
      return { 38, 166, 154 }; // teal: the fabric stands out among compute rows
    case engine::RackKind::Storage:
      return { 142, 108, 191 };
    case engine::RackKind::Power:
      return { 224, 142, 50 };
    case engine::RackKind::Cooling:
      return { 110, 176, 220 };
  }
  return { 128, 128, 128 };
}

Rgb colorOf(engine::CoolingStyle style)
{
  switch (style)
  {
    case engine::CoolingStyle::Liquid:
      return { 24, 180, 204 };
    case engine::CoolingStyle::Immersion:
      return { 214, 170, 40 }; // the amber of dielectric fluid
    case engine::CoolingStyle::Air:
      break;
  }
  return { 120, 132, 150 };
}

Rgb colorOf(engine::CoolerKind kind)
{
  switch (kind)
  {
    case engine::CoolerKind::Crah:
      return { 160, 205, 240 };
    case engine::CoolerKind::InRow:
      return { 90, 160, 225 };
    case engine::CoolerKind::RearDoor:
      return { 120, 190, 235 };
    case engine::CoolerKind::Cdu:
      return { 0, 200, 215 };
  }
  return { 160, 205, 240 };
}

Rgb colorOf(engine::SwitchRole role)
{
  switch (role)
  {
    case engine::SwitchRole::Leaf:
      return { 64, 200, 140 };
    case engine::SwitchRole::Spine:
      return { 40, 190, 200 };
    case engine::SwitchRole::Core:
      return { 90, 140, 230 };
    case engine::SwitchRole::Management:
      return { 170, 170, 120 };
    case engine::SwitchRole::NvLink:
      return { 150, 210, 60 };
  }
  return { 64, 200, 140 };
}

Rgb powerColor(double powerW, double maxW)
{
  const double t = maxW > 0 ? std::clamp(powerW / maxW, 0.0, 1.0) : 0.0;
  for (std::size_t i = 1; i < kPowerStops.size(); ++i)
  {
    const ColorStop& a = kPowerStops[i - 1];
    const ColorStop& b = kPowerStops[i];
    if (t <= b.at)
    {
      const double f = (t - a.at) / (b.at - a.at);
      auto mix = [f](unsigned char x, unsigned char y)
      { return static_cast<unsigned char>(std::lround(x + (y - x) * f)); };
      return { mix(a.color.r, b.color.r), mix(a.color.g, b.color.g), mix(a.color.b, b.color.b) };
    }
  }
  return kPowerStops.back().color;
}

} // namespace myriad::scenes::detail
