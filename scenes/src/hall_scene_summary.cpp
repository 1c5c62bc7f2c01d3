// HallScene::summary(): the text form of what is drawn, for golden tests and the CLI; and
// HallScene::legend(): the flat colours drawn, for the app's legend.

#include "hall_scene_impl.h"

#include "palette.h"

#include <cstdio>
#include <map>
#include <sstream>

namespace myriad::scenes
{
namespace
{

const char* toString(DetailLevel level)
{
  switch (level)
  {
    case DetailLevel::Racks:
      return "racks";
    case DetailLevel::Nodes:
      return "nodes";
    case DetailLevel::Gpus:
      return "gpus";
  }
  return "?";
}

const char* toString(ColorBy colorBy)
{
  switch (colorBy)
  {
    case ColorBy::Kind:
      return "kind";
    case ColorBy::PowerDensity:
      return "power-density";
    case ColorBy::Cooling:
      return "cooling";
    case ColorBy::Overlay:
      return "overlay";
  }
  return "?";
}

std::string hex(detail::Rgb c)
{
  char text[8];
  std::snprintf(text, sizeof text, "#%02x%02x%02x", c.r, c.g, c.b);
  return text;
}

std::string fixed(double value)
{
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", value);
  return text;
}

} // namespace

std::string HallScene::summary() const
{
  const Impl& d = *m_impl;
  const SceneStats s = stats();
  const detail::Layout& l = d.layout;
  std::ostringstream out;
  out << "halls " << l.halls.size() << ", rows " << l.rows.size() << ", racks " << l.racks.size()
      << ", coolers " << l.coolers.size() << "\n";
  out << "bounds x " << fixed(l.bounds.x0) << ".." << fixed(l.bounds.x1) << " y "
      << fixed(l.bounds.y0) << ".." << fixed(l.bounds.y1) << " z " << fixed(l.bounds.z0) << ".."
      << fixed(l.bounds.z1) << " m\n";
  std::map<std::string, int> kinds;
  std::map<std::string, std::string> kindColors;
  for (const detail::RackItem& rack : l.racks)
  {
    const std::string name = engine::toString(rack.rack->kind);
    ++kinds[name];
    kindColors[name] = hex(d.rackColor(rack));
  }
  out << "racks by kind:";
  for (const auto& [name, count] : kinds)
  {
    out << " " << name << " " << count
        << (d.colorBy == ColorBy::Kind ? " " + kindColors[name] : "");
  }
  int aisles[3] = { 0, 0, 0 };
  for (const detail::AisleItem& aisle : l.aisles)
  {
    ++aisles[static_cast<int>(aisle.kind)];
  }
  out << "\naisles: cold " << aisles[0] << ", hot " << aisles[1] << ", plain " << aisles[2] << "\n";
  out << "max rack power " << fixed(l.maxRackPowerW / 1000.0) << " kW\n";
  out << "color by " << toString(d.colorBy) << ", detail " << toString(s.detail) << "\n";
  out << "instances: racks " << s.rackInstances << ", nodes " << s.nodeInstances << ", gpus "
      << s.gpuInstances << ", coolers " << s.coolerInstances << "\n";
  out << "actors " << s.actors << ", row labels " << s.rowLabels << ":";
  for (const detail::RowItem& row : l.rows)
  {
    if (row.rackCount > 0)
    {
      out << " " << row.label;
    }
  }
  out << "\n";
  // Only a scene with sites has this line, so the summaries of the others stay as they were.
  for (const engine::SiteFootprint& site : l.sites)
  {
    out << "site " << (site.site.empty() ? "-" : site.site) << " \"" << site.name << "\" halls "
        << site.halls.size() << " x " << fixed(site.x0) << ".." << fixed(site.x1) << " y "
        << fixed(site.y0) << ".." << fixed(site.y1) << " m\n";
  }
  return out.str();
}

namespace
{

Rgb8 rgb8(detail::Rgb c)
{
  return { c.r, c.g, c.b };
}

/** The entries of `present` (indexed by enum value) in enum order, with their colours. */
template <class Enum, class ColorOf>
std::vector<std::pair<Enum, Rgb8>> presentEntries(const std::vector<bool>& present, ColorOf colorOf)
{
  std::vector<std::pair<Enum, Rgb8>> entries;
  for (std::size_t i = 0; i < present.size(); ++i)
  {
    if (present[i])
    {
      const auto value = static_cast<Enum>(i);
      entries.emplace_back(value, rgb8(colorOf(value)));
    }
  }
  return entries;
}

detail::Rgb aisleColor(AisleTint tint)
{
  return tint == AisleTint::Cold  ? detail::kColdAisleColor
         : tint == AisleTint::Hot ? detail::kHotAisleColor
                                  : detail::kPlainAisleColor;
}

} // namespace

HallLegend HallScene::legend() const
{
  const Impl& d = *m_impl;
  const detail::Layout& l = d.layout;
  HallLegend legend;
  legend.colorBy = d.colorBy;
  std::vector<bool> kinds(5, false), styles(3, false), aisles(3, false), coolers(4, false);
  for (const detail::RackItem& rack : l.racks)
  {
    kinds[static_cast<std::size_t>(rack.rack->kind)] = true;
    styles[static_cast<std::size_t>(rack.rack->cooling)] = true;
  }
  for (const detail::AisleItem& aisle : l.aisles)
  {
    // AisleKind and AisleTint list cold, hot, plain in the same order.
    aisles[static_cast<std::size_t>(aisle.kind)] = true;
  }
  for (const detail::CoolerItem& cooler : l.coolers)
  {
    coolers[static_cast<std::size_t>(cooler.kind)] = true;
  }
  if (d.colorBy == ColorBy::Kind)
  {
    legend.rackKinds = presentEntries<engine::RackKind>(kinds, [](engine::RackKind k)
                                                        { return detail::colorOf(k); });
  }
  else if (d.colorBy == ColorBy::Cooling)
  {
    legend.coolingStyles = presentEntries<engine::CoolingStyle>(styles, [](engine::CoolingStyle c)
                                                                { return detail::colorOf(c); });
  }
  legend.aisles = presentEntries<AisleTint>(aisles, aisleColor);
  legend.coolers = presentEntries<engine::CoolerKind>(coolers, [](engine::CoolerKind k)
                                                      { return detail::colorOf(k); });
  return legend;
}

std::string describeScene(const HallScene& scene)
{
  return scene.summary();
}

} // namespace myriad::scenes
