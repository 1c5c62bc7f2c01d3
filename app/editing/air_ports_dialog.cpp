/**
 * @file air_ports_dialog.cpp
 * Tables of a hall's floor tiles and return grilles, applied as one SetAirPorts edit
 * (air_ports_dialog.h).
 */

#include "air_ports_dialog.h"

#include <QDialogButtonBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

#include <set>
#include <utility>

namespace myriad::app
{

namespace
{

// Columns of both tables: id, corner, size; tiles add open area and a measured flow.
enum Column
{
  kId = 0,
  kX,
  kY,
  kWidth,
  kDepth,
  kOpenArea,
  kFlow
};

/** The cell's number in the interface's locale (or the C locale, as typed by a script). */
bool readNumber(const QTableWidget* table, int row, int column, double& value)
{
  const QTableWidgetItem* item = table->item(row, column);
  const QString text = item ? item->text().trimmed() : QString();
  bool ok = false;
  value = QLocale().toDouble(text, &ok);
  if (!ok)
  {
    value = QLocale::c().toDouble(text, &ok);
  }
  return ok;
}

QString cellText(const QTableWidget* table, int row, int column)
{
  const QTableWidgetItem* item = table->item(row, column);
  return item ? item->text().trimmed() : QString();
}

} // namespace

AirPortsDialog::AirPortsDialog(const engine::Hall& hall, Apply apply, QWidget* parent)
  : QDialog(parent)
  , m_hallId(hall.id)
  , m_apply(std::move(apply))
{
  setObjectName(QStringLiteral("airPortsDialog"));
  setWindowTitle(tr("Floor Tiles and Return Grilles — %1").arg(QString::fromStdString(hall.id)));
  auto* layout = new QVBoxLayout(this);
  auto* intro = new QLabel(
    tr("Perforated tiles deliver the raised floor's supply, shared by open area unless a flow "
       "was measured. With return grilles the air handlers draw their return through the "
       "ceiling. Positions are the low corner, in metres from the hall's origin."),
    this);
  intro->setWordWrap(true);
  layout->addWidget(intro);

  const auto addGroup =
    [this, layout](const QString& title, QTableWidget* table, const QString& addName, auto addRow)
  {
    auto* box = new QGroupBox(title, this);
    auto* boxLayout = new QVBoxLayout(box);
    boxLayout->addWidget(table);
    auto* buttons = new QHBoxLayout;
    auto* add = new QPushButton(tr("Add"), box);
    add->setObjectName(addName);
    auto* remove = new QPushButton(tr("Remove Selected"), box);
    connect(add, &QPushButton::clicked, this, addRow);
    connect(remove, &QPushButton::clicked, this,
            [table]
            {
              const QList<QTableWidgetSelectionRange> ranges = table->selectedRanges();
              for (auto it = ranges.crbegin(); it != ranges.crend(); ++it)
              {
                for (int row = it->bottomRow(); row >= it->topRow(); --row)
                {
                  table->removeRow(row);
                }
              }
            });
    buttons->addWidget(add);
    buttons->addWidget(remove);
    buttons->addStretch();
    boxLayout->addLayout(buttons);
    layout->addWidget(box);
  };
  m_tiles = makeTable({ tr("Id"), tr("X (m)"), tr("Y (m)"), tr("Width (m)"), tr("Depth (m)"),
                        tr("Open area (%)"), tr("Measured flow (m³/s, 0 = by open area)") });
  m_tiles->setObjectName(QStringLiteral("tilesTable"));
  m_grilles = makeTable({ tr("Id"), tr("X (m)"), tr("Y (m)"), tr("Width (m)"), tr("Depth (m)") });
  m_grilles->setObjectName(QStringLiteral("grillesTable"));
  addGroup(tr("Perforated floor tiles"), m_tiles, QStringLiteral("addTileButton"),
           [this] { addTile(); });
  addGroup(tr("Ceiling return grilles"), m_grilles, QStringLiteral("addGrilleButton"),
           [this] { addGrille(); });

  m_error = new QLabel(this);
  m_error->setObjectName(QStringLiteral("airPortsError"));
  m_error->setWordWrap(true);
  m_error->setStyleSheet(QStringLiteral("color: #b00020"));
  layout->addWidget(m_error);
  auto* box = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  connect(box, &QDialogButtonBox::accepted, this, &AirPortsDialog::accept);
  connect(box, &QDialogButtonBox::rejected, this, &AirPortsDialog::reject);
  layout->addWidget(box);

  setAirPorts({ hall.id, hall.tiles, hall.grilles });
  resize(820, 560);
}

QTableWidget* AirPortsDialog::makeTable(const QStringList& headers)
{
  auto* table = new QTableWidget(0, static_cast<int>(headers.size()), this);
  table->setHorizontalHeaderLabels(headers);
  table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table->verticalHeader()->setVisible(false);
  table->setSelectionBehavior(QAbstractItemView::SelectRows);
  return table;
}

void AirPortsDialog::setNumber(QTableWidget* table, int row, int column, double value, int decimals)
{
  auto* item = new QTableWidgetItem(QLocale().toString(value, 'f', decimals));
  item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  table->setItem(row, column, item);
}

void AirPortsDialog::fillTile(int row, const engine::FloorTile& tile)
{
  m_tiles->setItem(row, kId, new QTableWidgetItem(QString::fromStdString(tile.id)));
  setNumber(m_tiles, row, kX, tile.xM, 2);
  setNumber(m_tiles, row, kY, tile.yM, 2);
  setNumber(m_tiles, row, kWidth, tile.widthM, 2);
  setNumber(m_tiles, row, kDepth, tile.depthM, 2);
  setNumber(m_tiles, row, kOpenArea, tile.openAreaPct, 1);
  setNumber(m_tiles, row, kFlow, tile.flowM3s, 3);
}

void AirPortsDialog::fillGrille(int row, const engine::ReturnGrille& grille)
{
  m_grilles->setItem(row, kId, new QTableWidgetItem(QString::fromStdString(grille.id)));
  setNumber(m_grilles, row, kX, grille.xM, 2);
  setNumber(m_grilles, row, kY, grille.yM, 2);
  setNumber(m_grilles, row, kWidth, grille.widthM, 2);
  setNumber(m_grilles, row, kDepth, grille.depthM, 2);
}

void AirPortsDialog::setAirPorts(const engine::edit::SetAirPorts& ports)
{
  m_tiles->setRowCount(static_cast<int>(ports.tiles.size()));
  for (int row = 0; row < m_tiles->rowCount(); ++row)
  {
    fillTile(row, ports.tiles[static_cast<std::size_t>(row)]);
  }
  m_grilles->setRowCount(static_cast<int>(ports.grilles.size()));
  for (int row = 0; row < m_grilles->rowCount(); ++row)
  {
    fillGrille(row, ports.grilles[static_cast<std::size_t>(row)]);
  }
}

engine::edit::SetAirPorts AirPortsDialog::airPorts(QString* error) const
{
  engine::edit::SetAirPorts ports;
  ports.hallId = m_hallId;
  QString firstError;
  // Reads the numeric columns of one row; the first bad cell is named by table, row, column.
  const auto numbers = [&](const QTableWidget* table, const QString& what, int row, int columns)
  {
    std::vector<double> values(static_cast<std::size_t>(columns), 0.0);
    for (int column = kX; column < columns; ++column)
    {
      if (!readNumber(table, row, column, values[static_cast<std::size_t>(column)]) &&
          firstError.isEmpty())
      {
        firstError =
          tr("%1, row %2, %3: a number is expected (got \"%4\")")
            .arg(what)
            .arg(row + 1)
            .arg(table->horizontalHeaderItem(column)->text(), cellText(table, row, column));
      }
    }
    return values;
  };
  for (int row = 0; row < m_tiles->rowCount(); ++row)
  {
    const std::vector<double> v = numbers(m_tiles, tr("Tiles"), row, kFlow + 1);
    ports.tiles.push_back({ cellText(m_tiles, row, kId).toStdString(), v[kX], v[kY], v[kWidth],
                            v[kDepth], v[kOpenArea], v[kFlow] });
  }
  for (int row = 0; row < m_grilles->rowCount(); ++row)
  {
    const std::vector<double> v = numbers(m_grilles, tr("Grilles"), row, kDepth + 1);
    ports.grilles.push_back(
      { cellText(m_grilles, row, kId).toStdString(), v[kX], v[kY], v[kWidth], v[kDepth] });
  }
  if (error)
  {
    *error = firstError;
  }
  return ports;
}

QString AirPortsDialog::freeId(const QTableWidget* table, const QString& prefix)
{
  std::set<QString> used;
  for (int row = 0; row < table->rowCount(); ++row)
  {
    used.insert(cellText(table, row, kId));
  }
  for (int n = table->rowCount() + 1;; ++n)
  {
    const QString id = prefix + QString::number(n);
    if (!used.count(id))
    {
      return id;
    }
  }
}

int AirPortsDialog::addTile()
{
  // The next floor tile along X after the last one, same size and open area; the rows typed so
  // far stay as typed.
  const engine::edit::SetAirPorts ports = airPorts();
  engine::FloorTile tile;
  tile.xM = 0.6, tile.yM = 0.6;
  if (!ports.tiles.empty())
  {
    tile = ports.tiles.back();
    tile.xM += tile.widthM;
    tile.flowM3s = 0;
  }
  tile.id = freeId(m_tiles, QString::fromStdString(m_hallId) + QStringLiteral("-T")).toStdString();
  const int row = m_tiles->rowCount();
  m_tiles->insertRow(row);
  fillTile(row, tile);
  m_tiles->selectRow(row);
  return row;
}

int AirPortsDialog::addGrille()
{
  const engine::edit::SetAirPorts ports = airPorts();
  engine::ReturnGrille grille;
  grille.xM = 0.6, grille.yM = 0.6;
  if (!ports.grilles.empty())
  {
    grille = ports.grilles.back();
    grille.xM += grille.widthM;
  }
  grille.id =
    freeId(m_grilles, QString::fromStdString(m_hallId) + QStringLiteral("-G")).toStdString();
  const int row = m_grilles->rowCount();
  m_grilles->insertRow(row);
  fillGrille(row, grille);
  m_grilles->selectRow(row);
  return row;
}

QString AirPortsDialog::errorText() const
{
  return m_error->text();
}

void AirPortsDialog::accept()
{
  QString error;
  const engine::edit::SetAirPorts ports = airPorts(&error);
  if (error.isEmpty())
  {
    error = m_apply(ports); // the engine's checks: inside the hall, open area, ids, raised floor
  }
  m_error->setText(error);
  if (error.isEmpty())
  {
    QDialog::accept();
  }
}

} // namespace myriad::app
