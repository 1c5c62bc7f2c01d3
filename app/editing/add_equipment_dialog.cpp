#include "add_equipment_dialog.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/query.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>

#include <cmath>

namespace myriad::app
{

namespace
{

constexpr double kTileM = 0.6;

void selectData(QComboBox* combo, const QVariant& value)
{
  const int index = combo->findData(value);
  if (index >= 0)
  {
    combo->setCurrentIndex(index);
  }
}

/** The kind a catalog cooler declares ("kind" attribute); nullopt when it declares none. */
std::optional<engine::CoolerKind> kindOfModel(const engine::Catalog& catalog, const std::string& id)
{
  const engine::Part* part = catalog.find(id);
  if (!part)
  {
    return std::nullopt;
  }
  const auto kindText = part->attributes.find("kind");
  return kindText == part->attributes.end() ? std::nullopt
                                            : engine::coolerKindFromString(kindText->second);
}

/** Cooler models placed on the floor (rear doors hang on racks), with their kind. */
std::vector<std::pair<std::string, engine::CoolerKind>> floorCoolers(const engine::Catalog& catalog)
{
  std::vector<std::pair<std::string, engine::CoolerKind>> models;
  for (const std::string& id : catalog.idsOf("cooler"))
  {
    const std::optional<engine::CoolerKind> kind = kindOfModel(catalog, id);
    if (kind && *kind != engine::CoolerKind::RearDoor)
    {
      models.emplace_back(id, *kind);
    }
  }
  return models;
}

} // namespace

engine::edit::AddCooler AddEquipmentDialog::suggestedCooler(const engine::Scene& scene,
                                                            const engine::Catalog& catalog)
{
  engine::edit::AddCooler edit;
  edit.unit.supplySetpointC = 20;
  const auto models = floorCoolers(catalog);
  if (scene.site.halls.empty() || models.empty())
  {
    return edit;
  }
  const engine::Hall& hall = scene.site.halls.front();
  edit.hallId = hall.id;
  edit.unit.model = models.front().first;
  edit.unit.kind = models.front().second;
  // Along the low-Y wall facing into the hall, then along the high-Y wall facing back: the
  // first place the placement rules accept, tried on one copy of the scene.
  const engine::Box size = engine::coolerBox(edit.unit, catalog);
  const double depth = size.y1 - size.y0;
  engine::Scene trial = scene;
  for (const auto& [y, facing] :
       { std::pair{ 0.0, engine::Facing::PlusY },
         std::pair{ std::floor((hall.depthM - depth) / kTileM) * kTileM, engine::Facing::MinusY } })
  {
    for (double x = 0; x + (size.x1 - size.x0) <= hall.widthM; x += kTileM)
    {
      engine::edit::AddCooler candidate = edit;
      candidate.unit.xM = x;
      candidate.unit.yM = y;
      candidate.unit.facing = facing;
      try
      {
        engine::edit::applyEdit(trial, catalog, candidate);
        return candidate;
      }
      catch (const engine::Error&)
      {
        // occupied or too close to a wall: next tile
      }
    }
  }
  return edit;
}

engine::edit::AddFeed AddEquipmentDialog::suggestedFeed(const engine::Scene& scene)
{
  engine::edit::AddFeed edit;
  edit.feed.capacityW = 2.5e6;
  edit.feed.redundancy = engine::Redundancy::TwoN;
  if (scene.site.halls.empty())
  {
    return edit;
  }
  const engine::Hall& hall = scene.site.halls.front();
  edit.hallId = hall.id;
  if (!hall.feeds.empty())
  {
    edit.feed.capacityW = hall.feeds.front().capacityW;
    edit.feed.redundancy = hall.feeds.front().redundancy;
    edit.feed.voltageV = hall.feeds.front().voltageV;
  }
  edit.feed.name = "F" + std::to_string(hall.feeds.size() + 1);
  return edit;
}

AddEquipmentDialog::AddEquipmentDialog(Kind kind, const engine::Scene& scene,
                                       const engine::Catalog& catalog, QWidget* parent)
  : QDialog(parent)
  , m_kind(kind)
  , m_catalog(catalog)
{
  auto* form = new QFormLayout(this);
  m_hall = new QComboBox(this);
  for (const engine::Hall& hall : scene.site.halls)
  {
    m_hall->addItem(QString::fromStdString(hall.id), QString::fromStdString(hall.id));
  }
  form->addRow(tr("Hall:"), m_hall);
  if (kind == Kind::Cooler)
  {
    setWindowTitle(tr("Add cooling unit"));
    setObjectName(QStringLiteral("addCoolerDialog"));
    buildCoolerFields(catalog);
  }
  else
  {
    setWindowTitle(tr("Add power feed"));
    setObjectName(QStringLiteral("addFeedDialog"));
    buildFeedFields();
  }
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  form->addRow(buttons);
  if (kind == Kind::Cooler)
  {
    setEdit(suggestedCooler(scene, catalog));
  }
  else
  {
    setEdit(suggestedFeed(scene));
  }
}

void AddEquipmentDialog::buildCoolerFields(const engine::Catalog& catalog)
{
  auto* form = static_cast<QFormLayout*>(layout());
  m_model = new QComboBox(this);
  m_model->setObjectName(QStringLiteral("coolerModel"));
  for (const auto& [id, kind] : floorCoolers(catalog))
  {
    m_model->addItem(QStringLiteral("%1 (%2)").arg(QString::fromStdString(id),
                                                   QString::fromUtf8(engine::toString(kind))),
                     QString::fromStdString(id));
  }
  m_modelInfo = new QLabel(this);
  m_modelInfo->setWordWrap(true);
  const auto metres = [this]
  {
    auto* spin = new QDoubleSpinBox(this);
    spin->setRange(0, 10000);
    spin->setDecimals(2);
    spin->setSingleStep(kTileM);
    spin->setSuffix(tr(" m"));
    return spin;
  };
  m_x = metres();
  m_y = metres();
  m_facing = new QComboBox(this);
  m_facing->addItem(tr("+Y (supply air towards +Y)"), static_cast<int>(engine::Facing::PlusY));
  m_facing->addItem(tr("−Y (supply air towards −Y)"), static_cast<int>(engine::Facing::MinusY));
  m_setpoint = new QDoubleSpinBox(this);
  m_setpoint->setObjectName(QStringLiteral("coolerSetpoint"));
  m_setpoint->setRange(5, 40); // what the engine accepts
  m_setpoint->setDecimals(1);
  m_setpoint->setSuffix(tr(" °C"));
  form->addRow(tr("Model:"), m_model);
  form->addRow(QString(), m_modelInfo);
  form->addRow(tr("X (low corner):"), m_x);
  form->addRow(tr("Y (low corner):"), m_y);
  form->addRow(tr("Supply towards:"), m_facing);
  form->addRow(tr("Supply setpoint:"), m_setpoint);
  connect(m_model, &QComboBox::currentIndexChanged, this, &AddEquipmentDialog::updateModelInfo);
}

void AddEquipmentDialog::buildFeedFields()
{
  auto* form = static_cast<QFormLayout*>(layout());
  m_name = new QLineEdit(this);
  m_capacityMw = new QDoubleSpinBox(this);
  m_capacityMw->setObjectName(QStringLiteral("feedCapacity"));
  m_capacityMw->setRange(0, 1000);
  m_capacityMw->setDecimals(3);
  m_capacityMw->setSuffix(tr(" MW"));
  m_redundancy = new QComboBox(this);
  for (const engine::Redundancy r :
       { engine::Redundancy::N, engine::Redundancy::NPlus1, engine::Redundancy::TwoN })
  {
    m_redundancy->addItem(QString::fromUtf8(engine::toString(r)), static_cast<int>(r));
  }
  m_voltage = new QDoubleSpinBox(this);
  m_voltage->setRange(1, 100000);
  m_voltage->setDecimals(0);
  m_voltage->setSuffix(tr(" V"));
  form->addRow(tr("Name:"), m_name);
  form->addRow(tr("Capacity:"), m_capacityMw);
  form->addRow(tr("Redundancy:"), m_redundancy);
  form->addRow(tr("Voltage:"), m_voltage);
}

void AddEquipmentDialog::updateModelInfo()
{
  const engine::Part* part = m_catalog.find(m_model->currentData().toString().toStdString());
  if (!part)
  {
    m_modelInfo->clear();
    return;
  }
  m_modelInfo->setText(tr("%1 — %2 kW, %3 × %4 m")
                         .arg(QString::fromStdString(part->name))
                         .arg(part->valueOr("capacityW", 0) / 1000.0, 0, 'f', 0)
                         .arg(part->valueOr("widthM", 0), 0, 'f', 1)
                         .arg(part->valueOr("depthM", 0), 0, 'f', 1));
}

void AddEquipmentDialog::setEdit(const engine::edit::Edit& edit)
{
  if (const auto* cooler = std::get_if<engine::edit::AddCooler>(&edit); cooler && m_model)
  {
    selectData(m_hall, QString::fromStdString(cooler->hallId));
    selectData(m_model, QString::fromStdString(cooler->unit.model));
    m_x->setValue(cooler->unit.xM);
    m_y->setValue(cooler->unit.yM);
    selectData(m_facing, static_cast<int>(cooler->unit.facing));
    m_setpoint->setValue(cooler->unit.supplySetpointC);
    updateModelInfo();
  }
  else if (const auto* feed = std::get_if<engine::edit::AddFeed>(&edit); feed && m_name)
  {
    selectData(m_hall, QString::fromStdString(feed->hallId));
    m_name->setText(QString::fromStdString(feed->feed.name));
    m_capacityMw->setValue(feed->feed.capacityW / 1e6);
    selectData(m_redundancy, static_cast<int>(feed->feed.redundancy));
    m_voltage->setValue(feed->feed.voltageV);
  }
}

engine::edit::Edit AddEquipmentDialog::edit() const
{
  const std::string hallId = m_hall->currentData().toString().toStdString();
  if (m_kind == Kind::Cooler)
  {
    engine::edit::AddCooler edit;
    edit.hallId = hallId;
    edit.unit.model = m_model->currentData().toString().toStdString();
    edit.unit.kind = kindOfModel(m_catalog, edit.unit.model).value_or(edit.unit.kind);
    edit.unit.xM = m_x->value();
    edit.unit.yM = m_y->value();
    edit.unit.facing = static_cast<engine::Facing>(m_facing->currentData().toInt());
    edit.unit.supplySetpointC = m_setpoint->value();
    return edit;
  }
  engine::edit::AddFeed edit;
  edit.hallId = hallId;
  edit.feed.name = m_name->text().trimmed().toStdString();
  edit.feed.capacityW = m_capacityMw->value() * 1e6;
  edit.feed.redundancy = static_cast<engine::Redundancy>(m_redundancy->currentData().toInt());
  edit.feed.voltageV = m_voltage->value();
  return edit;
}

} // namespace myriad::app
