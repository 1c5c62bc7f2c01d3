#pragma once
/**
 * @file status_text.h
 * Number formatting for the status bar and dialogs, independent of the system locale so that
 * screenshots and tests read the same everywhere ("10,240 GPUs", "14.2 MW").
 */

#include "myriad/backend/backend.h"
#include "myriad/engine/query.h"
#include "myriad/scenes/hall_scene.h"

#include <QString>

namespace myriad::app
{

/** Integer with thousands separators: 10240 → "10,240". */
QString formatCount(long long value);
/** Power in W shown in W, kW or MW with three significant digits or so. */
QString formatPower(double watts);
/** One line for the status bar: racks, nodes, GPUs and IT power. */
QString countsSummary(const engine::SceneCounts& counts);
/**
 * The document's evaluation context for the status bar: "at 80 % utilisation · Ashburn, VA ·
 * site energy price" (what every model, the CLI and the report evaluate the document at).
 */
QString evaluationContextText(const engine::Scene& scene, const engine::Catalog& catalog);
/** "Racks", "Nodes" or "Gpus" (the spelling of the benchmark line). */
QString detailLevelName(scenes::DetailLevel level);
/** The Help ▸ About text (rich text): version, purpose, licence, Qt, VTK and the backend. */
QString aboutText(const backend::BackendChoice& backend);

} // namespace myriad::app
