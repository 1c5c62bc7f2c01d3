#pragma once
/**
 * @file add_row_dialog.h
 * The "Add row…" dialog: hall, row name, position of the first rack, number of racks, facing,
 * rack kind and enclosure, server model and nodes per rack, cooling. Defaults copy the first
 * compute row of the hall and place the new row behind the last one (in front of the first one
 * when the hall ends there), on the floor-tile grid.
 */

#include "myriad/engine/edit/edit.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

namespace myriad::app
{

class AddRowDialog : public QDialog
{
  Q_OBJECT

public:
  AddRowDialog(const engine::Scene& scene, const engine::Catalog& catalog,
               QWidget* parent = nullptr);

  /** The edit the fields describe. */
  engine::edit::AddRow edit() const;
  /** Fill the fields from an edit (tests, and "add another like this"). */
  void setEdit(const engine::edit::AddRow& edit);

  /** Defaults for `scene`: a copy of its first compute row, behind the last row (or in front). */
  static engine::edit::AddRow suggestedRow(const engine::Scene& scene,
                                           const engine::Catalog& catalog);

private:
  QComboBox* m_hall = nullptr;
  QLineEdit* m_name = nullptr;
  QDoubleSpinBox* m_x = nullptr;
  QDoubleSpinBox* m_y = nullptr;
  QSpinBox* m_racks = nullptr;
  QComboBox* m_facing = nullptr;
  QComboBox* m_kind = nullptr;
  QComboBox* m_rackModel = nullptr;
  QComboBox* m_serverModel = nullptr;
  QSpinBox* m_nodes = nullptr;
  QComboBox* m_cooling = nullptr;
  std::vector<std::string> m_feeds; ///< feeds of the new racks (copied from the template row)
};

} // namespace myriad::app
