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

} // namespace myriad::engine::fabric::detail
