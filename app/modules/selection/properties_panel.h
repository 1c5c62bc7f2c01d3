#pragma once
/**
 * @file properties_panel.h
 * The Properties dock's contents: a title naming the selected object and a two-column table of
 * its properties as engine::describe() reports them (values carry their units), optionally
 * followed by a block of extra rows under a heading (e.g. measured telemetry) that the caller
 * supplies; the panel knows nothing of where they come from.
 *
 * A multiple selection (showSelection()) is titled with its counts ("20 racks selected",
 * "12 racks, 2 coolers selected"); the table starts with read-only totals of the whole
 * selection (GPUs, maximum IT power, power caps, cooling and feed capacity) and continues with the
 * properties common to the objects of one kind, "(mixed)" where they differ; the editor below
 * sets a value on all of them at once (multi_selection_properties.h). A mixed-kind selection is
 * edited one kind at a time: a choice above the table picks the kind, most numerous first.
 * A selected row is shown with its racks' totals, and its form edits all of its racks.
 */

#include "myriad/engine/query.h"

#include "multi_selection_properties.h"

#include <QList>
#include <QPair>
#include <QWidget>

#include <utility>
#include <vector>

class QComboBox;
class QLabel;
class QTableWidget;

namespace myriad::engine
{
class Catalog;
}

namespace myriad::app
{

class PropertiesPanel : public QWidget
{
  Q_OBJECT

public:
  explicit PropertiesPanel(QWidget* parent = nullptr);

  /** Show the properties of `ref` in `scene`; an invalid ref shows a hint instead. */
  void showObject(const engine::Scene& scene, const engine::ObjectRef& ref,
                  const engine::Catalog& catalog);
  /**
   * Show several objects (two or more valid refs; fewer: showObject() of the first). The kind
   * edited is the most numerous one, or the one the user chose for the same objects before.
   */
  void showSelection(const engine::Scene& scene, const std::vector<engine::ObjectRef>& refs,
                     const engine::Catalog& catalog);
  /** True while a multiple selection is shown. */
  bool showsSelection() const { return m_multi; }
  /** The choice of the kind edited in a mixed-kind selection (hidden otherwise). */
  QComboBox* kindChoice() const { return m_kindChoice; }
  /** Empty the panel (no document or no selection). */
  void clear();
  /**
   * Show `rows` (name, value) below the object's properties under a bold `heading` row,
   * replacing earlier extra rows; an empty heading removes them. `greyed`: drawn disabled
   * (e.g. stale readings). showObject() and clear() remove them too. Ignored while a multiple
   * selection is shown (the rows belong to one object).
   */
  void setExtraRows(const QString& heading, const QList<QPair<QString, QString>>& rows,
                    bool greyed = false);
  /** Rows above the extra block (the object's own properties). */
  int propertyRowCount() const { return m_propertyRows; }

  QTableWidget* table() const { return m_table; }
  /** The form of the selected object's settable properties (below the table). */
  class PropertyEditor* editor() const { return m_editor; }
  /** Every shown name and value as "name: value" lines (for tests and copying). */
  QString plainText() const;

private:
  /** Fill the table with `rows` (values carry units); heading rows (bold, spanning) by index. */
  void setRows(const std::vector<std::pair<QString, QString>>& rows, const QList<int>& headings);
  /**
   * A row: its `rows` (describe()) followed by its racks' totals, and the editor sets a value on
   * all its racks ("Select Row", then edit). False when the row has no racks.
   */
  bool showRowRacks(const engine::Scene& scene, const engine::ObjectRef& row,
                    const engine::Catalog& catalog, std::vector<std::pair<QString, QString>> rows);
  /** Show the multiple selection held in m_groups with group `index` edited. */
  void showGroup(int index);

  QLabel* m_title = nullptr;
  QComboBox* m_kindChoice = nullptr;
  QTableWidget* m_table = nullptr;
  class PropertyEditor* m_editor = nullptr;
  int m_propertyRows = 0;
  bool m_multi = false;
  // The multiple selection shown: its groups by kind and where they come from.
  std::vector<SelectionGroup> m_groups;
  const engine::Scene* m_scene = nullptr;
  const engine::Catalog* m_catalog = nullptr;
  // The kind the user chose to edit, kept while the same objects stay selected (edits show the
  // selection again).
  engine::ObjectKind m_chosenKind = engine::ObjectKind::None;
  std::vector<std::string> m_chosenFor; ///< sorted ids of that selection
};

} // namespace myriad::app
