#pragma once
/**
 * @file generator.h
 * Builds an explicit hall layout from a parametric GeneratorSpec.
 *
 * Layout rules (air-cooled DGX-style halls, after the NVIDIA DGX SuperPOD reference
 * architecture): nodes are grouped in scalable units (SU) of `nodesPerScalableUnit`; each SU is
 * `nodesPerScalableUnit / nodesPerRack` compute racks. `scalableUnitsPerRow` SUs form a row;
 * rows are paired front to front across a cold aisle, back to back across a hot aisle. Spine and
 * core switches sit in a central network row. The rail leaves go where `switchPlacement` says:
 * per-su (default) one network rack in the middle of each SU's compute racks; end-of-row the
 * row's leaf racks after its last SU; middle-of-row the row's leaf racks between its two middle
 * SUs; central-row every leaf in the central network row, ahead of the spines.
 * Perimeter CRAHs along the walls at the ends of the aisles carry the air-cooled heat with N+1
 * redundancy; liquid-cooled halls get CDUs instead, sized the same way. Immersion halls
 * (cooling "immersion", a server whose rack is a tank) put the servers in tanks and keep the
 * network racks air-cooled. Two power feeds (A/B) per row pair, each rated for the full load of
 * its rows (2N).
 */

#include "myriad/engine/model.h"

#include <string>
#include <vector>

namespace myriad::engine
{

class Catalog;

/** Build the explicit scene for `spec`. Throws SpecError naming a bad parameter and its limit. */
Scene generateScene(const GeneratorSpec& spec, const Catalog& catalog);

/**
 * Names of the built-in sample specs: "h100-superpod-10k", "gb200-nvl72-10k",
 * "h100-immersion-10k", "ascend-910b-10k", "lab-256".
 */
std::vector<std::string> builtinSpecNames();
/** The built-in spec called `name`; throws SpecError for an unknown name. */
GeneratorSpec builtinSpec(const std::string& name);

/** Parse a spec JSON document (same keys as the "spec" object of a scene). Throws LoadError. */
GeneratorSpec specFromJson(const std::string& text, const std::string& fileName);

} // namespace myriad::engine
