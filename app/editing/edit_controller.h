#pragma once
/**
 * @file edit_controller.h
 * Applies the user's edits to the SceneDocument through its undo stack. Each edit is applied
 * first (engine::edit::applyEdit: all or nothing) and pushed only when it succeeded, so a
 * refused edit leaves the document and its history untouched.
 *
 * Refusals are reported where a user expects them: moves (nudges and drags, which happen under
 * the cursor) emit editRefused() for the status bar and leave everything in place; the other
 * edits (delete, add row, duplicate, rotate, set) go through reportError() as well.
 *
 * After every change of the scene (edit, undo, redo) the controller emits sceneChanged() with
 * the change set; the main window refreshes the 3D view, tree, properties and dashboard and
 * hands the change set to the LiveScheduler.
 *
 * Several edits can make one undo step (applyAll(), setOnAll(): a value set on every object of a
 * multiple selection): all or nothing, pushed as one EditBatchCommand, and sceneChanged() is
 * emitted once with the union of their change sets (for the edit, its undo and its redo), so the
 * view refreshes once and the live loop gets one submission, not one per object.
 */

#include "myriad/engine/edit/edit.h"

#include <QObject>
#include <QString>

#include <string>
#include <vector>

class QWidget;

namespace myriad::app
{

class SceneDocument;

class EditController : public QObject
{
  Q_OBJECT

public:
  /** How an edit is pushed. */
  enum class Merge
  {
    Separate,   ///< one undo step of its own
    MergeMoves, ///< successive moves of the same objects become one step (nudges, drags)
  };

  /** `dialogParent` is the window refusals are reported to (may be null). */
  EditController(SceneDocument* document, QWidget* dialogParent, QObject* parent = nullptr);

  /**
   * Apply `edit` and push it on the undo stack. Returns true when applied; on refusal returns
   * false, leaves the document unchanged, sets lastError() and emits editRefused().
   */
  bool apply(const engine::edit::Edit& edit, Merge merge = Merge::Separate);
  /** Like apply(), but a refusal is silent (sets lastError() only): for trying alternatives. */
  bool tryApply(const engine::edit::Edit& edit);
  /**
   * Apply `edits` in order as ONE undo step called `description`. When one is refused, those
   * already applied are undone (in reverse), nothing is pushed, and the refusal is reported as
   * apply() reports it (the engine's message names the object and the reason). Returns true when
   * all were applied.
   */
  bool applyAll(const std::vector<engine::edit::Edit>& edits, const QString& description);
  /**
   * The same SetProperty on every object of `ids` as one undo step ("Set powerCapW on 20
   * racks"); one id is a plain apply().
   */
  bool setOnAll(const std::vector<std::string>& ids, const std::string& key,
                const engine::edit::PropertyValue& value);

  /**
   * Hold sceneChanged() while several edits change the scene; the outermost endBatch() emits the
   * union of their change sets once (nothing when none came, or when `discard`: the batch was
   * rolled back and the scene is as it was). Used by applyAll() and EditBatchCommand.
   */
  void beginBatch();
  void endBatch(bool discard = false);

  /** Placement rules the edits are checked against (clearance between racks, walls). */
  void setApplyOptions(const engine::edit::ApplyOptions& options) { m_options = options; }
  const engine::edit::ApplyOptions& applyOptions() const { return m_options; }

  /** Text of the last refusal (empty after a successful edit). */
  const QString& lastError() const { return m_lastError; }
  /** Ids the last successful edit created (new rows, racks, copies). */
  const std::vector<std::string>& lastCreatedIds() const { return m_lastCreated; }

  SceneDocument* document() const { return m_document; }

signals:
  /** The scene changed in place (edit, undo or redo). */
  void sceneChanged(const engine::edit::ChangeSet& changes);
  /** An edit was refused; `reason` names the objects and the rule. */
  void editRefused(const QString& description, const QString& reason);

private:
  bool applyAndPush(const engine::edit::Edit& edit, Merge merge, bool quiet);
  /** The document changed: forward now, or add to the held change set inside a batch. */
  void onDocumentEdited(const engine::edit::ChangeSet& changes);
  /** Report a refusal of `description` (status bar; a message unless it is a move). */
  void reportRefusal(const QString& description, bool isMove);
  /** Undo `applied` (inverses, newest first); false when one of them fails. */
  bool rollBack(const std::vector<engine::edit::EditResult>& applied);

  SceneDocument* m_document;
  QWidget* m_dialogParent;
  engine::edit::ApplyOptions m_options;
  QString m_lastError;
  std::vector<std::string> m_lastCreated;
  int m_batchDepth = 0;
  bool m_batchChanged = false;
  engine::edit::ChangeSet m_batchChanges;
};

} // namespace myriad::app
