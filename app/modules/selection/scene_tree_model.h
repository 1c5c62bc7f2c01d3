#pragma once
/**
 * @file scene_tree_model.h
 * A lazy item model over the scene hierarchy: Site → Hall → Row → Rack → Node → GPU, with the
 * switches of a rack after its nodes and the coolers and power feeds of a hall after its rows.
 *
 * Nothing is copied: every index carries its engine::ObjectRef packed into the 64-bit internal
 * id, and rows are computed from the scene on demand, so a 10,240-GPU scene costs nothing until
 * the view expands it.
 */

#include "myriad/engine/query.h"

#include <QAbstractItemModel>

namespace myriad::engine
{
class Catalog;
}

namespace myriad::app
{

class SceneTreeModel : public QAbstractItemModel
{
  Q_OBJECT

public:
  enum Column
  {
    NameColumn,
    TypeColumn,
    ColumnCount
  };

  explicit SceneTreeModel(QObject* parent = nullptr);

  /** Show `scene` (nullptr: nothing). Both must outlive the model or the next call. */
  void setScene(const engine::Scene* scene, const engine::Catalog* catalog);

  /** Index (column 0) of the object `ref`; invalid when `ref` is not in the scene. */
  QModelIndex indexOf(const engine::ObjectRef& ref) const;
  /** The object an index shows (any column); an invalid ref for an invalid index. */
  engine::ObjectRef refAt(const QModelIndex& index) const;

  QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
  QModelIndex parent(const QModelIndex& child) const override;
  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  bool hasChildren(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

  /** Pack a ref into an internal id (0 for refs that do not fit: see the .cpp). */
  static quintptr encode(const engine::ObjectRef& ref);
  static engine::ObjectRef decode(quintptr id);

private:
  int childCount(const engine::ObjectRef& ref) const;
  engine::ObjectRef childRef(const engine::ObjectRef& parent, int row) const;
  int rowInParent(const engine::ObjectRef& ref) const;
  bool exists(const engine::ObjectRef& ref) const;
  QString nameOf(const engine::ObjectRef& ref) const;
  QString typeOf(const engine::ObjectRef& ref) const;

  const engine::Scene* m_scene = nullptr;
  const engine::Catalog* m_catalog = nullptr;
};

/** Parent of an object in the hierarchy above (Site's parent is an invalid ref). */
engine::ObjectRef parentRef(const engine::ObjectRef& ref);

} // namespace myriad::app
