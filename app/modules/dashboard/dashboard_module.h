#pragma once
/**
 * @file dashboard_module.h
 * The Dashboard module: the Dashboard dock (economics KPIs and charts of the live loop's
 * economics stage, below Properties) with its Scenarios comparison, whose differences it lays
 * over the hall. The site and energy price chosen in the dock are the live loop's inputs.
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
  AppContext* m_context = nullptr;
  DashboardPanel* m_panel = nullptr;
  QDockWidget* m_dock = nullptr;
};

} // namespace myriad::app
