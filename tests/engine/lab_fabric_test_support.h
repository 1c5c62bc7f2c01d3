#pragma once
// The fabric of samples/lab-256.json (one SU of 32 DGX H100, 8 rails of 400 Gb/s), built once
// per test program, for the traffic tests that run collectives on it.
#include "myriad/engine/catalog.h"
#include "myriad/engine/fabric/topology.h"
#include "myriad/engine/scene_io.h"

#include <string>

namespace myriad::engine::test
{

inline const fabric::FabricGraph& lab256Fabric()
{
  static const fabric::FabricGraph g = []
  {
    const Scene scene =
      loadScene(std::string(MYRIAD_SOURCE_DIR) + "/samples/lab-256.json", Catalog::builtin());
    return fabric::buildSuperPod(scene, Catalog::builtin());
  }();
  return g;
}

} // namespace myriad::engine::test
