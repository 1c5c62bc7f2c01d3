#include "property_editor.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>

namespace myriad::app
{

namespace
{

QStringList spellings(std::initializer_list<const char*> names)
{
  QStringList list;
  for (const char* name : names)
  {
    list << QString::fromLatin1(name);
  }
  return list;
}

EditableField choiceField(const char* key, const QString& label, const QStringList& choices,
                          const char* current)
{
  EditableField field;
  field.key = key;
  field.label = label;
  field.choices = choices;
  field.current = QString::fromLatin1(current);
  return field;
}

EditableField numberField(const char* key, const QString& label, double shown, double scale,
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

std::vector<EditableField> rackFields(const engine::Rack& rack)
{
  using namespace engine;
  return {
    numberField("powerCapW", QObject::tr("Power cap"), rack.powerCapW / 1000, 1000,
                QStringLiteral(" kW"), 0, 1000),
    choiceField("cooling", QObject::tr("Cooling"),
                spellings({ toString(CoolingStyle::Air), toString(CoolingStyle::Liquid) }),
                toString(rack.cooling)),
    choiceField("facing", QObject::tr("Intake faces"),
                spellings({ toString(Facing::PlusY), toString(Facing::MinusY) }),
                toString(rack.facing)),
  };
}

} // namespace

std::vector<EditableField> editableFields(const engine::Scene& scene, const engine::ObjectRef& ref)
{
  using namespace engine;
  if (ref.hall < 0 || ref.hall >= static_cast<int>(scene.site.halls.size()))
  {
    return {};
  }
  const Hall& hall = scene.site.halls[ref.hall];
  switch (ref.kind)
  {
    case ObjectKind::Rack:
      return rackFields(hall.rows.at(ref.row).racks.at(ref.rack));
    case ObjectKind::Cooler:
    {
      const CoolingUnit& unit = hall.coolers.at(ref.item);
      return { numberField("setpoint", QObject::tr("Supply setpoint"), unit.supplySetpointC, 1,
                           QStringLiteral(" °C"), 5, 40),
               choiceField("facing", QObject::tr("Supply faces"),
                           spellings({ toString(Facing::PlusY), toString(Facing::MinusY) }),
                           toString(unit.facing)) };
    }
    case ObjectKind::Feed:
    {
      const PowerFeed& feed = hall.feeds.at(ref.item);
      return { numberField("capacityW", QObject::tr("Capacity"), feed.capacityW / 1e6, 1e6,
                           QStringLiteral(" MW"), 0, 1000),
               choiceField("redundancy", QObject::tr("Redundancy"),
                           spellings({ toString(Redundancy::N), toString(Redundancy::NPlus1),
                                       toString(Redundancy::TwoN) }),
                           toString(feed.redundancy)) };
    }
    case ObjectKind::Hall:
    {
      std::vector<EditableField> fields{ choiceField(
        "containment", QObject::tr("Containment"),
        spellings({ toString(Containment::None), toString(Containment::HotAisle),
                    toString(Containment::ColdAisle) }),
        toString(hall.containment)) };
      // Scene-wide, kept in the generator spec: offered only when the scene has one.
      if (scene.spec)
      {
        fields.push_back(choiceField(
          "switchPlacement", QObject::tr("Switch placement"),
          spellings({ toString(SwitchPlacement::PerScalableUnit),
                      toString(SwitchPlacement::EndOfRow), toString(SwitchPlacement::MiddleOfRow),
                      toString(SwitchPlacement::CentralRow) }),
          toString(scene.spec->switchPlacement)));
      }
      return fields;
    }
    default:
      return {};
  }
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
  while (m_form->rowCount() > 0)
  {
    m_form->removeRow(0);
  }
  m_widgets.clear();
  m_id = id;
  for (const EditableField& field : fields)
  {
    QWidget* widget = nullptr;
    if (!field.choices.isEmpty())
    {
      auto* combo = new QComboBox;
      combo->addItems(field.choices);
      combo->setCurrentText(field.current);
      connect(combo, &QComboBox::activated, this,
              [this, combo, key = field.key]
              { emit edited(m_id, key, combo->currentText().toStdString()); });
      widget = combo;
    }
    else
    {
      auto* spin = new QDoubleSpinBox;
      spin->setRange(field.minimum, field.maximum);
      spin->setDecimals(1);
      spin->setSuffix(field.unit);
      spin->setValue(field.number);
      spin->setKeyboardTracking(false); // one edit when the user is done typing
      connect(spin, &QDoubleSpinBox::valueChanged, this,
              [this, key = field.key, scale = field.scale](double value)
              { emit edited(m_id, key, value * scale); });
      widget = spin;
    }
    widget->setObjectName(QString::fromStdString("edit-" + field.key));
    m_form->addRow(field.label, widget);
    m_widgets.emplace_back(field.key, widget);
  }
  setVisible(!fields.empty());
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
