#pragma once
/**
 * @file edit_commands.h
 * The undo command of every edit: an engine::edit::Edit and its exact inverse, as applyEdit()
 * returned them. undo() applies the inverse, redo() the edit; each application hands back the
 * inverse of what it applied, so undo/redo stay exact however often they alternate (no scene
 * snapshots are kept).
 *
 * The first redo() that QUndoStack::push() makes is skipped: the controller applies the edit
 * before pushing it, so a refused edit (EditError) never reaches the stack.
 *
 * Moves pushed as "mergeable" (arrow-key nudges, successive drags of the same selection) share
 * one command id and merge through engine::edit::mergeEdits(): five nudges are one undo step.
 *
 * EditBatchCommand makes several edits one undo step (a value set on a multiple selection): its
 * children are EditCommands, undone newest first and redone in order, while the EditController
 * holds its sceneChanged() so that the step reaches the view and the live loop as one change set.
 */

#include "myriad/engine/edit/edit.h"

#include <QPointer>
#include <QUndoCommand>

#include <functional>

namespace myriad::app
{

class EditController;
class SceneDocument;

class EditCommand : public QUndoCommand
{
public:
  /** Command id shared by mergeable moves (QUndoCommand::id()). */
  static constexpr int kMergeableMoveId = 0x4d4f5645; // "MOVE"

  /**
   * `edit` was just applied to `document` and gave `result`. The document must outlive the
   * command (it owns the undo stack).
   */
  EditCommand(SceneDocument* document, engine::edit::Edit edit, engine::edit::EditResult result,
              bool mergeable, QUndoCommand* parent = nullptr);

  void undo() override;
  void redo() override;
  int id() const override;
  bool mergeWith(const QUndoCommand* other) override;

  const engine::edit::Edit& edit() const { return m_edit; }
  const engine::edit::Edit& inverse() const { return m_inverse; }
  const engine::edit::ChangeSet& changes() const { return m_changes; }

private:
  /** Apply `edit` (undo/redo) and store what undoes it in `inverseOut`; failures are reported. */
  void applyStored(const engine::edit::Edit& edit, engine::edit::Edit& inverseOut);

  SceneDocument* m_document;
  engine::edit::Edit m_edit;
  engine::edit::Edit m_inverse;
  engine::edit::ChangeSet m_changes;
  bool m_mergeable;
  bool m_firstRedo = true;
};

/** Several edits as one undo step; the children (EditCommand) were applied before the push. */
class EditBatchCommand : public QUndoCommand
{
public:
  /** `controller` batches the change notifications (may be gone: then they are not batched). */
  EditBatchCommand(const QString& text, EditController* controller);

  void undo() override;
  void redo() override;

private:
  /** Run `step` with the controller's sceneChanged() held, so it reports one change set. */
  void withChangesHeld(const std::function<void()>& step);

  QPointer<EditController> m_controller;
};

} // namespace myriad::app
