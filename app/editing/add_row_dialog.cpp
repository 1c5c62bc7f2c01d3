#include "add_row_dialog.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/error.h"
#include "myriad/engine/query.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QSpinBox>

#include <algorithm>
#include <cmath>

namespace myriad::app
{

namespace
{

constexpr double kTileM = 0.6;
constexpr double kAisleM = 1.2; // two floor tiles between the last row and the new one

QComboBox* comboOf(QWidget* parent, const std::vector<std::pair<QString, int>>& items)
{
  auto* combo = new QComboBox(parent);
  for (const auto& [text, value] : items)
  {
    combo->addItem(text, value);
  }
  return combo;
}

void selectData(QComboBox* combo, const QVariant& value)
{
  const int index = combo->findData(value);
  if (index >= 0)
  {
    combo->setCurrentIndex(index);
  }
}

/** First of `candidates` (Y of the row) where `row` passes the placement rules; else the first. */
double firstFreeY(const engine::edit::AddRow& row, const std::vector<double>& candidates,
                  const engine::Scene& scene, const engine::Catalog& catalog)
{
  engine::Scene trial = scene; // one copy: a refused edit leaves it unchanged
  for (const double y : candidates)
  {
    engine::edit::AddRow candidate = row;
    candidate.yM = y;
    try
    {
      engine::edit::applyEdit(trial, catalog, candidate);
      return y;
    }
    catch (const engine::Error&)
    {
      // occupied or outside the hall: next candidate
    }
  }
  return candidates.front();
}

} // namespace

engine::edit::AddRow AddRowDialog::suggestedRow(const engine::Scene& scene,
                                                const engine::Catalog& catalog)
{
  engine::edit::AddRow row;
  row.rackCount = 8;
  if (scene.site.halls.empty())
  {
    return row;
  }
  const engine::Hall& hall = scene.site.halls.front();
  row.hallId = hall.id;
  row.name = QStringLiteral("R%1").arg(hall.rows.size() + 1, 2, 10, QLatin1Char('0')).toStdString();
  double minX = hall.widthM;
  double minY = hall.depthM;
  double maxY = 0;
  double depth = 1.2;
  const engine::Rack* model = nullptr;
  for (const engine::Row& existing : hall.rows)
  {
    for (const engine::Rack& rack : existing.racks)
    {
      const engine::Box box = engine::rackBox(rack, catalog);
      minX = std::min(minX, box.x0);
      minY = std::min(minY, box.y0);
      maxY = std::max(maxY, box.y1);
      depth = box.y1 - box.y0;
      if (!model && rack.kind == engine::RackKind::Compute && !rack.nodes.empty())
      {
        model = &rack;
      }
    }
  }
  row.xM = minX < hall.widthM ? minX : kTileM;
  // Behind the last row, else in front of the first one, else the first free place scanning
  // the hall tile by tile: each candidate is tried on a copy of the scene (placement rules).
  std::vector<double> candidates{ std::ceil((maxY + kAisleM) / kTileM - 1e-9) * kTileM,
                                  std::floor((minY - kAisleM - depth) / kTileM + 1e-9) * kTileM };
  for (double y = 0; y + depth <= hall.depthM; y += kTileM)
  {
    candidates.push_back(y);
  }
  if (model)
  {
    row.rackModel = model->model;
    row.serverModel = model->nodes.front().model;
    row.nodesPerRack = static_cast<int>(model->nodes.size());
    row.cooling = model->cooling;
    row.facing = model->facing;
    row.feeds = model->feeds;
  }
  else if (!catalog.idsOf("rack").empty())
  {
    row.rackModel = catalog.idsOf("rack").front();
  }
  row.yM = firstFreeY(row, candidates, scene, catalog);
  return row;
}

AddRowDialog::AddRowDialog(const engine::Scene& scene, const engine::Catalog& catalog,
                           QWidget* parent)
  : QDialog(parent)
{
  setWindowTitle(tr("Add row"));
  setObjectName(QStringLiteral("addRowDialog"));
  auto* form = new QFormLayout(this);
  m_hall = new QComboBox(this);
  for (const engine::Hall& hall : scene.site.halls)
  {
    m_hall->addItem(QString::fromStdString(hall.id), QString::fromStdString(hall.id));
  }
  m_name = new QLineEdit(this);
  const auto metres = [this](double max)
  {
    auto* spin = new QDoubleSpinBox(this);
    spin->setRange(0, max);
    spin->setDecimals(2);
    spin->setSingleStep(kTileM);
    spin->setSuffix(tr(" m"));
    return spin;
  };
  m_x = metres(10000);
  m_y = metres(10000);
  m_racks = new QSpinBox(this);
  m_racks->setRange(1, 500);
  m_facing =
    comboOf(this, { { tr("+Y (intake faces +Y)"), static_cast<int>(engine::Facing::PlusY) },
                    { tr("−Y (intake faces −Y)"), static_cast<int>(engine::Facing::MinusY) } });
  m_kind = comboOf(this, { { tr("Compute"), static_cast<int>(engine::RackKind::Compute) },
                           { tr("Network"), static_cast<int>(engine::RackKind::Network) },
                           { tr("Storage"), static_cast<int>(engine::RackKind::Storage) },
                           { tr("Power"), static_cast<int>(engine::RackKind::Power) },
                           { tr("Cooling"), static_cast<int>(engine::RackKind::Cooling) } });
  m_rackModel = new QComboBox(this);
  for (const std::string& id : catalog.idsOf("rack"))
  {
    m_rackModel->addItem(QString::fromStdString(id), QString::fromStdString(id));
  }
  m_serverModel = new QComboBox(this);
  m_serverModel->addItem(tr("(empty racks)"), QString());
  for (const std::string& id : catalog.idsOf("server"))
  {
    if (catalog.part(id).attributes.count("placeholder"))
      continue; // stand-ins for imported device types, not parts to build with
    m_serverModel->addItem(QString::fromStdString(id), QString::fromStdString(id));
  }
  m_nodes = new QSpinBox(this);
  m_nodes->setRange(0, 32);
  m_cooling =
    comboOf(this, { { tr("Air"), static_cast<int>(engine::CoolingStyle::Air) },
                    { tr("Liquid"), static_cast<int>(engine::CoolingStyle::Liquid) },
                    { tr("Immersion"), static_cast<int>(engine::CoolingStyle::Immersion) } });
  form->addRow(tr("Hall:"), m_hall);
  form->addRow(tr("Row name:"), m_name);
  form->addRow(tr("First rack X:"), m_x);
  form->addRow(tr("First rack Y:"), m_y);
  form->addRow(tr("Racks:"), m_racks);
  form->addRow(tr("Facing:"), m_facing);
  form->addRow(tr("Kind:"), m_kind);
  form->addRow(tr("Rack enclosure:"), m_rackModel);
  form->addRow(tr("Server:"), m_serverModel);
  form->addRow(tr("Servers per rack:"), m_nodes);
  form->addRow(tr("Cooling:"), m_cooling);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  form->addRow(buttons);
  setEdit(suggestedRow(scene, catalog));
}

void AddRowDialog::setEdit(const engine::edit::AddRow& edit)
{
  selectData(m_hall, QString::fromStdString(edit.hallId));
  m_name->setText(QString::fromStdString(edit.name));
  m_x->setValue(edit.xM);
  m_y->setValue(edit.yM);
  m_racks->setValue(edit.rackCount);
  selectData(m_facing, static_cast<int>(edit.facing));
  selectData(m_kind, static_cast<int>(edit.kind));
  selectData(m_rackModel, QString::fromStdString(edit.rackModel));
  selectData(m_serverModel, QString::fromStdString(edit.serverModel));
  m_nodes->setValue(edit.nodesPerRack);
  selectData(m_cooling, static_cast<int>(edit.cooling));
  m_feeds = edit.feeds;
}

engine::edit::AddRow AddRowDialog::edit() const
{
  engine::edit::AddRow edit;
  edit.hallId = m_hall->currentData().toString().toStdString();
  edit.name = m_name->text().trimmed().toStdString();
  edit.xM = m_x->value();
  edit.yM = m_y->value();
  edit.rackCount = m_racks->value();
  edit.facing = static_cast<engine::Facing>(m_facing->currentData().toInt());
  edit.kind = static_cast<engine::RackKind>(m_kind->currentData().toInt());
  edit.rackModel = m_rackModel->currentData().toString().toStdString();
  edit.serverModel = m_serverModel->currentData().toString().toStdString();
  edit.nodesPerRack = edit.serverModel.empty() ? 0 : m_nodes->value();
  edit.cooling = static_cast<engine::CoolingStyle>(m_cooling->currentData().toInt());
  edit.feeds = m_feeds;
  return edit;
}

} // namespace myriad::app
