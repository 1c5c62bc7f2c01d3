#pragma once
/**
 * @file add_equipment_dialog.h
 * The "Add Cooling Unit…" and "Add Power Feed…" dialogs (Edit menu). Each describes one edit,
 * engine::edit::AddCooler or engine::edit::AddFeed, which the main window applies through the
 * EditController (so it is undoable and the live models recompute).
 *
 * Cooling unit: hall, catalog model (air handlers, in-row coolers and CDUs; rear doors hang on a
 * rack and are not placed on the floor), position of the footprint's low corner on the floor
 * tiles, supply direction and supply setpoint (5–40 °C, the range the engine accepts). The
 * suggested position is the first free place along the hall's walls, tried on a copy of the
 * scene against the placement rules. Power feed: hall, name, capacity (MW), redundancy and
 * voltage; the id is derived by the engine ("H1-F05").
 */

#include "myriad/engine/edit/edit.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;

namespace myriad::app
{

class AddEquipmentDialog : public QDialog
{
  Q_OBJECT

public:
  enum class Kind
  {
    Cooler,
    Feed
  };

  AddEquipmentDialog(Kind kind, const engine::Scene& scene, const engine::Catalog& catalog,
                     QWidget* parent = nullptr);

  Kind kind() const { return m_kind; }
  /** The edit the fields describe (AddCooler or AddFeed). */
  engine::edit::Edit edit() const;
  /** Fill the fields from an edit of this dialog's kind (tests, "add another like this"). */
  void setEdit(const engine::edit::Edit& edit);

  /** Defaults for `scene`: first cooler model, first free place along the walls, 20 °C. */
  static engine::edit::AddCooler suggestedCooler(const engine::Scene& scene,
                                                 const engine::Catalog& catalog);
  /** Defaults for `scene`: like the hall's first feed (else 2.5 MW 2N at 415 V). */
  static engine::edit::AddFeed suggestedFeed(const engine::Scene& scene);

private:
  void buildCoolerFields(const engine::Catalog& catalog);
  void buildFeedFields();
  void updateModelInfo();

  Kind m_kind;
  const engine::Catalog& m_catalog;
  QComboBox* m_hall = nullptr;
  // cooling unit
  QComboBox* m_model = nullptr;
  QLabel* m_modelInfo = nullptr;
  QDoubleSpinBox* m_x = nullptr;
  QDoubleSpinBox* m_y = nullptr;
  QComboBox* m_facing = nullptr;
  QDoubleSpinBox* m_setpoint = nullptr;
  // power feed
  QLineEdit* m_name = nullptr;
  QDoubleSpinBox* m_capacityMw = nullptr;
  QComboBox* m_redundancy = nullptr;
  QDoubleSpinBox* m_voltage = nullptr;
};

} // namespace myriad::app
