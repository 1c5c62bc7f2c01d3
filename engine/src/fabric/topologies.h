#pragma once
/**
 * @file topologies.h
 * Generators with caller-supplied host devices (scene NICs or abstract hosts); the public
 * spec-only generators in topology.h wrap these with abstract hosts.
 */

#include "myriad/engine/fabric/topology.h"

#include <string>
#include <vector>

namespace myriad::engine::fabric::detail
{

/**
 * One single-port NIC device per NIC with a rail of every node of the scene, in scene order
 * (node-major), located in the node's rack; rate `rateBps`.
 */
std::vector<Device> sceneNics(const Scene& scene, const Catalog& catalog, double rateBps);

/** `n` abstract single-port hosts named "H<i>". */
std::vector<Device> abstractHosts(int n, double rateBps);

FabricGraph clos(const ClosSpec& spec, std::vector<Device> hosts, const std::string& model);
FabricGraph torus(const TorusSpec& spec, std::vector<Device> hosts, const std::string& model);
FabricGraph dragonfly(const DragonflySpec& spec, std::vector<Device> hosts,
                      const std::string& model);
/** `hosts` = NICs ordered node-major (nicsPerHost per node); each gets two ports. */
FabricGraph dualPlane(const DualPlaneSpec& spec, std::vector<Device> hosts,
                      const std::string& model);

/** A network rack of the scene, its centre (m) and which of its units are taken (0 = U1). */
struct FreeRack
{
  Location base;
  std::vector<bool> used;
  double x = 0, y = 0;
  bool networkRow = false; ///< every rack of its row is a network rack
};

/** The scene's network racks with the units of nodes and management/NVLink switches taken. */
std::vector<FreeRack> freeNetworkRacks(const Scene& scene, const Catalog& catalog);
/** Mark units [slot, slot + height) of `f` as taken. */
void occupy(FreeRack& f, int slot, int height);
/** Take the lowest `height` free units of `f` into `where`; false when none are free. */
bool takeUnits(FreeRack& f, int height, Location& where);

} // namespace myriad::engine::fabric::detail
