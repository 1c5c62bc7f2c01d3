#include "edit_commands.h"

#include "edit_controller.h"
#include "error_reporter.h"
#include "scene_document.h"

#include <QObject>

#include <utility>

namespace myriad::app
{

EditCommand::EditCommand(SceneDocument* document, engine::edit::Edit edit,
                         engine::edit::EditResult result, bool mergeable, QUndoCommand* parent)
  : QUndoCommand(parent)
  , m_document(document)
  , m_edit(std::move(edit))
  , m_inverse(std::move(result.inverse))
  , m_changes(std::move(result.changes))
  , m_mergeable(mergeable && std::holds_alternative<engine::edit::MoveObjects>(m_edit))
{
  setText(QString::fromStdString(result.description));
}

void EditCommand::undo()
{
  // Applying the inverse yields the inverse of the inverse: the edit to redo, exactly.
  applyStored(m_inverse, m_edit);
}

void EditCommand::redo()
{
  if (m_firstRedo)
  {
    m_firstRedo = false; // the controller applied it before pushing
    return;
  }
  applyStored(m_edit, m_inverse);
}

void EditCommand::applyStored(const engine::edit::Edit& edit, engine::edit::Edit& inverseOut)
{
  // Undo and redo restore states the scene already had: no placement check (a changed
  // clearance setting must not make an undo impossible).
  engine::edit::ApplyOptions options;
  options.checkPlacement = false;
  try
  {
    engine::edit::Edit copy = edit; // `edit` may alias a member that inverseOut replaces
    inverseOut = m_document->applyEdit(copy, options).inverse;
  }
  catch (const engine::Error& error)
  {
    reportError(nullptr, QObject::tr("Cannot undo or redo “%1”").arg(text()),
                QString::fromUtf8(error.what()));
  }
}

int EditCommand::id() const
{
  return m_mergeable ? kMergeableMoveId : -1;
}

bool EditCommand::mergeWith(const QUndoCommand* other)
{
  const auto* next = dynamic_cast<const EditCommand*>(other);
  if (next == nullptr || !next->m_mergeable || !m_mergeable)
  {
    return false;
  }
  engine::edit::Edit combined = m_edit;
  if (!engine::edit::mergeEdits(combined, next->m_edit))
  {
    return false;
  }
  // The combined inverse keeps the first inverse's exact positions: those before the first
  // move (floating point x + dx − dx is not always x). The forward edit needs no exact
  // positions: every redo follows an undo, which replaces it with an exact one.
  engine::edit::Edit combinedInverse = m_inverse;
  if (!engine::edit::mergeEdits(combinedInverse, next->m_inverse))
  {
    return false;
  }
  std::get<engine::edit::MoveObjects>(combined).exactXY.clear();
  m_edit = std::move(combined);
  m_inverse = std::move(combinedInverse);
  m_changes |= next->m_changes;
  setText(QString::fromStdString(engine::edit::describeEdit(m_edit)));
  return true;
}

EditBatchCommand::EditBatchCommand(const QString& text, EditController* controller)
  : m_controller(controller)
{
  setText(text);
}

void EditBatchCommand::undo()
{
  withChangesHeld([this] { QUndoCommand::undo(); }); // the children, newest first
}

void EditBatchCommand::redo()
{
  // The children in order (the first time: they were applied already).
  withChangesHeld([this] { QUndoCommand::redo(); });
}

void EditBatchCommand::withChangesHeld(const std::function<void()>& step)
{
  if (m_controller)
  {
    m_controller->beginBatch();
  }
  step();
  if (m_controller)
  {
    m_controller->endBatch();
  }
}

} // namespace myriad::app
