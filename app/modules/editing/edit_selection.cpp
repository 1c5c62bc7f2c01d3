// EditingModule: the edits of the selection — nudge, delete, rotate, duplicate — on the selected
// rack, row, cooler or feed, or on all objects of a multiple selection (Ctrl+click, box select).
#include "editing_module.h"

#include "app_context.h"
#include "edit_controller.h"
#include "error_reporter.h"
#include "scene_document.h"
#include "selection_model.h"

#include <QMainWindow>

namespace myriad::app
{

using engine::ObjectKind;
using engine::ObjectRef;

namespace
{

constexpr double kTileM = 0.6; // duplicates go to the nearest free place, tile by tile
constexpr int kStatusMs = 8000;
constexpr int kDuplicateTries = 40; // offsets tried (in tiles) before giving up

} // namespace

void EditingModule::nudgeSelection(double dxM, double dyM)
{
  const std::vector<std::string> ids = m_context->selection->editableIds();
  if (ids.empty() || m_context->selection->current().kind == ObjectKind::Feed)
  {
    m_context->showMessage(tr("Select a rack, row or cooling unit to move"), kStatusMs);
    return;
  }
  engine::edit::MoveObjects move;
  move.ids = ids;
  move.dxM = dxM;
  move.dyM = dyM;
  m_context->editController->apply(move, EditController::Merge::MergeMoves);
}

void EditingModule::deleteSelection()
{
  const ObjectKind kind = m_context->selection->current().kind;
  const bool deletable = kind == ObjectKind::Rack || kind == ObjectKind::Row ||
                         kind == ObjectKind::Cooler || kind == ObjectKind::Feed;
  if (!deletable)
  {
    m_context->showMessage(tr("Select a rack, row, cooling unit or feed to delete"), kStatusMs);
    return;
  }
  m_context->editController->apply(
    engine::edit::DeleteObjects{ m_context->selection->editableIds() });
}

void EditingModule::rotateSelection()
{
  const std::vector<std::string> ids = m_context->selection->editableIds();
  if (ids.empty() || m_context->selection->current().kind == ObjectKind::Feed)
  {
    m_context->showMessage(tr("Select a rack, row or cooling unit to rotate"), kStatusMs);
    return;
  }
  m_context->editController->apply(engine::edit::RotateObjects{ ids });
}

void EditingModule::duplicateSelection()
{
  const std::vector<std::string> ids = m_context->selection->editableIds();
  const ObjectRef& current = m_context->selection->current();
  const bool row = current.kind == ObjectKind::Row && ids.size() == 1;
  if (ids.empty() || !(row || current.row >= 0))
  {
    m_context->showMessage(tr("Select a rack or row to duplicate"), kStatusMs);
    return;
  }
  // The copy goes to the nearest free place: along the row for racks, across for a row.
  EditController* controller = m_context->editController;
  QString firstError;
  for (int k = 1; k <= kDuplicateTries; ++k)
  {
    for (const int sign : { 1, -1 })
    {
      const double offset = sign * k * kTileM;
      const engine::edit::DuplicateObjects edit{ ids, row ? 0.0 : offset, row ? offset : 0.0 };
      if (controller->tryApply(edit))
      {
        std::vector<ObjectRef> created;
        for (const std::string& id : controller->lastCreatedIds())
        {
          if (const auto ref = engine::findById(m_context->document->scene(), id))
          {
            created.push_back(*ref);
          }
        }
        m_context->selection->selectMany(created);
        return;
      }
      if (firstError.isEmpty())
      {
        firstError = controller->lastError();
      }
    }
  }
  const QString what = ids.size() == 1 ? QString::fromStdString(ids.front())
                                       : tr("%n objects", "", static_cast<int>(ids.size()));
  reportError(m_context->window, tr("Cannot duplicate %1").arg(what),
              tr("No free place within %1 m: %2").arg(kDuplicateTries * kTileM).arg(firstError));
}

} // namespace myriad::app
