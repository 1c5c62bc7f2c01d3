#pragma once
/**
 * @file dashboard_module.h
 * The Dashboard module: the Dashboard dock (economics KPIs and charts of the live loop's
 * economics stage, below Properties) with its Scenarios comparison, whose differences it lays
 * over the hall. Its load, site and energy price controls edit the document's evaluation context
 * (undoable set-evaluation edits), which every model evaluates the hall at.
 * File ▸ Compare Scenarios and File ▸ PDF Report… (also on the Report toolbar) bring the
 * Scenarios tab forward and compare or write the report.
 */

#include "module.h"

class QDockWidget;

namespace myriad::app
{

class DashboardPanel;

class DashboardModule final : public Module
{
  Q_OBJECT

public:
  using Module::Module;
  QString id() const override { return QStringLiteral("dashboard"); }
  void create(AppContext& context) override;
  void documentReplaced() override;

  DashboardPanel* panel() const { return m_panel; }
  QDockWidget* dock() const { return m_dock; }

private:
  /** Turn the panel's load, site and price into a set-evaluation edit when they differ. */
  void commitContext();
  void commitCurrency(const QString& code, double exchangeRate);
  /** File-menu and toolbar entries "dashboard.compare" and "dashboard.report". */
  void createActions();
  /** Show the dock's Scenarios tab and compare (the first scenario when none is chosen). */
  void compareScenarios();
  /** Show the dock's Scenarios tab and ask where to write the PDF report. */
  void writeReport();
  void raiseScenarios();

  AppContext* m_context = nullptr;
  DashboardPanel* m_panel = nullptr;
  QDockWidget* m_dock = nullptr;
};

} // namespace myriad::app
