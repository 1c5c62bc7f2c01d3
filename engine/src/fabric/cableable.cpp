// The part of a scene the SuperPOD fabric can wire (cableable.h).
#include "myriad/engine/fabric/cableable.h"

#include <set>
#include <string>
#include <tuple>
#include <utility>

namespace myriad::engine::fabric
{

CableablePart cableablePart(const Scene& scene)
{
  CableablePart out{ scene, {} };
  // Keyed by site too: each site of a multi-site scene has its own fabric and SU numbers.
  std::set<std::tuple<std::string, int, int, int>> leaves;
  for (Hall& hall : out.scene.site.halls)
    for (Row& row : hall.rows)
      for (Rack& rack : row.racks)
        for (Switch& sw : rack.switches)
          if (sw.role == SwitchRole::Leaf &&
              !leaves.insert({ hall.site, sw.scalableUnit, sw.rail, sw.group }).second)
          {
            sw.role = SwitchRole::Management; // a copy: not part of the fabric
            out.leftOut.push_back(
              { LeftOut::Kind::RepeatedLeaf, sw.id, sw.scalableUnit, sw.rail, 0 });
          }
  std::set<std::tuple<std::string, int, int>> wired;
  for (const auto& [site, su, rail, group] : leaves)
    wired.insert({ site, su, rail });
  for (Hall& hall : out.scene.site.halls)
    for (Row& row : hall.rows)
      for (Rack& rack : row.racks)
      {
        int uncabled = 0;
        for (Node& node : rack.nodes)
          for (Nic& nic : node.nics)
            if (nic.rail >= 0 && !wired.count({ hall.site, node.scalableUnit, nic.rail }))
            {
              nic.rail = -1;
              ++uncabled;
            }
        if (uncabled > 0)
          out.leftOut.push_back({ LeftOut::Kind::NicsWithoutLeaf, rack.id, -1, -1, uncabled });
      }
  return out;
}

bool hasSwitches(const Scene& scene)
{
  if (scene.spec.has_value())
    return true;
  for (const Hall& hall : scene.site.halls)
    for (const Row& row : hall.rows)
      for (const Rack& rack : row.racks)
        if (!rack.switches.empty())
          return true;
  return false;
}

} // namespace myriad::engine::fabric
