#pragma once
/**
 * @file multi_site_fabric.h
 * The fabric of a multi-site scene (Scene::sites): each site's halls get their own fabric
 * (`buildOne` on the site's sub-scene, query.h siteSubScene), and the graphs are placed side by
 * side in one FabricGraph with device locations and host indices mapped back to the whole
 * scene, and scalable-unit numbers raised so that each site's follow the previous site's. No
 * fabric link joins two sites: the DCI links between them are the siting model's
 * (siting/site_scene.h), so traffic between sites has no path in this graph.
 * Its topology is "superpod per site"; its bisection the smallest site's own (the cut between
 * sites is the DCI links').
 */

#include "myriad/engine/fabric/fabric_graph.h"
#include "myriad/engine/model.h"

#include <functional>

namespace myriad::engine::fabric::detail
{

FabricGraph buildSitePods(const Scene& scene,
                          const std::function<FabricGraph(const Scene&)>& buildOne);

} // namespace myriad::engine::fabric::detail
