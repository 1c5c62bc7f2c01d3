// netbox-floorplan-plugin floor plans → rack placements in Myriad's frame (netbox_json.h).
//
// The plugin (0.5 for NetBox 4.1, same through 0.9) stores a fabric.js 5 canvas at a fixed
// 100 px per metre, y pointing down the plan. A rack is a group (origin left/top) whose
// custom_meta names the rack; its first "rect" child is the footprint, centred in the group:
//   group centre G = (left, top) + R(θ)·(scaleX·width/2, scaleY·height/2)
//   rack centre  C = G + R(θ)·(scaleX·rect.left, scaleY·rect.top),  R(θ)(a,b) = (a cosθ − b sinθ,
//                                                                         a sinθ + b cosθ)
//   floor origin O = the boundary group's rect top-left (the plan's corner)
// with θ the fabric angle (degrees, clockwise on screen). Myriad's frame has y up seen from
// above, so x = (C.x − O.x)/100, y = H − (C.y − O.y)/100 with H the plan's height in metres, and
// the rotation φ = 180° − θ (front facing +y at φ = 0, counter-clockwise; docs/netbox.md).
#include "netbox/netbox_json.h"

#include <cmath>
#include <numbers>

namespace myriad::engine::netbox
{

using nlohmann::json;

namespace
{

double numberIn(const json& object, const char* key, double fallback)
{
  const auto it = object.find(key);
  return it != object.end() && it->is_number() ? it->get<double>() : fallback;
}

std::string metaText(const json& object, const char* key)
{
  const auto meta = object.find("custom_meta");
  if (meta == object.end() || !meta->is_object())
    return {};
  const auto it = meta->find(key);
  if (it == meta->end())
    return {};
  return it->is_string() ? it->get<std::string>() : it->dump();
}

struct Point
{
  double x = 0, y = 0;
};

/** Centre of the group's footprint rect on the canvas, and the group's angle. */
bool rectCentre(const json& group, Point& centre, double& angleDeg, double& rectW, double& rectH)
{
  const auto children = group.find("objects");
  if (children == group.end() || !children->is_array())
    return false;
  const json* rect = nullptr;
  for (const auto& child : *children)
  {
    if (child.is_object() && child.value("type", "") == "rect")
    {
      rect = &child;
      break;
    }
  }
  if (!rect)
    return false;
  angleDeg = numberIn(group, "angle", 0);
  const double t = angleDeg * std::numbers::pi / 180;
  const double sx = numberIn(group, "scaleX", 1), sy = numberIn(group, "scaleY", 1);
  const auto rotate = [t](double a, double b) {
    return Point{ a * std::cos(t) - b * std::sin(t), a * std::sin(t) + b * std::cos(t) };
  };
  const Point half =
    rotate(sx * numberIn(group, "width", 0) / 2, sy * numberIn(group, "height", 0) / 2);
  const Point offset = rotate(sx * numberIn(*rect, "left", 0), sy * numberIn(*rect, "top", 0));
  centre = { numberIn(group, "left", 0) + half.x + offset.x,
             numberIn(group, "top", 0) + half.y + offset.y };
  rectW = sx * numberIn(*rect, "width", 0);
  rectH = sy * numberIn(*rect, "height", 0);
  return true;
}

} // namespace

void readFloorplan(const Item& item, Inventory& inventory)
{
  NbFloorplan plan;
  plan.id = item.id();
  plan.site = item.ref("site");
  plan.location = item.ref("location");
  const double heightM = item.number("height").value_or(0) / 100.0;
  const json* canvas = item.member("canvas");
  json parsed;
  if (canvas && canvas->is_string())
  {
    parsed = json::parse(canvas->get<std::string>(), nullptr, false);
    if (parsed.is_discarded())
      item.fail("canvas", "the canvas text is not JSON", "a fabric.js canvas {objects: [...]}");
    canvas = &parsed;
  }
  if (!canvas || !canvas->is_object() || !canvas->contains("objects") ||
      !(*canvas)["objects"].is_array())
  {
    inventory.warnings.push_back("floor plan " + std::to_string(plan.id) + ": no canvas objects");
    inventory.floorplans.push_back(plan);
    return;
  }
  Point origin;
  std::vector<std::pair<long, Point>> racks;
  std::vector<double> angles;
  for (const auto& object : (*canvas)["objects"])
  {
    if (!object.is_object())
      continue;
    const std::string type = metaText(object, "object_type");
    Point c;
    double angle = 0, w = 0, h = 0;
    if ((type != "rack" && type != "floorplan_boundry") || !rectCentre(object, c, angle, w, h))
      continue;
    if (type == "floorplan_boundry")
    {
      origin = { c.x - w / 2, c.y - h / 2 };
      continue;
    }
    char* end = nullptr;
    const std::string id = metaText(object, "object_id");
    const long rack = std::strtol(id.c_str(), &end, 10);
    if (end == id.c_str())
      continue;
    racks.emplace_back(rack, c);
    angles.push_back(angle);
  }
  for (std::size_t i = 0; i < racks.size(); ++i)
  {
    const Point& c = racks[i].second;
    plan.racks.push_back({ racks[i].first, (c.x - origin.x) / 100.0,
                           heightM - (c.y - origin.y) / 100.0, 180.0 - angles[i] });
  }
  inventory.floorplans.push_back(plan);
}

} // namespace myriad::engine::netbox
