#pragma once
/**
 * @file thermal_module.h
 * The Thermal module: the Thermal dock (a tab beside the Dashboard, hidden until asked for:
 * opening it solves the hall), the thermal field in the 3D view (slice, arrows, legend), the
 * rack-inlet overlay, the probe readout (temperature and air speed under the cursor, in a
 * tooltip and the status bar) and Ctrl+wheel over the view to move the slices.
 */

#include "module.h"

#include <QPointer>

#include <memory>

class QDockWidget;

namespace myriad::scenes
{
class ThermalView;
}

namespace myriad::app
{

class ThermalPanel;

class ThermalModule final : public Module
{
  Q_OBJECT

public:
  ThermalModule();
  ~ThermalModule() override;
  QString id() const override { return QStringLiteral("thermal"); }
  void create(AppContext& context) override;
  void documentReplaced() override;
  void sceneEdited(const engine::edit::ChangeSet& changes) override;
  void releaseGraphics() override;

  ThermalPanel* panel() const;
  QDockWidget* dock() const { return m_dock; }
  scenes::ThermalView* thermalView() const { return m_view.get(); }
  /** Show the temperature and air speed of the slice under a display position in the status
   *  bar; false when no slice is shown there. */
  bool showProbe(int displayX, int displayY);

private:
  void connectPanel();
  void installViewFilters();
  /** Tell the panel the live stage's cell for the document's first hall. */
  void updateLiveCell();
  /** Hand the live thermal stage's newest field (and whether it is current) to the panel. */
  void offerLiveField();

  AppContext* m_context = nullptr;
  std::unique_ptr<scenes::ThermalView> m_view;
  QPointer<ThermalPanel> m_panel; ///< belongs to the window, which may go first
  QDockWidget* m_dock = nullptr;
};

} // namespace myriad::app
