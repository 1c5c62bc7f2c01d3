#include "myriad/engine/validation.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/query.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>

namespace myriad::engine
{

namespace
{

constexpr double kTolM = 1e-6; // boxes that touch are not overlapping

std::string kw(double watts)
{
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f kW", watts / 1000.0);
  return buffer;
}

std::string metres(double value)
{
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f m", value);
  return buffer;
}

bool overlaps(const Box& a, const Box& b)
{
  return a.x0 < b.x1 - kTolM && b.x0 < a.x1 - kTolM && a.y0 < b.y1 - kTolM && b.y0 < a.y1 - kTolM;
}

bool inside(const Box& box, const Hall& hall)
{
  return box.x0 >= -kTolM && box.y0 >= -kTolM && box.x1 <= hall.widthM + kTolM &&
         box.y1 <= hall.depthM + kTolM && box.z1 <= hall.heightM + kTolM;
}

struct Footprint
{
  Box box;
  std::string id;
  std::string path;
};

class Validator
{
public:
  Validator(const Scene& scene, const Catalog& catalog)
    : m_scene(scene)
    , m_catalog(catalog)
  {
  }

  std::vector<Diagnostic> run()
  {
    for (std::size_t h = 0; h < m_scene.site.halls.size(); ++h)
    {
      checkHall(m_scene.site.halls[h], "/site/halls/" + std::to_string(h));
      checkHallSite(m_scene.site.halls[h], "/site/halls/" + std::to_string(h));
    }
    return std::move(m_out);
  }

private:
  void add(Severity severity, const std::string& id, const std::string& path, Text message)
  {
    m_out.emplace_back(severity, id, path, std::move(message));
  }

  void checkId(const std::string& id, const std::string& path)
  {
    if (id.empty())
    {
      add(Severity::Error, id, path + "/id",
          { MYRIAD_TR_NOOP("EngineText", "empty id; every object needs a unique id"), {} });
    }
    else if (!m_ids.insert(id).second)
    {
      add(Severity::Error, id, path + "/id",
          { MYRIAD_TR_NOOP("EngineText", "duplicate id \"%1\"; ids must be unique"), { id } });
    }
  }

  /** In a scene with sites every hall stands at one of them; without sites at none. */
  void checkHallSite(const Hall& hall, const std::string& path)
  {
    const auto& sites = m_scene.sites;
    const bool known = std::any_of(sites.begin(), sites.end(),
                                   [&](const SceneSite& s) { return s.id == hall.site; });
    if (sites.empty() ? !hall.site.empty() : !known)
    {
      add(Severity::Error, hall.id, path + "/site",
          { MYRIAD_TR_NOOP("EngineText",
                           "hall at site \"%1\", which the scene does not list under sites"),
            { hall.site } });
    }
  }

  void checkHall(const Hall& hall, const std::string& path)
  {
    checkId(hall.id, path);
    std::vector<Footprint> footprints;
    std::set<std::string> knownFeeds;
    for (std::size_t i = 0; i < hall.feeds.size(); ++i)
    {
      checkId(hall.feeds[i].id, path + "/feeds/" + std::to_string(i));
      knownFeeds.insert(hall.feeds[i].id);
    }
    for (std::size_t i = 0; i < hall.coolers.size(); ++i)
    {
      const auto& cooler = hall.coolers[i];
      const std::string cp = path + "/coolers/" + std::to_string(i);
      checkId(cooler.id, cp);
      const Box box = coolerBox(cooler, m_catalog);
      checkInside(box, hall, cooler.id, cp);
      if (cooler.kind != CoolerKind::RearDoor)
      {
        footprints.push_back({ box, cooler.id, cp });
      }
    }
    for (std::size_t r = 0; r < hall.rows.size(); ++r)
    {
      const std::string rp = path + "/rows/" + std::to_string(r);
      checkId(hall.rows[r].id, rp);
      for (std::size_t k = 0; k < hall.rows[r].racks.size(); ++k)
      {
        const std::string kp = rp + "/racks/" + std::to_string(k);
        const Rack& rack = hall.rows[r].racks[k];
        checkRack(rack, hall, kp, knownFeeds);
        footprints.push_back({ rackBox(rack, m_catalog), rack.id, kp });
      }
    }
    checkOverlaps(footprints);
    checkFeeds(hall, path);
    checkAirPorts(hall, path);
  }

  /** Floor tiles and ceiling grilles: ids, inside the hall; tiles need a raised floor. Recorded
   *  cables: ids. */
  void checkAirPorts(const Hall& hall, const std::string& path)
  {
    for (std::size_t i = 0; i < hall.tiles.size(); ++i)
    {
      const FloorTile& tile = hall.tiles[i];
      const std::string tp = path + "/tiles/" + std::to_string(i);
      checkId(tile.id, tp);
      checkInside({ tile.xM, tile.yM, 0, tile.xM + tile.widthM, tile.yM + tile.depthM, 0 }, hall,
                  tile.id, tp);
      if (hall.raisedFloorM <= 0)
        add(Severity::Error, tile.id, tp,
            { MYRIAD_TR_NOOP("EngineText", "floor tile %1 in hall %2, which has no raised floor "
                                           "(raisedFloorM = 0); tiles need a floor plenum"),
              { tile.id, hall.id } });
    }
    for (std::size_t i = 0; i < hall.grilles.size(); ++i)
    {
      const ReturnGrille& grille = hall.grilles[i];
      const std::string gp = path + "/grilles/" + std::to_string(i);
      checkId(grille.id, gp);
      checkInside(
        { grille.xM, grille.yM, 0, grille.xM + grille.widthM, grille.yM + grille.depthM, 0 }, hall,
        grille.id, gp);
    }
    for (std::size_t i = 0; i < hall.cables.size(); ++i)
      checkId(hall.cables[i].id, path + "/cables/" + std::to_string(i));
  }

  void checkInside(const Box& box, const Hall& hall, const std::string& id, const std::string& path)
  {
    if (!inside(box, hall))
    {
      add(Severity::Error, id, path + "/xM",
          { MYRIAD_TR_NOOP("EngineText",
                           "%1 lies outside hall %2: spans x %3–%4, y %5–%6; the hall is 0–%7 by "
                           "0–%8"),
            { id, hall.id, metres(box.x0), metres(box.x1), metres(box.y0), metres(box.y1),
              metres(hall.widthM), metres(hall.depthM) } });
    }
  }

  void checkRack(const Rack& rack, const Hall& hall, const std::string& path,
                 const std::set<std::string>& knownFeeds)
  {
    checkId(rack.id, path);
    checkInside(rackBox(rack, m_catalog), hall, rack.id, path);
    checkUnits(rack, path);
    const double power = rackPowerW(rack, m_catalog);
    if (rack.powerCapW > 0 && power > rack.powerCapW + 1e-6)
    {
      add(Severity::Error, rack.id, path + "/powerCapW",
          { MYRIAD_TR_NOOP("EngineText", "rack %1 draws up to %2, over its PDU capacity of %3"),
            { rack.id, kw(power), kw(rack.powerCapW) } });
    }
    if (power > 0 && rack.feeds.empty())
    {
      add(Severity::Warning, rack.id, path + "/feeds",
          { MYRIAD_TR_NOOP("EngineText", "rack %1 draws %2 but is connected to no power feed"),
            { rack.id, kw(power) } });
    }
    for (std::size_t i = 0; i < rack.feeds.size(); ++i)
    {
      if (knownFeeds.count(rack.feeds[i]) == 0)
      {
        add(Severity::Error, rack.id, path + "/feeds/" + std::to_string(i),
            { MYRIAD_TR_NOOP("EngineText", "rack %1 names unknown power feed \"%2\""),
              { rack.id, rack.feeds[i] } });
        continue;
      }
      m_rackShares[rack.feeds[i]].push_back({ power, rack.feeds.size() });
    }
  }

  void checkUnits(const Rack& rack, const std::string& path)
  {
    const int units = rackSize(rack, m_catalog).units;
    std::vector<std::pair<int, int>> used; // [first U, last U]
    std::vector<std::string> owners;
    auto place =
      [&](const std::string& id, int slotU, const std::string& model, const std::string& itemPath)
    {
      checkId(id, itemPath);
      const int top = slotU + partHeightU(model, m_catalog) - 1;
      if (slotU < 1 || top > units)
      {
        add(Severity::Error, id, itemPath + "/slotU",
            { MYRIAD_TR_NOOP("EngineText", "%1 occupies U%2–U%3, outside rack %4 (U1–U%5)"),
              { id, std::to_string(slotU), std::to_string(top), rack.id, std::to_string(units) } });
      }
      for (std::size_t i = 0; i < used.size(); ++i)
      {
        if (slotU <= used[i].second && used[i].first <= top)
        {
          add(Severity::Error, id, itemPath + "/slotU",
              { MYRIAD_TR_NOOP("EngineText", "%1 (U%2–U%3) overlaps %4 in rack %5"),
                { id, std::to_string(slotU), std::to_string(top), owners[i], rack.id } });
        }
      }
      used.emplace_back(slotU, top);
      owners.push_back(id);
    };
    for (std::size_t n = 0; n < rack.nodes.size(); ++n)
    {
      place(rack.nodes[n].id, rack.nodes[n].slotU, rack.nodes[n].model,
            path + "/nodes/" + std::to_string(n));
    }
    for (std::size_t s = 0; s < rack.switches.size(); ++s)
    {
      place(rack.switches[s].id, rack.switches[s].slotU, rack.switches[s].model,
            path + "/switches/" + std::to_string(s));
    }
  }

  void checkOverlaps(std::vector<Footprint>& items)
  {
    // Sweep along X: only boxes whose X ranges intersect are compared.
    std::sort(items.begin(), items.end(),
              [](const Footprint& a, const Footprint& b) { return a.box.x0 < b.box.x0; });
    for (std::size_t i = 0; i < items.size(); ++i)
    {
      for (std::size_t j = i + 1; j < items.size() && items[j].box.x0 < items[i].box.x1 - kTolM;
           ++j)
      {
        if (overlaps(items[i].box, items[j].box))
        {
          const auto& [a, b] = std::minmax(
            items[i], items[j], [](const auto& l, const auto& r) { return l.path < r.path; });
          add(Severity::Error, b.id, b.path + "/xM",
              { MYRIAD_TR_NOOP("EngineText",
                               "%1 overlaps %2 on the floor (footprints must not intersect)"),
                { b.id, a.id } });
        }
      }
    }
  }

  void checkFeeds(const Hall& hall, const std::string& path)
  {
    for (std::size_t i = 0; i < hall.feeds.size(); ++i)
    {
      const PowerFeed& feed = hall.feeds[i];
      double load = 0;
      for (const auto& [power, feedsOfRack] : m_rackShares[feed.id])
      {
        // A 2N feed must carry the whole load when its partner fails; otherwise racks share.
        load += feed.redundancy == Redundancy::TwoN ? power : power / double(feedsOfRack);
      }
      if (load > feed.capacityW + 1e-6)
      {
        add(Severity::Error, feed.id, path + "/feeds/" + std::to_string(i) + "/capacityW",
            { MYRIAD_TR_NOOP("EngineText", "feed %1 must carry %2, over its rating of %3"),
              { feed.id, kw(load), kw(feed.capacityW) } });
      }
    }
  }

  const Scene& m_scene;
  const Catalog& m_catalog;
  std::vector<Diagnostic> m_out;
  std::set<std::string> m_ids;
  std::map<std::string, std::vector<std::pair<double, std::size_t>>> m_rackShares;
};

} // namespace

std::vector<Diagnostic> validateScene(const Scene& scene, const Catalog& catalog)
{
  return Validator(scene, catalog).run();
}

int errorCount(const std::vector<Diagnostic>& diagnostics)
{
  return static_cast<int>(std::count_if(diagnostics.begin(), diagnostics.end(),
                                        [](const auto& d)
                                        { return d.severity == Severity::Error; }));
}

} // namespace myriad::engine
