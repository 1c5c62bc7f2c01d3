#pragma once
/**
 * @file dashboard_panel.h
 * The executive dashboard: KPI cards (GPUs, IT and facility MW, PUE, CAPEX, annual OPEX, TCO,
 * $/GPU-hour, interruptions/day, goodput), a CAPEX breakdown, energy by month, power by feed
 * and the tornado (±20 % on each input → cost per GPU-hour), for one site and energy price, and
 * the scenario comparison (scenario_panel.h). It evaluates them (engine::economics::
 * evaluateEconomics and analyzeSensitivity, ~10 ms for the 10k sample) on the UI thread only when
 * a document is opened or the site or price changes. After an edit it shows the evaluation the
 * live loop made on its worker (LiveScheduler::economics(), through showLiveEconomics()): an
 * edit never prices the scene on the UI thread, and a result for an older edit never replaces
 * a newer one.
 *
 * A figure the engine reports as missing shows as "—", never as 0. An engine::Error from the
 * evaluation is shown as text in the panel; the cards then read "—" and the charts are empty.
 */

#include "live_scheduler.h"

#include "myriad/engine/economics/economics.h"
#include "myriad/engine/economics/sensitivity.h"

#include <QString>
#include <QWidget>

#include <map>
#include <optional>

class QChart;
class QComboBox;
class QDoubleSpinBox;
class QSpinBox;
class QLabel;
class QTabWidget;

namespace myriad::engine
{
class Catalog;
struct Scene;
} // namespace myriad::engine

namespace myriad::app
{

class CoolingChoicesPanel;
class CurrencyBox;
class ScenarioPanel;

class DashboardPanel : public QWidget
{
  Q_OBJECT

public:
  explicit DashboardPanel(QWidget* parent = nullptr);

  /**
   * Show `scene` (nullptr: nothing) evaluated with `catalog`; both must outlive the panel or be
   * replaced first. Fills the site list from the catalog and re-evaluates.
   */
  void setScene(const engine::Scene* scene, const engine::Catalog* catalog);
  /** Evaluate again with the current site and price and refresh everything. */
  void evaluate();
  /**
   * The routed fabric's bill of materials (from the live loop's fabric stage), used for the
   * optics and cable CAPEX and the optics power instead of the per-node estimate; std::nullopt
   * returns to the estimate. Re-evaluates when it changed.
   */
  void setFabricBom(const std::optional<engine::economics::BomInput>& bom);
  const std::optional<engine::economics::BomInput>& fabricBom() const { return m_fabricBom; }
  /** Back to the estimate without evaluating: for a new document, before setScene(). */
  void resetFabricBom() { m_fabricBom.reset(); }
  /**
   * Show an evaluation made elsewhere (the live loop's worker) for the current scene, without
   * evaluating. Ignored when its generation is older than the last one shown (a stale result).
   * The live loop publishes each run twice: the cost first (no `sensitivity`: the tornado keeps
   * its previous bars), then the same generation with the tornado, which only redraws that
   * chart. When it was made for another site or price than the panel's (changed meanwhile),
   * only its fabric BOM is taken and the panel evaluates itself.
   */
  void showLiveEconomics(const LiveEconomics& economics);
  /** Generation of the last live evaluation shown (0: none). */
  quint64 liveGeneration() const { return m_liveGeneration; }
  /**
   * The document's evaluation context with the panel's load, site and price (no BOM). Equal to
   * the document's own until the user changes a control; the module then turns the difference
   * into an undoable set-evaluation edit (so the live loop, the CLI and the report see it).
   */
  engine::economics::EconomicsInputs economicsInputs() const;
  /** Show the document's evaluation context in the controls (no signal, no evaluation). */
  void syncFromDocument();
  /** Evaluations run on this (the UI) thread so far: for tests and benchmarks. */
  int uiEvaluations() const { return m_uiEvaluations; }

  /** Keys of the KPI cards, in display order ("gpus", "itMW", …, "goodput"). */
  static QStringList kpiKeys();
  /** Text of a card's value ("10,240", "—"); empty for an unknown key. */
  QString kpiText(const QString& key) const;
  /** The number behind a card (engine units: MW, USD, fraction); empty when missing. */
  std::optional<double> kpiValue(const QString& key) const;

  QComboBox* siteCombo() const { return m_siteCombo; }
  QDoubleSpinBox* energyPriceSpin() const { return m_priceSpin; }
  /** Utilisation (load level) in per cent. */
  QSpinBox* loadSpin() const { return m_loadSpin; }
  CurrencyBox* currencyBox() const { return m_currencyBox; }
  /** Show the last result again, e.g. in a new currency (no evaluation). */
  void refreshMoney();
  QChart* capexChart() const { return m_capexChart; }
  QChart* opexChart() const { return m_opexChart; }
  QChart* energyChart() const { return m_energyChart; }
  QChart* feedChart() const { return m_feedChart; }
  QChart* tornadoChart() const { return m_tornadoChart; }
  /** Tornado inputs as drawn, top (largest swing) to bottom. */
  const QStringList& tornadoOrder() const { return m_tornadoOrder; }
  /** The last sensitivity run (empty when the evaluation failed). */
  const std::optional<engine::economics::SensitivityResult>& sensitivity() const
  {
    return m_sensitivity;
  }
  ScenarioPanel* scenarioPanel() const { return m_scenarioPanel; }
  CoolingChoicesPanel* coolingPanel() const { return m_coolingPanel; }
  /** The tabs: Overview (cards), Costs, Energy, Sensitivity, Cooling (air, cold plate and
   *  immersion side by side), Scenarios. */
  QTabWidget* tabs() const { return m_tabs; }
  /** Bring the Scenarios tab (Compare, "PDF report…") to the front. */
  void showScenarios();
  /** The error of the last evaluation; empty when it succeeded. */
  QString errorText() const;
  /** The last successful evaluation, if the last one succeeded. */
  const std::optional<engine::economics::EconomicsResult>& result() const { return m_result; }

signals:
  /** The load, the site or the energy price changed (economicsInputs() has the new ones). */
  void inputsChanged();
  /** The user chose the scene's currency or typed its rate (0: the reference rate). */
  void currencyEdited(const QString& code, double exchangeRate);

private:
  struct Card
  {
    QLabel* value = nullptr;
    QLabel* unit = nullptr;
    std::optional<double> number;
  };

  QWidget* createControls();
  QWidget* createCards();
  void fillSites();
  void onSiteChanged();
  engine::economics::EconomicsInputs currentInputs() const;
  void apply(const LiveEconomics& economics);
  void showResult(const engine::economics::EconomicsResult& result);
  void showError(const QString& message);
  void setCard(const QString& key, std::optional<double> number, const QString& text,
               const QString& unit);

  const engine::Scene* m_scene = nullptr;
  const engine::Catalog* m_catalog = nullptr;
  std::optional<engine::economics::BomInput> m_fabricBom;
  const engine::Catalog* m_sitesFrom = nullptr;
  QComboBox* m_siteCombo = nullptr;
  QDoubleSpinBox* m_priceSpin = nullptr;
  QSpinBox* m_loadSpin = nullptr;
  CurrencyBox* m_currencyBox = nullptr;
  QLabel* m_messageLabel = nullptr;
  QLabel* m_errorLabel = nullptr;
  std::map<QString, Card> m_cards;
  QChart* m_capexChart = nullptr;
  QChart* m_opexChart = nullptr;
  QChart* m_energyChart = nullptr;
  QChart* m_feedChart = nullptr;
  QChart* m_tornadoChart = nullptr;
  QStringList m_tornadoOrder;
  ScenarioPanel* m_scenarioPanel = nullptr;
  CoolingChoicesPanel* m_coolingPanel = nullptr;
  QTabWidget* m_tabs = nullptr;
  std::optional<engine::economics::EconomicsResult> m_result;
  std::optional<engine::economics::SensitivityResult> m_sensitivity;
  quint64 m_liveGeneration = 0;
  bool m_liveTornadoShown = false; ///< the tornado of m_liveGeneration is drawn
  int m_uiEvaluations = 0;
};

} // namespace myriad::app
