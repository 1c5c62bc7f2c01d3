#pragma once
/**
 * @file cooling_choices_panel.h
 * The Dashboard's "Cooling" tab: air, cold plate and immersion side by side for the same GPUs
 * (engine::economics::compareCoolingChoices): racks or tanks (each column's server and
 * enclosure models in its header's tooltip), IT and facility power,
 * PUE, compressor-free hours, water, carbon, CAPEX, OPEX, cost per GPU-hour and the heaviest
 * floor load. Each column is the scene's compute racks converted to that cooling (an evaluation
 * copy, docs/models/cooling.md); the column of the scene as drawn says so. A choice the catalog
 * cannot make (no immersion-ready variant of a server, a liquid-only server in air) shows "—"
 * and the status line says why.
 *
 * It evaluates on the UI thread when first shown or when Compare is pressed (three economics
 * evaluations without
 * the tornado: tens of milliseconds on the 10k hall, docs/benchmarks.md) and again when the scene
 * or the inputs change while a comparison is shown.
 */

#include "myriad/engine/economics/cooling_choices.h"

#include <QWidget>

#include <vector>

class QLabel;
class QPushButton;
class QTableWidget;

namespace myriad::engine
{
class Catalog;
struct Scene;
} // namespace myriad::engine

namespace myriad::app
{

class CoolingChoicesPanel : public QWidget
{
  Q_OBJECT

public:
  explicit CoolingChoicesPanel(QWidget* parent = nullptr);

  /** Scene and catalog (both outlive the panel or are replaced first) and the inputs; a shown
   *  comparison is made again for them. */
  void setContext(const engine::Scene* scene, const engine::Catalog* catalog,
                  const engine::economics::EconomicsInputs& inputs);
  /** Evaluate the three choices and show them; false (and the error shown) on failure. */
  bool compare();
  /** Show the results again (e.g. in the scene's new currency). */
  void refreshTable() { showResults(); }

  QTableWidget* table() const { return m_table; }
  QPushButton* compareButton() const { return m_compareButton; }
  QString statusText() const;
  const std::vector<engine::economics::CoolingChoiceResult>& results() const { return m_results; }

protected:
  void showEvent(QShowEvent* event) override;

private:
  void showResults();

  const engine::Scene* m_scene = nullptr;
  const engine::Catalog* m_catalog = nullptr;
  engine::economics::EconomicsInputs m_inputs;
  std::vector<engine::economics::CoolingChoiceResult> m_results;
  QPushButton* m_compareButton = nullptr;
  QTableWidget* m_table = nullptr;
  QLabel* m_status = nullptr;
};

} // namespace myriad::app
