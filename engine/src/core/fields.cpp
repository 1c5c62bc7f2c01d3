// Field tables seen without their entity types (fields.h): the settable fields of each object
// kind and their current values, for the app's property editor.
#include "myriad/engine/fields.h"

namespace myriad::engine::fields
{

namespace
{

template <typename E>
void appendSettable(const std::vector<Field<E>>& table, bool sceneWide, std::vector<FieldInfo>& out)
{
  for (const Field<E>& f : table)
  {
    if (!f.settable)
      continue;
    out.push_back({ f.editKey(), f.type, f.label, f.unit, f.minimum, f.maximum, f.choices,
                    f.affects, f.editor, sceneWide });
  }
}

template <typename E>
std::optional<Value> valueIn(const std::vector<Field<E>>& table, const E& entity,
                             const std::string& key)
{
  const Field<E>* f = findSettable(table, key);
  if (f == nullptr)
    return std::nullopt;
  return f->get(entity);
}

} // namespace

std::vector<FieldInfo> settableFields(ObjectKind kind)
{
  std::vector<FieldInfo> out;
  switch (kind)
  {
    case ObjectKind::Rack:
      appendSettable(rackFields(), false, out);
      break;
    case ObjectKind::Row:
      appendSettable(rowFields(), false, out);
      break;
    case ObjectKind::Cooler:
      appendSettable(coolerFields(), false, out);
      break;
    case ObjectKind::Feed:
      appendSettable(feedFields(), false, out);
      break;
    case ObjectKind::Hall:
      appendSettable(hallFields(), false, out);
      appendSettable(sceneFields(), true, out);
      appendSettable(siteFields(), true, out);
      break;
    case ObjectKind::Node:
      appendSettable(nodeFields(), false, out);
      break;
    default:
      break;
  }
  return out;
}

std::optional<Value> fieldValue(const Scene& scene, const ObjectRef& ref, const std::string& key)
{
  if (ref.hall < 0 || ref.hall >= static_cast<int>(scene.site.halls.size()))
    return std::nullopt;
  const Hall& hall = scene.site.halls[ref.hall];
  switch (ref.kind)
  {
    case ObjectKind::Rack:
      return valueIn(rackFields(), hall.rows.at(ref.row).racks.at(ref.rack), key);
    case ObjectKind::Row:
      return valueIn(rowFields(), hall.rows.at(ref.row), key);
    case ObjectKind::Cooler:
      return valueIn(coolerFields(), hall.coolers.at(ref.item), key);
    case ObjectKind::Feed:
      return valueIn(feedFields(), hall.feeds.at(ref.item), key);
    case ObjectKind::Node:
      return valueIn(nodeFields(), hall.rows.at(ref.row).racks.at(ref.rack).nodes.at(ref.node),
                     key);
    case ObjectKind::Hall:
    {
      if (auto own = valueIn(hallFields(), hall, key))
        return own;
      if (auto site = valueIn(siteFields(), scene.site, key))
        return site;
      if (!scene.spec)
        return std::nullopt; // scene-wide fields live in the generator spec
      return valueIn(sceneFields(), scene, key);
    }
    default:
      return std::nullopt;
  }
}

} // namespace myriad::engine::fields
