#pragma once
/**
 * @file telemetry_properties.h
 * The measured readings of one scene object in a telemetry snapshot, as rows for the
 * Properties dock (docs/models/telemetry.md §10):
 *
 * - GPU: every metric the snapshot has for it (GPU and memory temperature, power, energy,
 *   utilisation, SM clock, XID, throttle counters, …), each with its unit; a reading the source
 *   marked "no data" reads "no data".
 * - Node: its GPUs' count with data, mean/max temperature and total power, plus the node's own
 *   Redfish readings (inlet, outlet, chassis power) where present.
 * - Rack: Redfish inlet (mean, max) and outlet temperatures and chassis power summed over its
 *   nodes where present, its GPUs' max temperature and total power.
 *
 * The heading reads "Measured (snapshot HH:MM:SS, SOURCE)", with "stale" appended when the
 * live source is failing or the object has no reading at all.
 */

#include "myriad/engine/query.h"
#include "myriad/engine/telemetry/mapping.h"
#include "myriad/engine/telemetry/snapshot.h"

#include <QList>
#include <QPair>
#include <QString>

namespace myriad::app
{

struct MeasuredRows
{
  QString heading;                     ///< empty: nothing to show for this object
  QList<QPair<QString, QString>> rows; ///< (name, value with unit)
  bool stale = false;                  ///< shown greyed
};

/** Rows of `ref` (GPU, node or rack; other kinds give an empty result). `sourceStale`: the
 *  snapshot is no longer current (live source failing). */
MeasuredRows measuredRows(const engine::Scene& scene, const engine::telemetry::Snapshot& snapshot,
                          const engine::telemetry::MappingResult& mapping,
                          const engine::ObjectRef& ref, bool sourceStale);

} // namespace myriad::app
