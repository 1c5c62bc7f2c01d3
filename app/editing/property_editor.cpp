#include "property_editor.h"

#include "multi_selection_properties.h"

#include "myriad/engine/fields.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

#include <utility>

namespace myriad::app
{

namespace
{

QStringList spellings(const std::vector<std::string>& names)
{
  QStringList list;
  for (const std::string& name : names)
  {
    list << QString::fromStdString(name);
  }
  return list;
}

EditableField choiceField(const std::string& key, const QString& label, const QStringList& choices,
                          const std::string& current)
{
  EditableField field;
  field.key = key;
  field.label = label;
  field.choices = choices;
  field.current = QString::fromStdString(current);
  return field;
}

EditableField numberField(const std::string& key, const QString& label, double shown, double scale,
                          const QString& unit, double minimum, double maximum)
{
  EditableField field;
  field.key = key;
  field.label = label;
  field.number = shown;
  field.scale = scale;
  field.unit = unit;
  field.minimum = minimum;
  field.maximum = maximum;
  return field;
}

/**
 * A spin box that can show "(mixed)": while the selected objects' values differ its text is
 * empty (no number, no unit) under that placeholder. Typing a value (even the one held
 * underneath, the first object's) or stepping ends it.
 */
class MixedSpinBox : public QDoubleSpinBox
{
public:
  explicit MixedSpinBox(QWidget* parent)
    : QDoubleSpinBox(parent)
  {
    connect(lineEdit(), &QLineEdit::textEdited, this, [this] { m_typed = m_mixed; });
  }

  void setMixed(bool mixed)
  {
    if (mixed == m_mixed)
    {
      return;
    }
    m_mixed = mixed;
    m_typed = false;
    setProperty("mixed", mixed);
    lineEdit()->setPlaceholderText(mixed ? mixedText() : QString());
    if (mixed)
    {
      m_unit = suffix();
      m_special = specialValueText();
      setSuffix({}); // shows textFromValue(): nothing
      setSpecialValueText({});
    }
    else
    {
      setSuffix(m_unit); // shows the value with its unit again
      setSpecialValueText(m_special);
    }
  }

  /**
   * After editingFinished: true when the user typed a value while the field was mixed; the field
   * then stops being mixed. (Focus leaving it untouched keeps it mixed.)
   */
  bool takeTypedWhileMixed()
  {
    const bool typed = m_mixed && std::exchange(m_typed, false);
    if (typed)
    {
      setMixed(false);
    }
    return typed;
  }

protected:
  QString textFromValue(double value) const override
  {
    return m_mixed ? QString() : QDoubleSpinBox::textFromValue(value);
  }

private:
  bool m_mixed = false;
  bool m_typed = false;
  QString m_unit;
  QString m_special; ///< the zero text, put aside while mixed
};

/**
 * The choice values the engine's fields offer (fields_tables.cpp: rack kinds, cooling styles,
 * cooler kinds, power sources, switch placements), marked for lupdate: the Properties panel
 * shows them in the interface language and stores the spelling.
 */
[[maybe_unused]] constexpr const char* kChoiceSpellings[] = {
  QT_TRANSLATE_NOOP("EngineChoice", "compute"),
  QT_TRANSLATE_NOOP("EngineChoice", "network"),
  QT_TRANSLATE_NOOP("EngineChoice", "storage"),
  QT_TRANSLATE_NOOP("EngineChoice", "power"),
  QT_TRANSLATE_NOOP("EngineChoice", "cooling"),
  QT_TRANSLATE_NOOP("EngineChoice", "air"),
  QT_TRANSLATE_NOOP("EngineChoice", "liquid"),
  QT_TRANSLATE_NOOP("EngineChoice", "immersion"),
  QT_TRANSLATE_NOOP("EngineChoice", "crah"),
  QT_TRANSLATE_NOOP("EngineChoice", "inrow"),
  QT_TRANSLATE_NOOP("EngineChoice", "reardoor"),
  QT_TRANSLATE_NOOP("EngineChoice", "cdu"),
  QT_TRANSLATE_NOOP("EngineChoice", "measured"),
  QT_TRANSLATE_NOOP("EngineChoice", "budget"),
  QT_TRANSLATE_NOOP("EngineChoice", "nameplate"),
  QT_TRANSLATE_NOOP("EngineChoice", "per-su"),
  QT_TRANSLATE_NOOP("EngineChoice", "end-of-row"),
  QT_TRANSLATE_NOOP("EngineChoice", "middle-of-row"),
  QT_TRANSLATE_NOOP("EngineChoice", "central-row"),
};

} // namespace

QString choiceText(const QString& spelling)
{
  return QCoreApplication::translate("EngineChoice", spelling.toUtf8().constData());
}

std::vector<EditableField> editableFields(const engine::Scene& scene, const engine::ObjectRef& ref)
{
  // The engine's field tables (fields.h) say which fields are settable and how the editor
  // shows them (EditorHint); the values come from the scene.
  namespace fields = engine::fields;
  std::vector<EditableField> out;
  for (const fields::FieldInfo& info : fields::settableFields(ref.kind))
  {
    const std::optional<fields::Value> value =
      info.editor ? fields::fieldValue(scene, ref, info.key) : std::nullopt;
    if (!value)
    {
      continue; // not offered here, or nothing to set (switch placement without a spec)
    }
    const QString label = fieldLabel(info.label);
    if (info.type == fields::Type::Choice)
    {
      out.push_back(
        choiceField(info.key, label, spellings(info.choices), std::get<std::string>(*value)));
    }
    else
    {
      const fields::EditorHint& hint = *info.editor;
      out.push_back(numberField(info.key, label, std::get<double>(*value) / hint.scale, hint.scale,
                                QString::fromUtf8(hint.unit), hint.minimum, hint.maximum));
      if (hint.zeroText)
        out.back().zeroText = fieldLabel(hint.zeroText);
    }
  }
  return out;
}

PropertyEditor::PropertyEditor(QWidget* parent)
  : QWidget(parent)
  , m_form(new QFormLayout(this))
{
  setObjectName(QStringLiteral("propertyEditor"));
  m_form->setContentsMargins(4, 4, 4, 4);
  hide();
}

void PropertyEditor::setFields(const std::string& id, const std::vector<EditableField>& fields)
{
  showFields(id.empty() ? std::vector<std::string>{} : std::vector<std::string>{ id }, fields,
             false);
}

void PropertyEditor::setFields(const std::vector<std::string>& ids,
                               const std::vector<EditableField>& fields)
{
  showFields(ids, fields, true);
}

void PropertyEditor::showFields(const std::vector<std::string>& ids,
                                const std::vector<EditableField>& fields, bool many)
{
  removeFields();
  m_ids = ids;
  m_many = many;
  for (const EditableField& field : fields)
  {
    QWidget* widget = field.choices.isEmpty() ? makeNumber(field) : makeChoice(field);
    widget->setObjectName(QString::fromStdString("edit-" + field.key));
    m_form->addRow(field.label, widget);
    m_widgets.emplace_back(field.key, widget);
  }
  setVisible(!fields.empty());
}

void PropertyEditor::removeFields()
{
  // A change rebuilds the form from inside the changed widget's signal: delete it later.
  while (m_form->rowCount() > 0)
  {
    const QFormLayout::TakeRowResult row = m_form->takeRow(0);
    for (QLayoutItem* item : { row.labelItem, row.fieldItem })
    {
      if (item && item->widget())
      {
        item->widget()->hide();
        item->widget()->deleteLater();
      }
      delete item;
    }
  }
  m_widgets.clear();
}

QWidget* PropertyEditor::makeChoice(const EditableField& field)
{
  auto* combo = new QComboBox(this);
  for (const QString& spelling : field.choices)
  {
    combo->addItem(choiceText(spelling), spelling); // shown translated, stored as spelled
  }
  if (field.mixed)
  {
    combo->setPlaceholderText(mixedText());
    combo->setCurrentIndex(-1); // no choice shown until the user picks one for all
  }
  else
  {
    combo->setCurrentIndex(combo->findData(field.current));
  }
  combo->setProperty("mixed", field.mixed);
  connect(combo, &QComboBox::activated, this,
          [this, combo, key = field.key]
          {
            combo->setProperty("mixed", false);
            emitEdit(key, combo->currentData().toString().toStdString());
          });
  return combo;
}

QWidget* PropertyEditor::makeNumber(const EditableField& field)
{
  auto* spin = new MixedSpinBox(this);
  spin->setRange(field.minimum, field.maximum);
  spin->setDecimals(1);
  spin->setSuffix(field.unit);
  spin->setSpecialValueText(field.zeroText); // "from contents" where 0 means not given
  spin->setValue(field.number);
  spin->setKeyboardTracking(false); // one edit when the user is done typing
  spin->setMixed(field.mixed);
  connect(spin, &QDoubleSpinBox::valueChanged, this,
          [this, spin, key = field.key, scale = field.scale](double value)
          {
            spin->setMixed(false);
            emitEdit(key, value * scale);
          });
  // A mixed field set to the value it already holds underneath emits no valueChanged.
  connect(spin, &QDoubleSpinBox::editingFinished, this,
          [this, spin, key = field.key, scale = field.scale]
          {
            if (spin->takeTypedWhileMixed())
            {
              emitEdit(key, spin->value() * scale);
            }
          });
  return spin;
}

void PropertyEditor::emitEdit(const std::string& key, const engine::edit::PropertyValue& value)
{
  if (m_many && !m_ids.empty())
  {
    emit editedMany(m_ids, key, value);
  }
  else if (!m_ids.empty())
  {
    emit edited(m_ids.front(), key, value);
  }
}

bool PropertyEditor::isMixed(const std::string& key) const
{
  const QWidget* widget = fieldWidget(key);
  return widget != nullptr && widget->property("mixed").toBool();
}

QWidget* PropertyEditor::fieldWidget(const std::string& key) const
{
  for (const auto& [name, widget] : m_widgets)
  {
    if (name == key)
    {
      return widget;
    }
  }
  return nullptr;
}

} // namespace myriad::app
