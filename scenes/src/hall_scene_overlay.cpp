// Overlay colouring of the hall: per-object values (telemetry, inlet temperature, …) drawn on
// the power-density colour map between the overlay's min and max, with the legend retitled.
#include "hall_scene_impl.h"

#include "palette.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace myriad::scenes
{

using detail::Rgb;

namespace
{

// Objects without a value: a neutral mid grey, clearly not on the blue→red map.
constexpr Rgb kNoValueColor{ 112, 116, 124 };

Rgb desaturate(Rgb c)
{
  const double grey = 0.3 * c.r + 0.59 * c.g + 0.11 * c.b;
  auto mix = [grey](unsigned char x)
  { return static_cast<unsigned char>(std::lround(0.35 * x + 0.65 * grey)); };
  return { mix(c.r), mix(c.g), mix(c.b) };
}

} // namespace

void HallScene::Impl::computeRackOverlay()
{
  const double none = std::numeric_limits<double>::quiet_NaN();
  rackOverlay.assign(layout.racks.size(), none);
  if (!overlay)
  {
    return;
  }
  for (std::size_t i = 0; i < layout.racks.size(); ++i)
  {
    const engine::Rack& rack = *layout.racks[i].rack;
    if (auto own = overlayValues.find(rack.id); own != overlayValues.end())
    {
      rackOverlay[i] = own->second;
      continue;
    }
    double best = none;
    auto consider = [&](const std::string& id)
    {
      if (auto it = overlayValues.find(id); it != overlayValues.end())
      {
        best = std::isnan(best) ? it->second : std::max(best, it->second);
      }
    };
    for (const engine::Node& node : rack.nodes)
    {
      consider(node.id);
      for (const engine::Gpu& gpu : node.gpus)
      {
        consider(engine::gpuId(node, gpu));
      }
    }
    for (const engine::Switch& sw : rack.switches)
    {
      consider(sw.id);
    }
    rackOverlay[i] = best;
  }
}

Rgb HallScene::Impl::overlayRgb(double value, bool stale) const
{
  const double lo = overlay ? overlay->minValue : 0.0;
  const double hi = overlay ? overlay->maxValue : 1.0;
  const Rgb c = detail::powerColor(value - lo, std::max(hi - lo, 1e-9));
  return stale ? desaturate(c) : c;
}

Rgb HallScene::Impl::rackOverlayColor(std::size_t rackIndex) const
{
  if (rackIndex >= rackOverlay.size() || std::isnan(rackOverlay[rackIndex]))
  {
    return kNoValueColor;
  }
  const std::string& id = layout.racks[rackIndex].rack->id;
  return overlayRgb(rackOverlay[rackIndex], overlayStale.count(id) > 0);
}

std::string HallScene::Impl::contentId(const detail::DetailBox& box) const
{
  const engine::ObjectRef& ref = box.ref;
  if (!scene || ref.hall < 0 || ref.row < 0 || ref.rack < 0)
  {
    return {};
  }
  const engine::Rack& rack = scene->site.halls.at(ref.hall).rows.at(ref.row).racks.at(ref.rack);
  if (box.type == detail::DetailBox::Type::Switch)
  {
    return ref.item >= 0 && ref.item < static_cast<int>(rack.switches.size())
             ? rack.switches[ref.item].id
             : std::string{};
  }
  if (ref.node < 0 || ref.node >= static_cast<int>(rack.nodes.size()))
  {
    return {};
  }
  const engine::Node& node = rack.nodes[ref.node];
  if (box.type == detail::DetailBox::Type::Gpu)
  {
    return ref.item >= 0 && ref.item < static_cast<int>(node.gpus.size())
             ? engine::gpuId(node, node.gpus[ref.item])
             : std::string{};
  }
  return node.id;
}

Rgb HallScene::Impl::contentOverlayColor(const detail::DetailBox& box, Rgb fallback) const
{
  if (!overlay)
  {
    return fallback;
  }
  const std::string id = contentId(box);
  if (auto it = overlayValues.find(id); it != overlayValues.end())
  {
    return overlayRgb(it->second, overlayStale.count(id) > 0);
  }
  // A GPU without its own value takes its server's; a server without one takes its rack's.
  if (box.type == detail::DetailBox::Type::Gpu && scene)
  {
    const engine::Node& node = scene->site.halls.at(box.ref.hall)
                                 .rows.at(box.ref.row)
                                 .racks.at(box.ref.rack)
                                 .nodes.at(box.ref.node);
    if (auto it = overlayValues.find(node.id); it != overlayValues.end())
    {
      return overlayRgb(it->second, overlayStale.count(node.id) > 0);
    }
  }
  return fallback;
}

void HallScene::setOverlay(const Overlay& overlay)
{
  Impl& d = *m_impl;
  d.overlay = overlay;
  d.overlayValues.clear();
  d.overlayValues.reserve(overlay.values.size());
  for (const auto& [id, value] : overlay.values)
  {
    if (std::isfinite(value))
    {
      d.overlayValues[id] = value;
    }
  }
  d.overlayStale = { overlay.stale.begin(), overlay.stale.end() };
  d.computeRackOverlay();
  d.colorBy = ColorBy::Overlay;
  if (d.scene)
  {
    d.rebuildRacks();
    d.rebuildContents();
  }
  d.updateLegend();
}

void HallScene::clearOverlay()
{
  Impl& d = *m_impl;
  d.overlay.reset();
  d.overlayValues.clear();
  d.overlayStale.clear();
  d.computeRackOverlay();
  if (d.colorBy == ColorBy::Overlay)
  {
    d.colorBy = ColorBy::Kind;
  }
  if (d.scene)
  {
    d.rebuildRacks();
    d.rebuildContents();
  }
  d.updateLegend();
}

bool HallScene::hasOverlay() const
{
  return m_impl->overlay.has_value();
}

std::optional<std::array<double, 3>> HallScene::overlayColor(const std::string& id) const
{
  const Impl& d = *m_impl;
  if (!d.overlay)
  {
    return std::nullopt;
  }
  if (auto it = d.overlayValues.find(id); it != d.overlayValues.end())
  {
    return detail::toDoubles(d.overlayRgb(it->second, d.overlayStale.count(id) > 0));
  }
  // A rack without its own value shows the maximum of its contents (as drawn).
  for (std::size_t i = 0; i < d.layout.racks.size(); ++i)
  {
    if (d.layout.racks[i].rack->id == id && i < d.rackOverlay.size() &&
        !std::isnan(d.rackOverlay[i]))
    {
      return detail::toDoubles(d.rackOverlayColor(i));
    }
  }
  return std::nullopt;
}

} // namespace myriad::scenes
