#include "edit_controller.h"

#include "edit_commands.h"
#include "error_reporter.h"
#include "multi_selection_properties.h"
#include "scene_document.h"

#include <QUndoStack>

#include <utility>

namespace myriad::app
{

EditController::EditController(SceneDocument* document, QWidget* dialogParent, QObject* parent)
  : QObject(parent)
  , m_document(document)
  , m_dialogParent(dialogParent)
{
  connect(m_document, &SceneDocument::sceneEdited, this, &EditController::onDocumentEdited);
}

void EditController::onDocumentEdited(const engine::edit::ChangeSet& changes)
{
  if (m_batchDepth == 0)
  {
    emit sceneChanged(changes);
    return;
  }
  m_batchChanges |= changes;
  m_batchChanged = true;
}

void EditController::beginBatch()
{
  if (m_batchDepth++ == 0)
  {
    m_batchChanges = {};
    m_batchChanged = false;
  }
}

void EditController::endBatch(bool discard)
{
  if (m_batchDepth == 0 || --m_batchDepth > 0)
  {
    return;
  }
  const bool changed = std::exchange(m_batchChanged, false);
  engine::edit::ChangeSet changes = std::exchange(m_batchChanges, {});
  if (changed && !discard)
  {
    emit sceneChanged(changes);
  }
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
    if (!quiet)
    {
      reportRefusal(description, std::holds_alternative<engine::edit::MoveObjects>(edit));
    }
    return false;
  }
  m_lastError.clear();
  m_lastCreated = result.createdIds;
  m_document->undoStack()->push(
    new EditCommand(m_document, edit, std::move(result), merge == Merge::MergeMoves));
  return true;
}

void EditController::reportRefusal(const QString& description, bool isMove)
{
  emit editRefused(description, m_lastError);
  // A move is refused under the cursor (status bar, the object snaps back); other edits come
  // from a menu or a dialog and deserve a message the user must see.
  if (!isMove)
  {
    QString what = description;
    if (!what.isEmpty())
    {
      what[0] = what[0].toLower(); // "Cannot delete 3 racks"; ids keep their case
    }
    reportError(m_dialogParent, tr("Cannot %1").arg(what), m_lastError);
  }
}

bool EditController::applyAll(const std::vector<engine::edit::Edit>& edits,
                              const QString& description)
{
  std::vector<engine::edit::EditResult> applied;
  applied.reserve(edits.size());
  beginBatch();
  for (const engine::edit::Edit& edit : edits)
  {
    try
    {
      applied.push_back(m_document->applyEdit(edit, m_options));
    }
    catch (const engine::Error& error)
    {
      m_lastError = QString::fromUtf8(error.what());
      const bool restored = rollBack(applied);
      endBatch(restored); // rolled back: the scene is as it was, nothing to refresh
      reportRefusal(description, false);
      return false;
    }
  }
  m_lastError.clear();
  m_lastCreated.clear();
  auto* batch = new EditBatchCommand(description, this);
  for (std::size_t i = 0; i < edits.size(); ++i)
  {
    m_lastCreated.insert(m_lastCreated.end(), applied[i].createdIds.begin(),
                         applied[i].createdIds.end());
    new EditCommand(m_document, edits[i], std::move(applied[i]), false, batch);
  }
  m_document->undoStack()->push(batch);
  endBatch();
  return true;
}

bool EditController::rollBack(const std::vector<engine::edit::EditResult>& applied)
{
  // Back to states the scene had a moment ago: no placement check.
  engine::edit::ApplyOptions options;
  options.checkPlacement = false;
  for (auto it = applied.rbegin(); it != applied.rend(); ++it)
  {
    try
    {
      m_document->applyEdit(it->inverse, options);
    }
    catch (const engine::Error& error)
    {
      reportError(m_dialogParent, tr("Cannot restore the scene"), QString::fromUtf8(error.what()));
      return false;
    }
  }
  return true;
}

bool EditController::setOnAll(const std::vector<std::string>& ids, const std::string& key,
                              const engine::edit::PropertyValue& value)
{
  if (ids.size() == 1)
  {
    return apply(engine::edit::SetProperty{ ids.front(), key, value });
  }
  std::vector<engine::edit::Edit> edits;
  edits.reserve(ids.size());
  for (const std::string& id : ids)
  {
    edits.emplace_back(engine::edit::SetProperty{ id, key, value });
  }
  const QString what = countText(m_document->scene(), ids);
  return applyAll(edits, tr("Set %1 on %2").arg(QString::fromStdString(key), what));
}

} // namespace myriad::app
