/**
 * @file cabling.cpp
 * Cable routing over an overhead tray network.
 *
 * Tray network and shortest tray routes: tray_network.h (Z_t: tray height, d_tray: tray
 * distance between the racks' drop points). A cable's length is
 *   ℓ = (Z_t − z_A) + d_tray(A, B) + (Z_t − z_B) + max(slackMinM, slackFraction · routed),
 * with z the middle of the device's rack units (slotBox). Both ends in one rack:
 *   ℓ = |z_A − z_B| + inRackM + slack.
 * Tray fill of a segment = Σ π·d²/4 over its cables / (levels · width · depth), with
 * networkRowTrayLevels stacked trays over network rows (where the leaf–spine and spine–core
 * cables converge: one 600 × 100 mm tray there was 194 % full on the 10k sample) and one level
 * elsewhere. Tray sizing: each segment takes the smallest tray of CablingOptions::traySizes
 * (300/450/600/900 mm × 100/150 mm) whose fill ≤ 50 % — the usual design limit at installation
 * (TIA-569 practice), leaving room for growth and heat — adding stacked levels (up to
 * maxTrayLevels) when even 900 × 150 mm is too small; > 50 % left is a Warning, > 100 % an Error.
 * Assumptions: no tray capacity limit on routing (a full tray is reported, not avoided), cables
 * between halls are unroutable (Error diagnostic).
 */

#include "myriad/engine/fabric/cabling.h"
#include "fabric/tray_network.h"
#include "myriad/engine/catalog.h"
#include "myriad/engine/query.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <map>
#include <memory>
#include <numbers>
#include <stdexcept>
#include <tuple>
#include <unordered_map>

namespace myriad::engine::fabric
{
namespace
{

using detail::buildTrays;
using detail::dropNode;
using detail::HallTrays;
using detail::TrayRouter;

const Rack& rackAt(const Scene& scene, const Location& loc)
{
  return scene.site.halls.at(loc.hall).rows.at(loc.row).racks.at(loc.rack);
}

double portZ(const Scene& scene, const Location& loc, const Catalog& catalog)
{
  const Box b = slotBox(rackAt(scene, loc), loc.slotU, loc.heightU, catalog);
  return 0.5 * (b.z0 + b.z1);
}

/** Transceivers of the media, by part, with what countOptics needs of each. */
struct OpticParts
{
  std::vector<std::string> ids;  ///< sorted (the order of CablingResult::opticsByPart)
  std::vector<int> perSwitchEnd; ///< links one transceiver serves on a switch end
  std::vector<double> powerW;
  std::vector<int> switchOpticOf, nicOpticOf; ///< per medium: index into ids, −1 for none

  OpticParts(const std::vector<Medium>& media, const Catalog& catalog)
  {
    for (const Medium& m : media)
    {
      for (const std::string* optic : { &m.switchOptic, &m.nicOptic })
      {
        if (!optic->empty())
        {
          ids.push_back(*optic);
        }
      }
    }
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    auto indexOf = [this](const std::string& optic)
    {
      return optic.empty()
               ? -1
               : static_cast<int>(std::lower_bound(ids.begin(), ids.end(), optic) - ids.begin());
    };
    perSwitchEnd.assign(ids.size(), 1);
    for (const Medium& m : media)
    {
      switchOpticOf.push_back(indexOf(m.switchOptic));
      nicOpticOf.push_back(indexOf(m.nicOptic));
      if (switchOpticOf.back() >= 0)
      {
        perSwitchEnd[switchOpticOf.back()] = m.portsPerOptic; // the last medium using it wins
      }
    }
    for (const std::string& id : ids)
    {
      powerW.push_back(catalog.part(id).valueOr("powerW", 0));
    }
  }
};

struct Router
{
  const FabricGraph& graph;
  const Scene& scene;
  const Catalog& catalog;
  const CablingOptions& opt;
  CablingResult& out;
  OpticParts optics{ out.media, catalog };
  std::vector<int> cablesOfMedium = std::vector<int>(out.media.size(), 0);
  /** Ports per device and transceiver part: [device · optics.ids.size() + optic]. */
  std::vector<int> portsByOptic = std::vector<int>(graph.devices().size() * optics.ids.size(), 0);

  double slack(double routed) const { return std::max(opt.slackMinM, opt.slackFraction * routed); }

  /** Choose the medium of cable `c` and book its transceivers; returns the medium index. */
  int finish(Cable& c)
  {
    const Link& l = graph.links()[c.link];
    const Device& a = graph.device(l.a.device);
    const Device& b = graph.device(l.b.device);
    const bool nicEnd = a.kind == DeviceKind::Nic || b.kind == DeviceKind::Nic;
    c.medium = chooseMedium(out.media, c.lengthM, l.rateBps, nicEnd);
    out.totalLengthM += c.lengthM;
    if (c.medium < 0)
    {
      reportUnreachable(c, l, a, b);
      return -1;
    }
    const Medium& m = out.media[c.medium];
    ++cablesOfMedium[c.medium];
    out.opticsPowerW += 2 * m.cablePowerW;
    for (const auto& [d, end] : { std::pair{ &a, l.a }, std::pair{ &b, l.b } })
    {
      const int optic =
        d->kind == DeviceKind::Nic ? optics.nicOpticOf[c.medium] : optics.switchOpticOf[c.medium];
      if (optic >= 0)
      {
        ++portsByOptic[static_cast<std::size_t>(end.device) * optics.ids.size() + optic];
      }
    }
    return c.medium;
  }

  void reportUnreachable(const Cable& c, const Link& l, const Device& a, const Device& b)
  {
    ++out.unreachable;
    if (out.unreachable > 100)
    {
      return;
    }
    double longest = 0;
    for (const Medium& m : out.media)
    {
      longest = m.rateBps >= l.rateBps ? std::max(longest, m.reachM) : longest;
    }
    char text[160];
    std::snprintf(text, sizeof text,
                  " needs %.2f m at %.0f Gb/s; no medium reaches it "
                  "(longest at that rate: %.0f m)",
                  c.lengthM, l.rateBps / 1e9, longest);
    out.diagnostics.push_back({ Severity::Error, a.id, "", "cable " + a.id + " – " + b.id + text });
  }

  /** Cables per medium name, transceivers per part and their power (device order). */
  void countMediaAndOptics()
  {
    for (std::size_t m = 0; m < out.media.size(); ++m)
    {
      if (cablesOfMedium[m] > 0)
      {
        out.cablesByMedium[out.media[m].name] += cablesOfMedium[m];
      }
    }
    const std::size_t kinds = optics.ids.size();
    for (std::size_t d = 0; d < graph.devices().size(); ++d)
    {
      const bool nic = graph.devices()[d].kind == DeviceKind::Nic;
      for (std::size_t o = 0; o < kinds; ++o)
      {
        const int ports = portsByOptic[d * kinds + o];
        if (ports == 0)
        {
          continue;
        }
        const int perOptic = nic ? 1 : optics.perSwitchEnd[o];
        const int n = (ports + perOptic - 1) / perOptic;
        out.opticsByPart[optics.ids[o]] += n;
        out.opticsPowerW += n * optics.powerW[o];
      }
    }
  }
};

/** Cables on one distinct route (hall, drop node a → drop node b) and their cross-section (m²). */
struct RouteLoad
{
  int hall = -1, a = -1, b = -1;
  double trayM = 0;  ///< tray distance a → b
  int junction = -1; ///< where the route leaves a's row (TrayRouter::distance)
  int cables = 0;
  double areaM2 = 0;
  auto key() const { return std::tie(hall, a, b); }
};

/**
 * The distinct routes, in order of first use (= CablingResult::routes), found by drop nodes
 * through a hash per hall.
 */
struct RouteLoads
{
  std::vector<RouteLoad> loads;
  std::vector<std::unordered_map<std::uint64_t, int>> byNodes; ///< per hall: (a, b) → load

  /** Index of the load of route a → b in `hall`; `added` tells whether it is new. */
  int find(int hall, int a, int b, bool* added)
  {
    *added = false;
    if (last >= 0 && loads[last].key() == std::tie(hall, a, b))
    {
      return last; // consecutive links often join the same two racks
    }
    last = findOrAdd(hall, a, b, added);
    return last;
  }

private:
  int last = -1;

  int findOrAdd(int hall, int a, int b, bool* added)
  {
    const auto key = (static_cast<std::uint64_t>(a) << 32) | static_cast<std::uint32_t>(b);
    const auto [it, isNew] = byNodes[hall].try_emplace(key, static_cast<int>(loads.size()));
    *added = isNew;
    if (isNew)
    {
      loads.push_back({ hall, a, b });
    }
    return it->second;
  }
};

/**
 * Pick the tray of a segment: the smallest cross-section of options.traySizes (at the segment's
 * base level count, then one more level at a time up to maxTrayLevels) whose fill stays within
 * maxTrayFill; the largest size at the most levels when none does. Equal cross-sections keep
 * the catalog order (the shallower tray first: 900 × 100 before 600 × 150 mm).
 */
std::vector<std::pair<double, double>> traySizesByArea(const CablingOptions& options)
{
  auto sizes = options.traySizes;
  std::stable_sort(sizes.begin(), sizes.end(),
                   [](const auto& a, const auto& b)
                   { return a.first * a.second < b.first * b.second - 1e-12; });
  if (sizes.empty())
  {
    sizes.emplace_back(options.trayWidthM, options.trayDepthM);
  }
  return sizes;
}

/** `sizes`: traySizesByArea(options). */
void sizeTray(TraySegment& tray, const std::vector<std::pair<double, double>>& sizes,
              const CablingOptions& options)
{
  const int base = tray.levels;
  const int most = std::max(base, options.maxTrayLevels);
  for (int levels = base; levels <= most; ++levels)
  {
    for (const auto& [width, depth] : sizes)
    {
      tray.levels = levels;
      tray.widthM = width;
      tray.depthM = depth;
      tray.fill = tray.areaM2 / (levels * width * depth);
      if (tray.fill <= options.maxTrayFill || options.traySizes.empty())
      {
        return;
      }
    }
  }
}

/** Warnings for segments above 50 % fill, errors above 100 % (the first 20 of each, then a sum). */
void reportTrayFill(CablingResult& out)
{
  int over[2] = { 0, 0 };
  for (std::size_t s = 0; s < out.trays.size(); ++s)
  {
    const TraySegment& t = out.trays[s];
    if (t.fill <= 0.5)
    {
      continue;
    }
    const bool error = t.fill > 1.0;
    if (++over[error ? 1 : 0] > 20)
    {
      continue;
    }
    char text[240];
    std::snprintf(text, sizeof text,
                  "tray segment %zu (%s, x %.1f–%.1f m, y %.1f–%.1f m): %d cables fill %.0f %% of "
                  "%d × %.0f × %.0f mm; %s",
                  s, t.kind.c_str(), std::min(t.x0, t.x1), std::max(t.x0, t.x1),
                  std::min(t.y0, t.y1), std::max(t.y0, t.y1), t.cables, 100 * t.fill, t.levels,
                  1000 * t.widthM, 1000 * t.depthM,
                  error ? "the cables do not fit" : "plan for at most 50 % at installation");
    out.diagnostics.push_back({ error ? Severity::Error : Severity::Warning, "", "", text });
  }
  for (const int error : { 0, 1 })
  {
    if (over[error] > 20)
    {
      out.diagnostics.push_back({ error ? Severity::Error : Severity::Warning, "", "",
                                  std::to_string(over[error]) + " tray segments in all are " +
                                    (error ? "over 100 % full" : "between 50 and 100 % full") });
    }
  }
}

/**
 * Walk each distinct route once: record its segments in CablingResult::routes and add its
 * cables and cross-section to its tray segments.
 */
void fillTrays(const RouteLoads& routes, std::vector<std::unique_ptr<TrayRouter>>& routers,
               const CablingOptions& options, CablingResult& out)
{
  // Routes by (hall, a, b): the order in which the segments' areas are summed.
  std::vector<int> order(routes.loads.size());
  for (std::size_t i = 0; i < order.size(); ++i)
  {
    order[i] = static_cast<int>(i);
  }
  std::sort(order.begin(), order.end(),
            [&routes](int x, int y) { return routes.loads[x].key() < routes.loads[y].key(); });
  std::vector<double> area(out.trays.size(), 0);
  for (const int index : order)
  {
    const RouteLoad& load = routes.loads[index];
    CableRoute& route = out.routes[index];
    route.segments = routers[load.hall]->segments(load.a, load.b, load.junction);
    for (const int seg : route.segments)
    {
      out.trays[seg].cables += load.cables;
      area[seg] += load.areaM2;
    }
  }
  const auto sizes = traySizesByArea(options);
  for (std::size_t s = 0; s < out.trays.size(); ++s)
  {
    out.trays[s].areaM2 = area[s];
    sizeTray(out.trays[s], sizes, options);
  }
  reportTrayFill(out);
}

/** Port height of each device (middle of its rack units), computed once per device. */
class PortHeights
{
public:
  PortHeights(const FabricGraph& graph, const Scene& scene, const Catalog& catalog)
    : m_graph(graph)
    , m_scene(scene)
    , m_catalog(catalog)
    , m_z(graph.devices().size(), std::numeric_limits<double>::quiet_NaN())
  {
  }

  double operator()(int device)
  {
    double& z = m_z[device];
    if (std::isnan(z))
    {
      // The NICs of a node come one after another and share its location.
      const Location& loc = m_graph.device(device).location;
      if (!(m_haveLast && sameSlot(loc, m_last)))
      {
        m_lastZ = portZ(m_scene, loc, m_catalog);
        m_last = loc;
        m_haveLast = true;
      }
      z = m_lastZ;
    }
    return z;
  }

private:
  static bool sameSlot(const Location& a, const Location& b)
  {
    return a.hall == b.hall && a.row == b.row && a.rack == b.rack && a.slotU == b.slotU &&
           a.heightU == b.heightU;
  }

  const FabricGraph& m_graph;
  const Scene& m_scene;
  const Catalog& m_catalog;
  std::vector<double> m_z;
  Location m_last;
  double m_lastZ = 0;
  bool m_haveLast = false;
};

} // namespace

CablingResult routeCables(const FabricGraph& graph, const Scene& scene, const Catalog& catalog,
                          const CablingOptions& options)
{
  CablingResult out;
  out.media = mediaFromCatalog(catalog);
  Router router{ graph, scene, catalog, options, out };
  std::vector<std::unique_ptr<HallTrays>> halls(scene.site.halls.size());
  std::vector<std::unique_ptr<TrayRouter>> routers(scene.site.halls.size());
  RouteLoads routes;
  routes.byNodes.resize(scene.site.halls.size());
  PortHeights zOf(graph, scene, catalog);
  int unplaced = 0;
  out.cables.reserve(graph.links().size());
  for (int i = 0; i < static_cast<int>(graph.links().size()); ++i)
  {
    const Link& l = graph.links()[i];
    const Location& a = graph.device(l.a.device).location;
    const Location& b = graph.device(l.b.device).location;
    if (!a.placed() || !b.placed())
    {
      ++unplaced;
      continue;
    }
    Cable c{ i, 0, -1 };
    const bool sameRack = a.hall == b.hall && a.row == b.row && a.rack == b.rack;
    if (sameRack || a.hall != b.hall)
    {
      // Same rack: straight up or down inside it. Different halls: no tray joins them.
      const double routed =
        sameRack ? std::abs(zOf(l.a.device) - zOf(l.b.device)) + options.inRackM : 1e9;
      c.lengthM = routed + router.slack(routed);
      router.finish(c);
      out.cables.push_back(c);
      continue;
    }
    if (!halls[a.hall])
    {
      halls[a.hall] = std::make_unique<HallTrays>(
        buildTrays(scene.site.halls[a.hall], a.hall, catalog, options, out.trays));
      routers[a.hall] = std::make_unique<TrayRouter>(*halls[a.hall]);
    }
    const HallTrays& t = *halls[a.hall];
    const int na = dropNode(t, a), nb = dropNode(t, b);
    bool added = false;
    c.route = routes.find(a.hall, na, nb, &added);
    RouteLoad& load = routes.loads[c.route];
    if (added)
    {
      // Every cable between the same two drop nodes has the same tray distance.
      load.trayM = routers[a.hall]->distance(na, nb, &load.junction);
      out.routes.push_back({ a.hall, {} });
    }
    const double routed = (t.trayZ - zOf(l.a.device)) + load.trayM + (t.trayZ - zOf(l.b.device));
    c.lengthM = routed + router.slack(routed);
    if (router.finish(c) >= 0)
    {
      // Only cables that get a medium have a diameter to fill the tray with.
      const double d = out.media[c.medium].diameterM;
      ++load.cables;
      load.areaM2 += std::numbers::pi * d * d / 4;
    }
    out.cables.push_back(c);
  }
  fillTrays(routes, routers, options, out);
  router.countMediaAndOptics();
  if (unplaced > 0)
  {
    out.diagnostics.push_back(
      { Severity::Warning, graph.topology, "",
        std::to_string(unplaced) + " links have an end without a rack; they are not cabled" });
  }
  if (out.unreachable > 100)
  {
    out.diagnostics.push_back(
      { Severity::Error, graph.topology, "",
        std::to_string(out.unreachable) + " cables in all exceed every medium's reach" });
  }
  return out;
}

std::vector<std::pair<double, double>> CablingOptions::standardTraySizes()
{
  std::vector<std::pair<double, double>> sizes;
  for (const double depth : { 0.1, 0.15 })
  {
    for (const double width : { 0.3, 0.45, 0.6, 0.9 })
    {
      sizes.emplace_back(width, depth);
    }
  }
  return sizes;
}

} // namespace myriad::engine::fabric
