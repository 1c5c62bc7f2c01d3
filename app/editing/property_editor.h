#pragma once
/**
 * @file property_editor.h
 * The editable part of the Properties dock: a form of the selected object's settable
 * properties (rack power cap, cooling and facing; cooler setpoint and facing; feed capacity and
 * redundancy; hall containment and, when the scene has a generator spec, the scene-wide switch
 * placement strategy, which re-places every leaf, spine and core switch), each a spin box or a
 * choice. A change emits edited() with the engine's key and value (engine::edit::SetProperty);
 * the main window applies it through the undo stack, so every change is undoable and refused
 * values are reported, never half applied.
 *
 * For a multiple selection the form shows the fields common to the objects
 * (multi_selection_properties.h); a field whose values differ shows "(mixed)" (an empty spin box
 * with that placeholder, or a combo box with no current choice) until the user enters a value,
 * and a change emits editedMany() with every object's id: one undo step for all of them.
 */

#include "myriad/engine/edit/edit.h"
#include "myriad/engine/query.h"

#include <QString>
#include <QStringList>
#include <QWidget>

#include <string>
#include <vector>

class QFormLayout;

namespace myriad::app
{

/** One settable property as the form shows it. */
struct EditableField
{
  std::string key;    ///< engine key ("powerCapW", "setpoint", ...)
  QString label;      ///< "Power cap"
  double number = 0;  ///< value shown (display unit) for numeric fields
  double scale = 1;   ///< engine value = shown value × scale (kW → W: 1000)
  QString unit;       ///< " kW", " °C"
  double minimum = 0; ///< spin box range, display unit
  double maximum = 1e9;
  QStringList choices; ///< non-empty: a choice between these engine spellings
  QString current;     ///< the current choice
  bool mixed = false;  ///< several objects whose values differ (shown as "(mixed)")
  QString zeroText;    ///< shown instead of the minimum 0 where 0 means "not given"
};

/** A choice value's spelling (as the scene file writes it) in the interface language. */
QString choiceText(const QString& spelling);

/** Settable fields of `ref` in `scene` (empty for kinds without any). */
std::vector<EditableField> editableFields(const engine::Scene& scene, const engine::ObjectRef& ref);

class PropertyEditor : public QWidget
{
  Q_OBJECT

public:
  explicit PropertyEditor(QWidget* parent = nullptr);

  /** Show the fields of object `id` (no fields: the editor hides). */
  void setFields(const std::string& id, const std::vector<EditableField>& fields);
  /**
   * Show the fields common to the objects `ids` of a multiple selection: a change emits
   * editedMany() (also for one id: the one object of its kind in a mixed-kind selection).
   */
  void setFields(const std::vector<std::string>& ids, const std::vector<EditableField>& fields);
  /** The edited object (the first one of a multiple selection; empty when none). */
  std::string objectId() const { return m_ids.empty() ? std::string() : m_ids.front(); }
  const std::vector<std::string>& objectIds() const { return m_ids; }
  /** True while the field `key` shows "(mixed)" (its objects' values differ). */
  bool isMixed(const std::string& key) const;
  /** The editing widget of `key` (QDoubleSpinBox or QComboBox), nullptr when not shown. */
  QWidget* fieldWidget(const std::string& key) const;

signals:
  /** The user changed `key` of object `id` to `value` (engine units and spellings). */
  void edited(const std::string& id, const std::string& key,
              const engine::edit::PropertyValue& value);
  /** The user set `key` to `value` on every object of a multiple selection (`ids`). */
  void editedMany(const std::vector<std::string>& ids, const std::string& key,
                  const engine::edit::PropertyValue& value);

private:
  QWidget* makeChoice(const EditableField& field);
  QWidget* makeNumber(const EditableField& field);
  void emitEdit(const std::string& key, const engine::edit::PropertyValue& value);
  void showFields(const std::vector<std::string>& ids, const std::vector<EditableField>& fields,
                  bool many);
  void removeFields();

  QFormLayout* m_form = nullptr;
  std::vector<std::string> m_ids;
  bool m_many = false; ///< a multiple selection: changes go to editedMany()
  std::vector<std::pair<std::string, QWidget*>> m_widgets;
};

} // namespace myriad::app
