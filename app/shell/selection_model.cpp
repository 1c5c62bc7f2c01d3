// SelectionModel: the current object and the multiple selection, kept by id across edits.
#include "selection_model.h"

#include "scene_document.h"

namespace myriad::app
{

using engine::ObjectKind;
using engine::ObjectRef;

namespace
{

bool isEditableKind(ObjectKind kind)
{
  return kind == ObjectKind::Rack || kind == ObjectKind::Row || kind == ObjectKind::Cooler ||
         kind == ObjectKind::Feed;
}

/** Whether a rack-level ref (row, rack, node, GPU, switch indices) exists in `hall`. */
bool existsInRows(const engine::Hall& hall, const ObjectRef& ref)
{
  if (ref.row < 0 || ref.row >= static_cast<int>(hall.rows.size()))
  {
    return false;
  }
  const engine::Row& row = hall.rows[ref.row];
  if (ref.kind == ObjectKind::Row)
  {
    return true;
  }
  if (ref.rack < 0 || ref.rack >= static_cast<int>(row.racks.size()))
  {
    return false;
  }
  const engine::Rack& rack = row.racks[ref.rack];
  switch (ref.kind)
  {
    case ObjectKind::Rack:
      return true;
    case ObjectKind::Switch:
      return ref.item >= 0 && ref.item < static_cast<int>(rack.switches.size());
    case ObjectKind::Node:
    case ObjectKind::Gpu:
      break;
    default:
      return false;
  }
  if (ref.node < 0 || ref.node >= static_cast<int>(rack.nodes.size()))
  {
    return false;
  }
  return ref.kind == ObjectKind::Node ||
         (ref.item >= 0 && ref.item < static_cast<int>(rack.nodes[ref.node].gpus.size()));
}

} // namespace

bool objectExists(const engine::Scene& scene, const ObjectRef& ref)
{
  if (!ref.valid())
  {
    return false;
  }
  if (ref.kind == ObjectKind::Site)
  {
    return true;
  }
  const auto& halls = scene.site.halls;
  if (ref.hall < 0 || ref.hall >= static_cast<int>(halls.size()))
  {
    return false;
  }
  const engine::Hall& hall = halls[ref.hall];
  switch (ref.kind)
  {
    case ObjectKind::Hall:
      return true;
    case ObjectKind::Cooler:
      return ref.item >= 0 && ref.item < static_cast<int>(hall.coolers.size());
    case ObjectKind::Feed:
      return ref.item >= 0 && ref.item < static_cast<int>(hall.feeds.size());
    default:
      return existsInRows(hall, ref);
  }
}

SelectionModel::SelectionModel(SceneDocument* document, QObject* parent)
  : QObject(parent)
  , m_document(document)
{
  connect(m_document, &SceneDocument::aboutToEdit, this,
          [this]
          {
            m_idBeforeEdit =
              m_current.valid() ? engine::idOf(m_document->scene(), m_current) : std::string();
          });
}

std::vector<ObjectRef> SelectionModel::refs() const
{
  std::vector<ObjectRef> refs;
  for (const std::string& id : m_ids)
  {
    if (const auto ref = engine::findById(m_document->scene(), id))
    {
      refs.push_back(*ref);
    }
  }
  return refs;
}

void SelectionModel::select(const ObjectRef& requested)
{
  // A ref that is not in the scene (stale, or from a pick on another scene) selects nothing.
  m_current = objectExists(m_document->scene(), requested) ? requested : ObjectRef{};
  m_ids.clear();
  emit changed();
}

void SelectionModel::selectMany(const std::vector<ObjectRef>& refs)
{
  if (refs.size() < 2)
  {
    select(refs.empty() ? ObjectRef{} : refs.front());
    return;
  }
  const engine::Scene& scene = m_document->scene();
  m_current = objectExists(scene, refs.front()) ? refs.front() : ObjectRef{};
  m_ids.clear();
  for (const ObjectRef& ref : refs)
  {
    std::string id = engine::idOf(scene, ref);
    if (!id.empty())
    {
      m_ids.push_back(std::move(id));
    }
  }
  emit changed();
  emit manySelected(static_cast<int>(m_ids.size()));
}

bool SelectionModel::toggle(const ObjectRef& picked)
{
  // A server, switch or GPU stands for its rack, as it does for the edit actions.
  const bool inRack = picked.kind == ObjectKind::Node || picked.kind == ObjectKind::Gpu ||
                      picked.kind == ObjectKind::Switch;
  const ObjectRef ref =
    inRack ? ObjectRef{ ObjectKind::Rack, picked.hall, picked.row, picked.rack } : picked;
  const std::vector<std::string> current = editableIds();
  if (!isEditableKind(ref.kind) || current.empty() ||
      (m_ids.empty() && !isEditableKind(m_current.kind)))
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
  selectMany(refs); // one: an ordinary selection; none: selects nothing
  return true;
}

void SelectionModel::restoreIds(const std::vector<std::string>& requested)
{
  const std::vector<std::string> ids = requested; // may be m_ids itself, replaced below
  std::vector<std::string> kept;
  for (const std::string& id : ids)
  {
    if (engine::findById(m_document->scene(), id))
    {
      kept.push_back(id);
    }
  }
  if (kept.size() < 2)
  {
    return; // what is left is the current object (or nothing)
  }
  m_ids = std::move(kept);
  emit changed();
}

void SelectionModel::restoreAfterEdit()
{
  const engine::Scene& scene = m_document->scene();
  const auto kept = m_idBeforeEdit.empty() ? std::nullopt : engine::findById(scene, m_idBeforeEdit);
  m_current = kept.value_or(ObjectRef{});
  std::vector<std::string> ids;
  for (const std::string& id : m_ids)
  {
    if (engine::findById(scene, id))
    {
      ids.push_back(id);
    }
  }
  m_ids = ids.size() >= 2 ? std::move(ids) : std::vector<std::string>{};
  emit changed();
}

std::string SelectionModel::editableId() const
{
  const engine::Scene& scene = m_document->scene();
  switch (m_current.kind)
  {
    case ObjectKind::Rack:
    case ObjectKind::Row:
    case ObjectKind::Cooler:
    case ObjectKind::Feed:
      return engine::idOf(scene, m_current);
    case ObjectKind::Node:
    case ObjectKind::Gpu:
    case ObjectKind::Switch: // edits act on the rack holding it
      return engine::idOf(
        scene, ObjectRef{ ObjectKind::Rack, m_current.hall, m_current.row, m_current.rack });
    default:
      return {};
  }
}

std::vector<std::string> SelectionModel::editableIds() const
{
  if (m_ids.size() > 1)
  {
    return m_ids;
  }
  std::string id = editableId();
  return id.empty() ? std::vector<std::string>{} : std::vector<std::string>{ std::move(id) };
}

} // namespace myriad::app
