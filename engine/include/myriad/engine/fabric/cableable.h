#pragma once
/**
 * @file cableable.h
 * The part of a scene the SuperPOD fabric can wire, and what it leaves out. The live fabric
 * stage cables that part and warns about the rest; the economics price a routed BOM only when
 * nothing was left out (economics::fabricBomInput), so the app, `myriad-cli economics` and the
 * report give one figure for one document.
 */

#include "myriad/engine/model.h"

#include <string>
#include <vector>

namespace myriad::engine::fabric
{

/** One group the fabric cannot wire. */
struct LeftOut
{
  enum class Kind
  {
    RepeatedLeaf,   ///< a leaf in the place (scalable unit, rail, group) of another leaf
    NicsWithoutLeaf ///< NICs of a rack whose (scalable unit, rail) has no leaf
  };
  Kind kind = Kind::RepeatedLeaf;
  std::string objectId; ///< the leaf, or the rack of the NICs
  int scalableUnit = -1;
  int rail = -1;
  int nics = 0; ///< NicsWithoutLeaf: how many
};

struct CableablePart
{
  Scene scene; ///< the scene with repeated leaves as management switches and those NICs unwired
  std::vector<LeftOut> leftOut;
};

/**
 * The scene as the SuperPOD fabric can wire it: NICs whose (scalable unit, rail) has no leaf
 * (new or duplicated racks, a deleted leaf rack, an imported hall without fabric places) and
 * leaves repeating another leaf's place are left out and listed, instead of failing the fabric.
 */
CableablePart cableablePart(const Scene& scene);

/**
 * Whether the scene has a fabric to model: a network switch, or a generator spec (which declares
 * one; a generated scene whose switch racks were deleted must fail, not pass). A hall described
 * by hand for power and cooling alone has neither: nothing to cable, not a failure.
 */
bool hasSwitches(const Scene& scene);

} // namespace myriad::engine::fabric
