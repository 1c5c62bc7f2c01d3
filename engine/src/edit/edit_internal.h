#pragma once
// Shared helpers of the edit commands (edit.h): errors, id lookup, placement checks, the
// ChangeSet of each kind of object. Internal to engine/src/edit.
#include "myriad/engine/catalog.h"
#include "myriad/engine/edit/edit.h"
#include "myriad/engine/query.h"

#include <set>
#include <string>
#include <vector>

namespace myriad::engine::edit::detail
{

[[noreturn]] void fail(const std::string& message);
/** "07" */
std::string twoDigits(int value);
/** "1.20 m" */
std::string metres(double value);
/** "3 racks", "1 rack" */
std::string plural(std::size_t count, const std::string& noun);

/** The object `id` or an EditError "OP: no object with id ID". */
ObjectRef resolve(const Scene& scene, const std::string& id, const std::string& op);
/** Every id in the scene (halls, rows, racks, nodes, switches, coolers, feeds). */
std::set<std::string> allIds(const Scene& scene);
/** Refuse `id` when it is empty or already in `taken`; adds it otherwise. */
void claimId(std::set<std::string>& taken, const std::string& id, const std::string& op);

/** A floor footprint for the placement check; `rowId` empty for coolers. */
struct Footprint
{
  std::string id;
  std::string rowId;
  Box box;
};

/** Footprints of every rack and floor cooler of `hall` whose id is not in `exclude`. */
std::vector<Footprint> hallFootprints(const Hall& hall, const Catalog& catalog,
                                      const std::set<std::string>& exclude);
/**
 * Refuse `moving` footprints that leave the hall (or come closer than the clearance to a wall),
 * overlap a fixed footprint by more than 1 mm, or come closer than the clearance to one of
 * another row. The message names both objects and the overlap or distance in metres.
 */
void checkPlacement(const Hall& hall, const std::vector<Footprint>& moving,
                    const std::vector<Footprint>& fixed, const ApplyOptions& options,
                    const std::string& op);

/** Data changed when objects of `kind` are added or removed. */
ChangeSet changesForKind(ObjectKind kind);
/** Catalog part `id` of `category`, or an EditError naming the key and the known ids. */
const Part& requirePart(const Catalog& catalog, const std::string& id, const std::string& category,
                        const std::string& what);
/** Hall index of `hallId`, or an EditError. */
int hallIndex(const Scene& scene, const std::string& hallId, const std::string& op);

/** Ops in separate files. */
EditResult applyMove(Scene& scene, const Catalog& catalog, const MoveObjects& edit,
                     const ApplyOptions& options);
EditResult applyRotate(Scene& scene, const RotateObjects& edit);
EditResult applyDelete(Scene& scene, const DeleteObjects& edit);
EditResult applyRestore(Scene& scene, const RestoreObjects& edit);
EditResult applyAddRow(Scene& scene, const Catalog& catalog, const AddRow& edit,
                       const ApplyOptions& options);
EditResult applyDuplicate(Scene& scene, const Catalog& catalog, const DuplicateObjects& edit,
                          const ApplyOptions& options);
EditResult applyAddCooler(Scene& scene, const Catalog& catalog, const AddCooler& edit,
                          const ApplyOptions& options);
EditResult applyAddFeed(Scene& scene, const AddFeed& edit);
EditResult applySetEvaluation(Scene& scene, const Catalog& catalog, const SetEvaluation& edit);
EditResult applySetAirPorts(Scene& scene, const SetAirPorts& edit);
std::string describeEvaluationEdit(const SetEvaluation& edit);
EditResult applySet(Scene& scene, const Catalog& catalog, const SetProperty& edit,
                    const ApplyOptions& options);
/**
 * Key switchPlacement of a hall (edit_switch_placement.cpp): re-place the scene's leaf, spine and
 * core switches by the strategy (or to edit.switchSlots when given), set spec.switchPlacement;
 * returns the former strategy and fills `formerSlots` for the exact inverse.
 */
PropertyValue setSwitchPlacement(Scene& scene, const Catalog& catalog, const SetProperty& edit,
                                 const std::string& what, std::vector<SwitchSlot>& formerSlots,
                                 ChangeSet& changes);

/**
 * Give a rack (and its nodes, switches and hostnames) the id `rackId` in row number `rowNumber`
 * of the scheme H1-R09-K01, H1-R09-K01-N1, H1-R09-K01-S01, dgx-r09-k01-n1; GPU UUIDs cleared.
 */
void renameRack(Rack& rack, const std::string& rackId, const Catalog& catalog);

} // namespace myriad::engine::edit::detail
