/**
 * @file fabric_bom.cpp
 * The economics model's bill of materials from the scene's routed fabric (fabric/cabling.h).
 */

#include "myriad/engine/economics/inputs.h"

#include "myriad/engine/error.h"
#include "myriad/engine/fabric/cabling.h"
#include "myriad/engine/fabric/topology.h"

namespace myriad::engine::economics
{

BomInput fabricBomInput(const Scene& scene, const Catalog& catalog)
{
  BomInput bom;
  try
  {
    const fabric::FabricGraph graph = fabric::buildSuperPod(scene, catalog);
    const fabric::CablingResult cabling = fabric::routeCables(graph, scene, catalog);
    double transceivers = 0;
    for (const auto& [part, count] : cabling.opticsByPart)
    {
      transceivers += count;
    }
    bom.transceivers = transceivers;
    bom.cables = static_cast<double>(cabling.cables.size());
    bom.opticsPowerW = cabling.opticsPowerW;
  }
  catch (const Error&)
  {
    // No fabric for this scene (no leaves, unwired nodes): the per-node estimate applies and
    // the economics result lists the BOM figures as estimated.
    return {};
  }
  return bom;
}

} // namespace myriad::engine::economics
