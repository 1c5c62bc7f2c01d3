#pragma once
// Table models of the Fabric dock (private to fabric_panel.cpp): the BOM lines, the cut sheet (one
// row per cable, resolved to display text once), the cut-sheet proxy with its rack and tray
// filters, and the tray segments.

#include "fabric_panel.h"
#include "number_format.h"

#include <QAbstractTableModel>
#include <QCoreApplication>
#include <QSortFilterProxyModel>
#include <QString>

#include <cmath>
#include <vector>

namespace myriad::app
{

/**
 * The tables' translation context. The models have no Q_OBJECT, so their own tr() would look
 * strings up under QAbstractTableModel's context at run time, where lupdate never puts them.
 */
class FabricTablesText
{
  Q_DECLARE_TR_FUNCTIONS(myriad::app::FabricTables)
};

class BomTableModel final : public QAbstractTableModel
{
public:
  using QAbstractTableModel::QAbstractTableModel;

  void setLines(std::vector<engine::fabric::BomLine> lines)
  {
    beginResetModel();
    m_lines = std::move(lines);
    endResetModel();
  }

  int rowCount(const QModelIndex& parent = {}) const override
  {
    return parent.isValid() ? 0 : static_cast<int>(m_lines.size());
  }
  int columnCount(const QModelIndex& parent = {}) const override
  {
    return parent.isValid() ? 0 : FabricPanel::BomColumnCount;
  }

  QVariant data(const QModelIndex& index, int role) const override
  {
    if (!index.isValid() ||
        (role != Qt::DisplayRole && role != FabricPanel::SortRole && role != Qt::TextAlignmentRole))
    {
      return {};
    }
    const engine::fabric::BomLine& line = m_lines[index.row()];
    const bool numeric = index.column() >= FabricPanel::BomQuantity;
    if (role == Qt::TextAlignmentRole)
    {
      return numeric ? QVariant(int(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    }
    const double total = line.quantity * line.unitPowerW;
    switch (index.column())
    {
      case FabricPanel::BomCategory:
        return QString::fromStdString(line.category);
      case FabricPanel::BomPart:
        return QString::fromStdString(line.part);
      case FabricPanel::BomDetail:
        return QString::fromStdString(line.detail);
      case FabricPanel::BomQuantity:
        return role == FabricPanel::SortRole ? QVariant(line.quantity)
                                             : QVariant(formatInteger(line.quantity));
      case FabricPanel::BomUnitPower:
        return role == FabricPanel::SortRole ? QVariant(line.unitPowerW)
                                             : QVariant(formatFixed(line.unitPowerW, 1));
      case FabricPanel::BomTotalPower:
        return role == FabricPanel::SortRole ? QVariant(total) : QVariant(formatFixed(total, 1));
      default:
        return {};
    }
  }

  QVariant headerData(int section, Qt::Orientation orientation, int role) const override
  {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
    {
      return QAbstractTableModel::headerData(section, orientation, role);
    }
    static const char* names[] = { QT_TRANSLATE_NOOP("myriad::app::FabricTables", "Category"),
                                   QT_TRANSLATE_NOOP("myriad::app::FabricTables", "Part"),
                                   QT_TRANSLATE_NOOP("myriad::app::FabricTables", "Detail"),
                                   QT_TRANSLATE_NOOP("myriad::app::FabricTables", "Quantity"),
                                   QT_TRANSLATE_NOOP("myriad::app::FabricTables", "Unit power W"),
                                   QT_TRANSLATE_NOOP("myriad::app::FabricTables",
                                                     "Total power W") };
    return section >= 0 && section < FabricPanel::BomColumnCount
             ? FabricTablesText::tr(names[section])
             : QVariant();
  }

private:
  std::vector<engine::fabric::BomLine> m_lines;
};

/** One cut-sheet row, resolved once when the fabric is set (ids and racks as display text). */
struct CutRow
{
  int cable = 0;
  QString tier, aDevice, aRack, bDevice, bRack, medium;
  int aUnit = 0, aPort = 0, bUnit = 0, bPort = 0;
  double lengthM = 0;
};

class CutSheetTableModel final : public QAbstractTableModel
{
public:
  using QAbstractTableModel::QAbstractTableModel;

  void setFabric(const FabricData* data, const engine::Scene* scene)
  {
    beginResetModel();
    m_rows.clear();
    if (data && scene)
    {
      fill(*data, *scene);
    }
    endResetModel();
  }

  const CutRow& row(int r) const { return m_rows.at(r); }
  int rowOfCable(int cable) const
  {
    // Rows are in cable order, but skip none: the row index is the cable index.
    return cable >= 0 && cable < static_cast<int>(m_rows.size()) ? cable : -1;
  }

  int rowCount(const QModelIndex& parent = {}) const override
  {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
  }
  int columnCount(const QModelIndex& parent = {}) const override
  {
    return parent.isValid() ? 0 : FabricPanel::CutColumnCount;
  }

  QVariant data(const QModelIndex& index, int role) const override
  {
    if (!index.isValid() || (role != Qt::DisplayRole && role != FabricPanel::SortRole))
    {
      return {};
    }
    const CutRow& r = m_rows[index.row()];
    const bool sort = role == FabricPanel::SortRole;
    switch (index.column())
    {
      case FabricPanel::CutCable:
        return sort ? QVariant(r.cable) : QVariant(formatInteger(r.cable + 1));
      case FabricPanel::CutTier:
        return r.tier;
      case FabricPanel::CutADevice:
        return r.aDevice;
      case FabricPanel::CutARack:
        return r.aRack;
      case FabricPanel::CutAUnit:
        return r.aUnit;
      case FabricPanel::CutAPort:
        return r.aPort;
      case FabricPanel::CutBDevice:
        return r.bDevice;
      case FabricPanel::CutBRack:
        return r.bRack;
      case FabricPanel::CutBUnit:
        return r.bUnit;
      case FabricPanel::CutBPort:
        return r.bPort;
      case FabricPanel::CutMedium:
        return r.medium;
      case FabricPanel::CutLength:
        return sort ? QVariant(r.lengthM) : QVariant(formatFixed(r.lengthM, 2));
      default:
        return {};
    }
  }

  QVariant headerData(int section, Qt::Orientation orientation, int role) const override
  {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
    {
      return QAbstractTableModel::headerData(section, orientation, role);
    }
    static const char* names[] = { QT_TRANSLATE_NOOP("myriad::app::FabricTables", "Cable"),
                                   QT_TRANSLATE_NOOP("myriad::app::FabricTables", "Tier"),
                                   QT_TRANSLATE_NOOP("myriad::app::FabricTables", "A device"),
                                   QT_TRANSLATE_NOOP("myriad::app::FabricTables", "A rack"),
                                   QT_TRANSLATE_NOOP("myriad::app::FabricTables", "A unit"),
                                   QT_TRANSLATE_NOOP("myriad::app::FabricTables", "A port"),
                                   QT_TRANSLATE_NOOP("myriad::app::FabricTables", "B device"),
                                   QT_TRANSLATE_NOOP("myriad::app::FabricTables", "B rack"),
                                   QT_TRANSLATE_NOOP("myriad::app::FabricTables", "B unit"),
                                   QT_TRANSLATE_NOOP("myriad::app::FabricTables", "B port"),
                                   QT_TRANSLATE_NOOP("myriad::app::FabricTables", "Medium"),
                                   QT_TRANSLATE_NOOP("myriad::app::FabricTables", "Length m") };
    return section >= 0 && section < FabricPanel::CutColumnCount
             ? FabricTablesText::tr(names[section])
             : QVariant();
  }

private:
  void fill(const FabricData& data, const engine::Scene& scene)
  {
    const engine::fabric::FabricGraph& g = data.graph;
    std::vector<QString> rackIds(g.devices().size());
    std::vector<QString> deviceIds(g.devices().size());
    auto resolve = [&](int d)
    {
      if (deviceIds[d].isEmpty())
      {
        const engine::fabric::Device& device = g.device(d);
        deviceIds[d] = QString::fromStdString(device.id);
        const engine::fabric::Location& loc = device.location;
        rackIds[d] = loc.placed()
                       ? QString::fromStdString(
                           scene.site.halls.at(loc.hall).rows.at(loc.row).racks.at(loc.rack).id)
                       : QString();
      }
    };
    m_rows.reserve(data.cabling.cables.size());
    for (int c = 0; c < static_cast<int>(data.cabling.cables.size()); ++c)
    {
      const engine::fabric::Cable& cable = data.cabling.cables[c];
      const engine::fabric::Link& link = g.links()[cable.link];
      resolve(link.a.device);
      resolve(link.b.device);
      CutRow row;
      row.cable = c;
      row.tier = QString::fromUtf8(engine::fabric::toString(link.tier));
      row.aDevice = deviceIds[link.a.device];
      row.aRack = rackIds[link.a.device];
      row.aUnit = g.device(link.a.device).location.slotU;
      row.aPort = link.a.port + 1;
      row.bDevice = deviceIds[link.b.device];
      row.bRack = rackIds[link.b.device];
      row.bUnit = g.device(link.b.device).location.slotU;
      row.bPort = link.b.port + 1;
      row.medium = cable.medium >= 0 ? QString::fromStdString(data.cabling.media[cable.medium].name)
                                     : QObject::tr("unreachable");
      row.lengthM = cable.lengthM;
      m_rows.push_back(std::move(row));
    }
  }

  std::vector<CutRow> m_rows;
};

/** Cut-sheet proxy: the text filter over all columns, and optionally one rack. */
class CutSheetProxy final : public QSortFilterProxyModel
{
public:
  using QSortFilterProxyModel::QSortFilterProxyModel;

  void setRack(const QString& rack)
  {
    m_rack = rack;
    invalidateFilter();
  }
  const QString& rack() const { return m_rack; }
  /** Show only the rows (= cables) whose entry is true; empty: every row. */
  void setCableMask(std::vector<bool> mask)
  {
    m_mask = std::move(mask);
    invalidateFilter();
  }

protected:
  bool filterAcceptsRow(int row, const QModelIndex& parent) const override
  {
    if (!m_mask.empty() && (row >= static_cast<int>(m_mask.size()) || !m_mask[row]))
    {
      return false;
    }
    if (!m_rack.isEmpty())
    {
      const QAbstractItemModel* m = sourceModel();
      if (m->index(row, FabricPanel::CutARack, parent).data().toString() != m_rack &&
          m->index(row, FabricPanel::CutBRack, parent).data().toString() != m_rack)
      {
        return false;
      }
    }
    return QSortFilterProxyModel::filterAcceptsRow(row, parent);
  }

private:
  QString m_rack;
  std::vector<bool> m_mask;
};

/** The tray segments: cables, chosen tray size and levels, fill (sortable by number). */
class TrayTableModel final : public QAbstractTableModel
{
public:
  using QAbstractTableModel::QAbstractTableModel;

  void setTrays(std::vector<engine::fabric::TraySegment> trays)
  {
    beginResetModel();
    m_trays = std::move(trays);
    endResetModel();
  }

  int rowCount(const QModelIndex& parent = {}) const override
  {
    return parent.isValid() ? 0 : static_cast<int>(m_trays.size());
  }
  int columnCount(const QModelIndex& parent = {}) const override
  {
    return parent.isValid() ? 0 : FabricPanel::TrayColumnCount;
  }

  QVariant data(const QModelIndex& index, int role) const override
  {
    if (!index.isValid())
    {
      return {};
    }
    const engine::fabric::TraySegment& t = m_trays[index.row()];
    if (role == Qt::TextAlignmentRole)
    {
      const bool text = index.column() == FabricPanel::TrayKind;
      return text ? QVariant() : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    }
    if (role == Qt::ToolTipRole && index.column() == FabricPanel::TrayFill)
    {
      return FabricTablesText::tr(
        "Plan for at most 50 % fill at installation; over 100 % the cables do not fit");
    }
    if (role != Qt::DisplayRole && role != FabricPanel::SortRole)
    {
      return {};
    }
    const bool sort = role == FabricPanel::SortRole;
    const double length = std::hypot(t.x1 - t.x0, t.y1 - t.y0);
    switch (index.column())
    {
      case FabricPanel::TrayIndex:
        return sort ? QVariant(index.row()) : QVariant(formatInteger(index.row()));
      case FabricPanel::TrayKind:
        return QString::fromStdString(t.kind);
      case FabricPanel::TrayLength:
        return sort ? QVariant(length) : QVariant(formatFixed(length, 1));
      case FabricPanel::TrayCables:
        return sort ? QVariant(t.cables) : QVariant(formatInteger(t.cables));
      case FabricPanel::TrayLevels:
        return t.levels;
      case FabricPanel::TraySize:
        return sort ? QVariant(t.widthM * t.depthM)
                    : QVariant(QStringLiteral("%1 × %2 mm")
                                 .arg(t.widthM * 1000, 0, 'f', 0)
                                 .arg(t.depthM * 1000, 0, 'f', 0));
      case FabricPanel::TrayFill:
        return sort ? QVariant(t.fill) : QVariant(formatFixed(t.fill * 100, 1));
      default:
        return {};
    }
  }

  QVariant headerData(int section, Qt::Orientation orientation, int role) const override
  {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
    {
      return QAbstractTableModel::headerData(section, orientation, role);
    }
    static const char* names[] = { QT_TRANSLATE_NOOP("myriad::app::FabricTables", "Segment"),
                                   QT_TRANSLATE_NOOP("myriad::app::FabricTables", "Kind"),
                                   QT_TRANSLATE_NOOP("myriad::app::FabricTables", "Length m"),
                                   QT_TRANSLATE_NOOP("myriad::app::FabricTables", "Cables"),
                                   QT_TRANSLATE_NOOP("myriad::app::FabricTables", "Levels"),
                                   QT_TRANSLATE_NOOP("myriad::app::FabricTables", "Tray"),
                                   QT_TRANSLATE_NOOP("myriad::app::FabricTables", "Fill %") };
    return section >= 0 && section < FabricPanel::TrayColumnCount
             ? FabricTablesText::tr(names[section])
             : QVariant();
  }

private:
  std::vector<engine::fabric::TraySegment> m_trays;
};

} // namespace myriad::app
