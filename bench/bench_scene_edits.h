#pragma once
// The scene edit the thermal benchmarks repeat to measure a warm-started solve.

#include "myriad/engine/model.h"

namespace myriad::bench
{

/** Move the rack at the +X end of the first row 1.2 m further along the row. */
inline void moveOneRack(engine::Scene& scene)
{
  engine::Row& row = scene.site.halls[0].rows.front();
  engine::Rack* last = &row.racks.front();
  for (engine::Rack& r : row.racks)
    if (r.xM > last->xM)
      last = &r;
  last->xM += 1.2;
}

} // namespace myriad::bench
