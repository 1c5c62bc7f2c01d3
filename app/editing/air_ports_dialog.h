#pragma once
/**
 * @file air_ports_dialog.h
 * The "Floor Tiles and Return Grilles…" dialog (Edit menu): the placed perforated floor tiles
 * and ceiling return grilles of one hall (engine::FloorTile, engine::ReturnGrille) as two
 * editable tables. Rows can be added, removed and changed (position, size, open area, a
 * measured flow); OK applies the whole lists as one engine::edit::SetAirPorts edit, through the
 * function the dialog is given (the EditController: one undo step, the thermal stage reruns).
 *
 * A refused edit (a tile outside the hall, an open area outside 0–100 %, tiles without a raised
 * floor, an id used twice) leaves the dialog open with the engine's reason under the tables, so
 * nothing typed is lost. A cell that is not a number is reported by table, row and column.
 */

#include "myriad/engine/edit/edit.h"

#include <QDialog>

#include <functional>

class QLabel;
class QTableWidget;

namespace myriad::app
{

class AirPortsDialog : public QDialog
{
  Q_OBJECT

public:
  /** Applies the edit; returns the reason of a refusal, or an empty string when applied. */
  using Apply = std::function<QString(const engine::edit::SetAirPorts&)>;

  AirPortsDialog(const engine::Hall& hall, Apply apply, QWidget* parent = nullptr);

  /** The lists the tables describe; `error` gets the first cell that is not a number. */
  engine::edit::SetAirPorts airPorts(QString* error = nullptr) const;
  /** Fill the tables from `ports` (tests, and the dialog's own start). */
  void setAirPorts(const engine::edit::SetAirPorts& ports);
  /** The reason shown under the tables (empty when none). */
  QString errorText() const;

  QTableWidget* tilesTable() const { return m_tiles; }
  QTableWidget* grillesTable() const { return m_grilles; }

  /** Append a tile (or grille) next to the last one, with a free id; returns its row. */
  int addTile();
  int addGrille();

public slots:
  void accept() override;

private:
  QTableWidget* makeTable(const QStringList& headers);
  void setNumber(QTableWidget* table, int row, int column, double value, int decimals);
  void fillTile(int row, const engine::FloorTile& tile);
  void fillGrille(int row, const engine::ReturnGrille& grille);
  static QString freeId(const QTableWidget* table, const QString& prefix);

  std::string m_hallId;
  Apply m_apply;
  QTableWidget* m_tiles = nullptr;
  QTableWidget* m_grilles = nullptr;
  QLabel* m_error = nullptr;
};

} // namespace myriad::app
