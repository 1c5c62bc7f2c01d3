#include "scene_tree_model.h"

#include "selection_model.h"

#include "myriad/engine/catalog.h"

#include <array>

namespace myriad::app
{

using engine::ObjectKind;
using engine::ObjectRef;

namespace
{

static_assert(sizeof(quintptr) == 8, "SceneTreeModel packs an ObjectRef into 64 bits");

// Field widths of the packed id: kind, hall, row, rack, node, item (64 bits in all). Each index
// is stored plus one so that −1 packs to 0; kind None packs to an all-zero id.
constexpr std::array<int, 6> kBits = { 4, 8, 12, 12, 12, 16 };

std::array<int, 6> fieldsOf(const ObjectRef& ref)
{
  return {
    static_cast<int>(ref.kind), ref.hall + 1, ref.row + 1, ref.rack + 1, ref.node + 1, ref.item + 1
  };
}

QString formatMegawatts(double watts)
{
  return QStringLiteral("%1 MW").arg(watts / 1e6, 0, 'f', 2);
}

} // namespace

ObjectRef parentRef(const ObjectRef& ref)
{
  ObjectRef parent = ref;
  switch (ref.kind)
  {
    case ObjectKind::Hall:
      return ObjectRef{ ObjectKind::Site };
    case ObjectKind::Row:
    case ObjectKind::Cooler:
    case ObjectKind::Feed:
      return ObjectRef{ ObjectKind::Hall, ref.hall };
    case ObjectKind::Rack:
      parent.kind = ObjectKind::Row;
      parent.rack = -1;
      return parent;
    case ObjectKind::Node:
    case ObjectKind::Switch:
      parent.kind = ObjectKind::Rack;
      parent.node = -1;
      parent.item = -1;
      return parent;
    case ObjectKind::Gpu:
      parent.kind = ObjectKind::Node;
      parent.item = -1;
      return parent;
    default:
      return {};
  }
}

SceneTreeModel::SceneTreeModel(QObject* parent)
  : QAbstractItemModel(parent)
{
}

void SceneTreeModel::setScene(const engine::Scene* scene, const engine::Catalog* catalog)
{
  beginResetModel();
  m_scene = scene;
  m_catalog = catalog;
  endResetModel();
}

quintptr SceneTreeModel::encode(const ObjectRef& ref)
{
  const std::array<int, 6> fields = fieldsOf(ref);
  quintptr id = 0;
  for (std::size_t i = 0; i < fields.size(); ++i)
  {
    const int limit = (1 << kBits[i]) - 1;
    if (fields[i] < 0 || fields[i] > limit)
    {
      return 0; // does not fit: the object is not shown (limits far above real halls)
    }
    id = (id << kBits[i]) | static_cast<quintptr>(fields[i]);
  }
  return id;
}

ObjectRef SceneTreeModel::decode(quintptr id)
{
  std::array<int, 6> fields{};
  for (std::size_t i = fields.size(); i-- > 0;)
  {
    fields[i] = static_cast<int>(id & ((quintptr(1) << kBits[i]) - 1));
    id >>= kBits[i];
  }
  ObjectRef ref;
  ref.kind = static_cast<ObjectKind>(fields[0]);
  ref.hall = fields[1] - 1;
  ref.row = fields[2] - 1;
  ref.rack = fields[3] - 1;
  ref.node = fields[4] - 1;
  ref.item = fields[5] - 1;
  return ref;
}

bool SceneTreeModel::exists(const ObjectRef& ref) const
{
  return m_scene && objectExists(*m_scene, ref);
}

int SceneTreeModel::childCount(const ObjectRef& ref) const
{
  if (!m_scene)
  {
    return 0;
  }
  const auto& halls = m_scene->site.halls;
  switch (ref.kind)
  {
    case ObjectKind::None:
      return 1; // the site
    case ObjectKind::Site:
      return static_cast<int>(halls.size());
    case ObjectKind::Hall:
    {
      const engine::Hall& hall = halls[ref.hall];
      return static_cast<int>(hall.rows.size() + hall.coolers.size() + hall.feeds.size());
    }
    case ObjectKind::Row:
      return static_cast<int>(halls[ref.hall].rows[ref.row].racks.size());
    case ObjectKind::Rack:
    {
      const engine::Rack& rack = halls[ref.hall].rows[ref.row].racks[ref.rack];
      return static_cast<int>(rack.nodes.size() + rack.switches.size());
    }
    case ObjectKind::Node:
      return static_cast<int>(
        halls[ref.hall].rows[ref.row].racks[ref.rack].nodes[ref.node].gpus.size());
    default:
      return 0;
  }
}

ObjectRef SceneTreeModel::childRef(const ObjectRef& parent, int row) const
{
  ObjectRef child = parent;
  switch (parent.kind)
  {
    case ObjectKind::None:
      return ObjectRef{ ObjectKind::Site };
    case ObjectKind::Site:
      return ObjectRef{ ObjectKind::Hall, row };
    case ObjectKind::Hall:
    {
      const engine::Hall& hall = m_scene->site.halls[parent.hall];
      const int rows = static_cast<int>(hall.rows.size());
      const int coolers = static_cast<int>(hall.coolers.size());
      if (row < rows)
      {
        return ObjectRef{ ObjectKind::Row, parent.hall, row };
      }
      if (row < rows + coolers)
      {
        return ObjectRef{ ObjectKind::Cooler, parent.hall, -1, -1, -1, row - rows };
      }
      return ObjectRef{ ObjectKind::Feed, parent.hall, -1, -1, -1, row - rows - coolers };
    }
    case ObjectKind::Row:
      child.kind = ObjectKind::Rack;
      child.rack = row;
      return child;
    case ObjectKind::Rack:
    {
      const int nodes = static_cast<int>(
        m_scene->site.halls[parent.hall].rows[parent.row].racks[parent.rack].nodes.size());
      if (row < nodes)
      {
        child.kind = ObjectKind::Node;
        child.node = row;
      }
      else
      {
        child.kind = ObjectKind::Switch;
        child.item = row - nodes;
      }
      return child;
    }
    case ObjectKind::Node:
      child.kind = ObjectKind::Gpu;
      child.item = row;
      return child;
    default:
      return {};
  }
}

int SceneTreeModel::rowInParent(const ObjectRef& ref) const
{
  switch (ref.kind)
  {
    case ObjectKind::Hall:
      return ref.hall;
    case ObjectKind::Row:
      return ref.row;
    case ObjectKind::Cooler:
      return static_cast<int>(m_scene->site.halls[ref.hall].rows.size()) + ref.item;
    case ObjectKind::Feed:
    {
      const engine::Hall& hall = m_scene->site.halls[ref.hall];
      return static_cast<int>(hall.rows.size() + hall.coolers.size()) + ref.item;
    }
    case ObjectKind::Rack:
      return ref.rack;
    case ObjectKind::Node:
      return ref.node;
    case ObjectKind::Switch:
      return static_cast<int>(
               m_scene->site.halls[ref.hall].rows[ref.row].racks[ref.rack].nodes.size()) +
             ref.item;
    case ObjectKind::Gpu:
      return ref.item;
    default:
      return 0;
  }
}

QModelIndex SceneTreeModel::indexOf(const ObjectRef& ref) const
{
  if (!exists(ref))
  {
    return {};
  }
  const quintptr id = encode(ref);
  return id == 0 ? QModelIndex() : createIndex(rowInParent(ref), 0, id);
}

ObjectRef SceneTreeModel::refAt(const QModelIndex& index) const
{
  return index.isValid() && index.model() == this ? decode(index.internalId()) : ObjectRef{};
}

QModelIndex SceneTreeModel::index(int row, int column, const QModelIndex& parent) const
{
  if (!hasIndex(row, column, parent))
  {
    return {};
  }
  const quintptr id = encode(childRef(refAt(parent), row));
  return id == 0 ? QModelIndex() : createIndex(row, column, id);
}

QModelIndex SceneTreeModel::parent(const QModelIndex& child) const
{
  const ObjectRef parent = parentRef(refAt(child));
  return parent.valid() ? indexOf(parent) : QModelIndex();
}

int SceneTreeModel::rowCount(const QModelIndex& parent) const
{
  if (parent.isValid() && parent.column() != 0)
  {
    return 0;
  }
  return childCount(refAt(parent));
}

int SceneTreeModel::columnCount(const QModelIndex&) const
{
  return ColumnCount;
}

bool SceneTreeModel::hasChildren(const QModelIndex& parent) const
{
  return rowCount(parent) > 0;
}

QVariant SceneTreeModel::data(const QModelIndex& index, int role) const
{
  if (!m_scene || !index.isValid())
  {
    return {};
  }
  const ObjectRef ref = refAt(index);
  if (role == Qt::DisplayRole)
  {
    return index.column() == NameColumn ? nameOf(ref) : typeOf(ref);
  }
  if (role == Qt::ToolTipRole)
  {
    return QStringLiteral("%1 — %2").arg(nameOf(ref), typeOf(ref));
  }
  return {};
}

QVariant SceneTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
  {
    return {};
  }
  return section == NameColumn ? tr("Object") : tr("Type");
}

QString SceneTreeModel::nameOf(const ObjectRef& ref) const
{
  if (ref.kind == ObjectKind::Site)
  {
    const QString name = QString::fromStdString(m_scene->site.name);
    return name.isEmpty() ? tr("Site") : name;
  }
  if (ref.kind == ObjectKind::Gpu)
  {
    return tr("GPU %1").arg(ref.item);
  }
  return QString::fromStdString(engine::idOf(*m_scene, ref));
}

QString SceneTreeModel::typeOf(const ObjectRef& ref) const
{
  const auto& halls = m_scene->site.halls;
  switch (ref.kind)
  {
    case ObjectKind::Site:
      return tr("site · %n hall(s)", nullptr, static_cast<int>(halls.size()));
    case ObjectKind::Hall:
      return tr("hall · %1 × %2 m")
        .arg(halls[ref.hall].widthM, 0, 'f', 1)
        .arg(halls[ref.hall].depthM, 0, 'f', 1);
    case ObjectKind::Row:
      return tr("row · %n rack(s)", nullptr,
                static_cast<int>(halls[ref.hall].rows[ref.row].racks.size()));
    case ObjectKind::Rack:
    {
      const engine::Rack& rack = halls[ref.hall].rows[ref.row].racks[ref.rack];
      return tr("%1 rack").arg(QString::fromUtf8(engine::toString(rack.kind)));
    }
    case ObjectKind::Node:
      return QString::fromStdString(
        halls[ref.hall].rows[ref.row].racks[ref.rack].nodes[ref.node].model);
    case ObjectKind::Gpu:
      return tr("GPU");
    case ObjectKind::Switch:
    {
      const engine::Switch& sw = halls[ref.hall].rows[ref.row].racks[ref.rack].switches[ref.item];
      return tr("%1 switch · %2")
        .arg(QString::fromUtf8(engine::toString(sw.role)), QString::fromStdString(sw.model));
    }
    case ObjectKind::Cooler:
    {
      const engine::CoolingUnit& cooler = halls[ref.hall].coolers[ref.item];
      return tr("%1 cooler · %2")
        .arg(QString::fromUtf8(engine::toString(cooler.kind)),
             QString::fromStdString(cooler.model));
    }
    case ObjectKind::Feed:
    {
      const engine::PowerFeed& feed = halls[ref.hall].feeds[ref.item];
      return tr("power feed · %1").arg(formatMegawatts(feed.capacityW));
    }
    default:
      return {};
  }
}

} // namespace myriad::app
