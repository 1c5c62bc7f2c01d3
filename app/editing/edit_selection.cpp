// MainWindow: what the edit actions act on — the selected object, or a multiple selection made
// with a rubber band in the plan view — and the actions themselves (nudge, delete, rotate,
// duplicate). A multiple selection is shown in the Properties dock (counts, totals, common
// properties) and edited there for all its objects at once. Split from main_window_edit.cpp to
// keep each file short.
#include "edit_controller.h"
#include "error_reporter.h"
#include "main_window.h"
#include "properties_panel.h"
#include "scene_document.h"
#include "vtk_view_widget.h"

#include "myriad/scenes/hall_scene.h"

#include <QStatusBar>

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

void MainWindow::selectObjects(const std::vector<ObjectRef>& refs)
{
  selectObject(refs.empty() ? ObjectRef{} : refs.front());
  if (refs.size() < 2)
  {
    return;
  }
  const engine::Scene& scene = m_document->scene();
  std::vector<ObjectRef> kept;
  for (const ObjectRef& ref : refs)
  {
    const std::string id = engine::idOf(scene, ref);
    if (!id.empty())
    {
      m_selectionSet.push_back(id);
      kept.push_back(ref);
    }
  }
  m_hallScene->setSelectionSet(kept);
  m_properties->showSelection(scene, kept, m_document->catalog());
  statusBar()->showMessage(
    tr("%n objects selected (Delete, Ctrl+D, R, arrows, dragging and the Properties form act "
       "on all)",
       "", static_cast<int>(kept.size())),
    kStatusMs);
  m_view->update();
}

bool MainWindow::toggleInSelection(const ObjectRef& picked)
{
  // A server, switch or GPU stands for its rack, as it does for the edit actions.
  const bool inRack = picked.kind == ObjectKind::Node || picked.kind == ObjectKind::Gpu ||
                      picked.kind == ObjectKind::Switch;
  const ObjectRef ref =
    inRack ? ObjectRef{ ObjectKind::Rack, picked.hall, picked.row, picked.rack } : picked;
  const auto editable = [](ObjectKind kind)
  {
    return kind == ObjectKind::Rack || kind == ObjectKind::Row || kind == ObjectKind::Cooler ||
           kind == ObjectKind::Feed;
  };
  const std::vector<std::string> current = editableSelectionIds();
  if (!editable(ref.kind) || current.empty() ||
      (m_selectionSet.empty() && !editable(m_selection.kind)))
  {
    return false; // nothing editable selected: e.g. a GPU, which Ctrl+click pairs with a path
  }
  const engine::Scene& scene = m_document->scene();
  const std::string clickedId = engine::idOf(scene, ref);
  std::vector<ObjectRef> refs;
  bool removed = false;
  for (const std::string& id : current)
  {
    if (id == clickedId)
    {
      removed = true;
    }
    else if (const auto kept = engine::findById(scene, id))
    {
      refs.push_back(*kept);
    }
  }
  if (!removed)
  {
    refs.push_back(ref);
  }
  if (refs.size() == 1)
  {
    selectObject(refs.front());
  }
  else
  {
    selectObjects(refs); // empty: selects nothing
  }
  return true;
}

void MainWindow::restoreSelectionSet(const std::vector<std::string>& requested)
{
  const std::vector<std::string> ids = requested; // may be m_selectionSet itself, cleared below
  std::vector<ObjectRef> refs;
  for (const std::string& id : ids)
  {
    if (const auto ref = engine::findById(m_document->scene(), id))
    {
      refs.push_back(*ref);
    }
  }
  if (refs.size() < 2)
  {
    return; // what is left is the primary selection (or nothing)
  }
  m_selectionSet.clear();
  for (const std::string& id : ids)
  {
    if (engine::findById(m_document->scene(), id))
    {
      m_selectionSet.push_back(id);
    }
  }
  m_hallScene->setSelectionSet(refs);
  m_properties->showSelection(m_document->scene(), refs, m_document->catalog());
}

std::string MainWindow::editableSelectionId() const
{
  const engine::Scene& scene = m_document->scene();
  switch (m_selection.kind)
  {
    case ObjectKind::Rack:
    case ObjectKind::Row:
    case ObjectKind::Cooler:
    case ObjectKind::Feed:
      return engine::idOf(scene, m_selection);
    case ObjectKind::Node:
    case ObjectKind::Gpu:
    case ObjectKind::Switch: // edits act on the rack holding it
      return engine::idOf(
        scene, ObjectRef{ ObjectKind::Rack, m_selection.hall, m_selection.row, m_selection.rack });
    default:
      return {};
  }
}

std::vector<std::string> MainWindow::editableSelectionIds() const
{
  if (m_selectionSet.size() > 1)
  {
    return m_selectionSet;
  }
  std::string id = editableSelectionId();
  return id.empty() ? std::vector<std::string>{} : std::vector<std::string>{ std::move(id) };
}

void MainWindow::nudgeSelection(double dxM, double dyM)
{
  const std::vector<std::string> ids = editableSelectionIds();
  if (ids.empty() || m_selection.kind == ObjectKind::Feed)
  {
    statusBar()->showMessage(tr("Select a rack, row or cooling unit to move"), kStatusMs);
    return;
  }
  engine::edit::MoveObjects move;
  move.ids = ids;
  move.dxM = dxM;
  move.dyM = dyM;
  m_editController->apply(move, EditController::Merge::MergeMoves);
}

void MainWindow::deleteSelection()
{
  const bool deletable =
    m_selection.kind == ObjectKind::Rack || m_selection.kind == ObjectKind::Row ||
    m_selection.kind == ObjectKind::Cooler || m_selection.kind == ObjectKind::Feed;
  if (!deletable)
  {
    statusBar()->showMessage(tr("Select a rack, row, cooling unit or feed to delete"), kStatusMs);
    return;
  }
  m_editController->apply(engine::edit::DeleteObjects{ editableSelectionIds() });
}

void MainWindow::rotateSelection()
{
  const std::vector<std::string> ids = editableSelectionIds();
  if (ids.empty() || m_selection.kind == ObjectKind::Feed)
  {
    statusBar()->showMessage(tr("Select a rack, row or cooling unit to rotate"), kStatusMs);
    return;
  }
  m_editController->apply(engine::edit::RotateObjects{ ids });
}

void MainWindow::duplicateSelection()
{
  const std::vector<std::string> ids = editableSelectionIds();
  const bool row = m_selection.kind == ObjectKind::Row && ids.size() == 1;
  if (ids.empty() || !(row || m_selection.row >= 0))
  {
    statusBar()->showMessage(tr("Select a rack or row to duplicate"), kStatusMs);
    return;
  }
  // The copy goes to the nearest free place: along the row for racks, across for a row.
  QString firstError;
  for (int k = 1; k <= kDuplicateTries; ++k)
  {
    for (const int sign : { 1, -1 })
    {
      const double offset = sign * k * kTileM;
      const engine::edit::DuplicateObjects edit{ ids, row ? 0.0 : offset, row ? offset : 0.0 };
      if (m_editController->tryApply(edit))
      {
        std::vector<ObjectRef> created;
        for (const std::string& id : m_editController->lastCreatedIds())
        {
          if (const auto ref = engine::findById(m_document->scene(), id))
          {
            created.push_back(*ref);
          }
        }
        selectObjects(created);
        return;
      }
      if (firstError.isEmpty())
      {
        firstError = m_editController->lastError();
      }
    }
  }
  const QString what = ids.size() == 1 ? QString::fromStdString(ids.front())
                                       : tr("%n objects", "", static_cast<int>(ids.size()));
  reportError(this, tr("Cannot duplicate %1").arg(what),
              tr("No free place within %1 m: %2").arg(kDuplicateTries * kTileM).arg(firstError));
}

} // namespace myriad::app
