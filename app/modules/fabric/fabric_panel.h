#pragma once
/**
 * @file fabric_panel.h
 * The Fabric dock: the bill of materials and the cut sheet of the open scene's fabric as two
 * sortable, filterable tables (QTableView over a QSortFilterProxyModel), CSV export of each
 * (the engine's bomCsv / cutSheetCsv, written atomically), "Show cables" and one check box
 * per tier for the 3D view, and a line for the highlighted path (hops, latency).
 *
 * Linkage with the 3D view (wired in main_window_fabric.cpp): choosing a cut-sheet row emits
 * cableSelected(); setRackFilter() narrows the cut sheet to the cables of one rack.
 *
 * The dock computes nothing: it shows the live fabric stage's snapshot (graph, routed cables,
 * BOM and the scene they were built from), shared read-only with the scheduler (showFabric).
 */

#include "myriad/engine/fabric/cabling.h"
#include "myriad/engine/fabric/fabric_graph.h"
#include "myriad/engine/live/live_models.h"
#include "myriad/engine/model.h"

#include <QWidget>

#include <map>
#include <memory>
#include <vector>

class QCheckBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;

namespace myriad::engine
{
class Catalog;
}

namespace myriad::app
{

/** The fabric of one scene as the live fabric stage built it. */
using FabricData = engine::live::FabricSnapshot;

class BomTableModel;
class CutSheetProxy;
class CutSheetTableModel;
class TrayTableModel;

class FabricPanel : public QWidget
{
  Q_OBJECT

public:
  /** Columns of the cut sheet table (the CSV's columns). */
  enum CutColumn
  {
    CutCable,
    CutTier,
    CutADevice,
    CutARack,
    CutAUnit,
    CutAPort,
    CutBDevice,
    CutBRack,
    CutBUnit,
    CutBPort,
    CutMedium,
    CutLength,
    CutColumnCount
  };
  /** Columns of the BOM table. */
  enum BomColumn
  {
    BomCategory,
    BomPart,
    BomDetail,
    BomQuantity,
    BomUnitPower,
    BomTotalPower,
    BomColumnCount
  };
  /** Columns of the tray table (one row per tray segment, as `myriad-cli fabric --trays`). */
  enum TrayColumn
  {
    TrayIndex,
    TrayKind,
    TrayLength,
    TrayCables,
    TrayLevels,
    TraySize,
    TrayFill,
    TrayColumnCount
  };
  /** Role that holds the sort key (numbers for numeric columns) and, in column 0, the cable. */
  static constexpr int SortRole = Qt::UserRole + 1;

  explicit FabricPanel(QWidget* parent = nullptr);
  ~FabricPanel() override;

  /**
   * Show `fabric` (the live fabric stage's snapshot of scheduler generation `generation`; its
   * scene names the racks of the cut sheet). Null: like clearFabric with no reason.
   */
  void showFabric(std::shared_ptr<const engine::live::FabricSnapshot> fabric, quint64 generation);
  /** Show no fabric, with `reason` in the summary line (e.g. why it could not be built). */
  void clearFabric(const QString& reason);
  /**
   * The shown fabric no longer describes the scene (the newest fabric stage failed): it stays on
   * screen and the summary line starts with `reason` (what failed, and that this is the previous
   * fabric). showFabric() clears the mark.
   */
  void markStale(const QString& reason);
  bool isStale() const { return m_stale; }
  const FabricData* fabric() const { return m_data.get(); }
  /** The shown snapshot (shared) and its generation (0: none). */
  std::shared_ptr<const FabricData> fabricSnapshot() const { return m_data; }
  quint64 generation() const { return m_generation; }

  /** Narrow the cut sheet to cables with an end in rack `rackId`; empty: all cables. */
  void setRackFilter(const QString& rackId);
  QString rackFilter() const;
  /**
   * Narrow the cut sheet to the cables routed through tray segment `segment` (index into
   * CablingResult::trays; a Trays row becoming current does this); −1: all cables. The rack
   * and tray filters replace each other.
   */
  void setTrayFilter(int segment);
  int trayFilter() const { return m_traySegment; }
  /** Text filter over every column of the tables (case-insensitive substring). */
  void setFilterText(const QString& text);

  /** Write the BOM / cut sheet CSV atomically; reports the error and returns false on failure. */
  bool exportBomCsv(const QString& path);
  bool exportCutSheetCsv(const QString& path);

  /** Text of the path line (hops and latency of the highlighted path); empty hides it. */
  void setPathInfo(const QString& text);
  QString pathInfo() const;
  QString summaryText() const;

  /** Select the cut-sheet row of `cable` (index into CablingResult::cables); false if hidden. */
  bool selectCable(int cable);

  bool cablesShown() const;
  /** The "Show cables" box (a tour turns the cables on through it). */
  QCheckBox* cablesCheckBox() const { return m_showCables; }
  void setCablesShown(bool shown);
  /** The tier check box of `tier`, nullptr when the fabric has no such tier. */
  QCheckBox* tierCheckBox(engine::fabric::Tier tier) const;

  QTabWidget* tabs() const { return m_tabs; }
  QTableView* bomView() const { return m_bomView; }
  QTableView* cutSheetView() const { return m_cutView; }
  QSortFilterProxyModel* bomProxy() const { return m_bomProxy; }
  QSortFilterProxyModel* cutSheetProxy() const;
  QTableView* trayView() const { return m_trayView; }
  QSortFilterProxyModel* trayProxy() const { return m_trayProxy; }
  QLineEdit* filterEdit() const { return m_filter; }

signals:
  void cablesShownChanged(bool shown);
  void tierShownChanged(engine::fabric::Tier tier, bool shown);
  /** A cut-sheet row became current: its cable (index into CablingResult::cables). */
  void cableSelected(int cable);

private:
  void buildTierBoxes();
  void exportWithDialog(bool bom);
  void onCutRowChanged();
  void onTrayRowChanged();

  std::shared_ptr<const FabricData> m_data;
  quint64 m_generation = 0;
  bool m_stale = false; ///< the shown fabric is an earlier one (markStale)
  BomTableModel* m_bomModel = nullptr;
  CutSheetTableModel* m_cutModel = nullptr;
  QSortFilterProxyModel* m_bomProxy = nullptr;
  CutSheetProxy* m_cutProxy = nullptr;
  TrayTableModel* m_trayModel = nullptr;
  QSortFilterProxyModel* m_trayProxy = nullptr;
  QTableView* m_trayView = nullptr;
  int m_traySegment = -1;
  QTabWidget* m_tabs = nullptr;
  QTableView* m_bomView = nullptr;
  QTableView* m_cutView = nullptr;
  QLineEdit* m_filter = nullptr;
  QLabel* m_summary = nullptr;
  QLabel* m_path = nullptr;
  QLabel* m_rackLabel = nullptr;
  QPushButton* m_clearRack = nullptr;
  QCheckBox* m_showCables = nullptr;
  QWidget* m_tierRow = nullptr;
  std::map<engine::fabric::Tier, QCheckBox*> m_tierBoxes;
};

} // namespace myriad::app
