// HallScene::summary(): the text form of what is drawn, for golden tests and the CLI.

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
  return out.str();
}

std::string describeScene(const HallScene& scene)
{
  return scene.summary();
}

} // namespace myriad::scenes
