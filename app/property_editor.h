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
};

/** Settable fields of `ref` in `scene` (empty for kinds without any). */
std::vector<EditableField> editableFields(const engine::Scene& scene, const engine::ObjectRef& ref);

class PropertyEditor : public QWidget
{
  Q_OBJECT

public:
  explicit PropertyEditor(QWidget* parent = nullptr);

  /** Show the fields of object `id` (no fields: the editor hides). */
  void setFields(const std::string& id, const std::vector<EditableField>& fields);
  const std::string& objectId() const { return m_id; }
  /** The editing widget of `key` (QDoubleSpinBox or QComboBox), nullptr when not shown. */
  QWidget* fieldWidget(const std::string& key) const;

signals:
  /** The user changed `key` of object `id` to `value` (engine units and spellings). */
  void edited(const std::string& id, const std::string& key,
              const engine::edit::PropertyValue& value);

private:
  QFormLayout* m_form = nullptr;
  std::string m_id;
  std::vector<std::pair<std::string, QWidget*>> m_widgets;
};

} // namespace myriad::app
