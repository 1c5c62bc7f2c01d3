#pragma once
/**
 * @file multi_selection_properties.h
 * What the Properties dock shows for a multiple selection (box select, duplicates), as plain
 * functions of the scene so they are testable without a window:
 *
 * - the selection grouped by kind, most numerous first ("12 racks, 2 coolers");
 * - a few read-only totals over the whole selection (racks by kind, nodes, GPUs, the racks'
 *   maximum IT power and their power caps, cooling capacity of coolers, capacity of feeds), with
 *   the same sums as engine::countScene;
 * - the properties of one kind's objects merged: a value shared by all is shown, a value that
 *   differs shows as kMixedText;
 * - the settable fields common to all objects of one kind (the Properties editor), with
 *   EditableField::mixed set where the objects' values differ.
 *
 * A mixed-kind selection is edited one kind at a time (the dock offers a choice, the most
 * numerous kind first): the kinds share almost no settable property, and a key with the same
 * name (facing) means a different thing on a rack (intake) and on a cooler (supply).
 */

#include "property_editor.h"

#include "myriad/engine/query.h"

#include <QList>
#include <QPair>
#include <QString>

#include <string>
#include <utility>
#include <vector>

namespace myriad::engine
{
class Catalog;
}

namespace myriad::app
{

/** Text of a property whose value differs between the selected objects. */
QString mixedText();
/** An object kind's name in the interface language ("cooler" → 制冷单元). */
QString kindWord(engine::ObjectKind kind);
/** An engine field or property name (fields.h labels, describe()) in the interface language. */
QString fieldLabel(const std::string& englishLabel);

/** The selected objects of one kind. */
struct SelectionGroup
{
  engine::ObjectKind kind = engine::ObjectKind::None;
  std::vector<engine::ObjectRef> refs;
};

/** `refs` grouped by kind, most numerous first (ties: the kind met first). Invalid refs drop. */
std::vector<SelectionGroup> groupByKind(const std::vector<engine::ObjectRef>& refs);

/** "20 racks", "1 cooler", "12 racks, 2 coolers" (groups in the given order). */
QString countText(const std::vector<SelectionGroup>& groups);
/** Same, for scene ids (unknown ids are left out). */
QString countText(const engine::Scene& scene, const std::vector<std::string>& ids);

/** Read-only totals (name, value with unit) over every selected object. */
QList<QPair<QString, QString>> selectionTotals(const engine::Scene& scene,
                                               const std::vector<engine::ObjectRef>& refs,
                                               const engine::Catalog& catalog);

/** engine::describe() rows present for every ref (same kind); differing values: mixedText(). */
std::vector<std::pair<std::string, std::string>> commonProperties(
  const engine::Scene& scene, const std::vector<engine::ObjectRef>& refs,
  const engine::Catalog& catalog);

/**
 * Settable fields every ref has (refs of one kind), with `mixed` set where values differ (the
 * field then shows the first object's value underneath). Scene-wide keys (switchPlacement) are
 * left out for several halls: setting them once is enough.
 */
std::vector<EditableField> commonFields(const engine::Scene& scene,
                                        const std::vector<engine::ObjectRef>& refs);

} // namespace myriad::app
