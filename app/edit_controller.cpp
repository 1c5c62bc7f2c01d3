#include "edit_controller.h"

#include "edit_commands.h"
#include "error_reporter.h"
#include "scene_document.h"

#include <QUndoStack>

namespace myriad::app
{

EditController::EditController(SceneDocument* document, QWidget* dialogParent, QObject* parent)
  : QObject(parent)
  , m_document(document)
  , m_dialogParent(dialogParent)
{
  connect(m_document, &SceneDocument::sceneEdited, this, &EditController::sceneChanged);
}

bool EditController::apply(const engine::edit::Edit& edit, Merge merge)
{
  return applyAndPush(edit, merge, false);
}

bool EditController::tryApply(const engine::edit::Edit& edit)
{
  return applyAndPush(edit, Merge::Separate, true);
}

bool EditController::applyAndPush(const engine::edit::Edit& edit, Merge merge, bool quiet)
{
  const QString description = QString::fromStdString(engine::edit::describeEdit(edit));
  engine::edit::EditResult result;
  try
  {
    result = m_document->applyEdit(edit, m_options);
  }
  catch (const engine::Error& error)
  {
    m_lastError = QString::fromUtf8(error.what());
    if (quiet)
    {
      return false;
    }
    emit editRefused(description, m_lastError);
    // A move is refused under the cursor (status bar, the object snaps back); other edits come
    // from a menu or a dialog and deserve a message the user must see.
    if (!std::holds_alternative<engine::edit::MoveObjects>(edit))
    {
      QString what = description;
      if (!what.isEmpty())
      {
        what[0] = what[0].toLower(); // "Cannot delete 3 racks"; ids keep their case
      }
      reportError(m_dialogParent, tr("Cannot %1").arg(what), m_lastError);
    }
    return false;
  }
  m_lastError.clear();
  m_lastCreated = result.createdIds;
  m_document->undoStack()->push(
    new EditCommand(m_document, edit, std::move(result), merge == Merge::MergeMoves));
  return true;
}

} // namespace myriad::app
