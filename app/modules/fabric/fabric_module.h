#pragma once
/**
 * @file fabric_module.h
 * The Fabric module: the Fabric dock (BOM, cut sheet, trays), the cables in the 3D view, the
 * path of a selected GPU up the tiers and the ECMP path set between two GPUs (Ctrl+click).
 *
 * The fabric is the live fabric stage's read-only snapshot (LiveScheduler::results().fabric),
 * computed once per edit on a worker; the module shows it when the dock is visible (or another
 * module asks for it with ensureFabric()) and drops it when the document is replaced or edited.
 */

#include "module.h"

#include "myriad/engine/query.h"

#include <memory>

class QDockWidget;

namespace myriad::scenes
{
class FabricView;
}

namespace myriad::engine::live
{
struct FabricSnapshot;
}

namespace myriad::app
{

class FabricPanel;

class FabricModule final : public Module
{
  Q_OBJECT

public:
  FabricModule();
  ~FabricModule() override;
  QString id() const override { return QStringLiteral("fabric"); }
  void create(AppContext& context) override;
  void documentReplaced() override;
  void sceneEdited(const engine::edit::ChangeSet& changes) override;
  void releaseGraphics() override;

  FabricPanel* panel() const { return m_panel; }
  QDockWidget* dock() const { return m_dock; }
  scenes::FabricView* fabricView() const { return m_view.get(); }
  /** The shown fabric, nullptr until ensureFabric() succeeded for the current scene. */
  const std::shared_ptr<const engine::live::FabricSnapshot>& fabric() const { return m_fabric; }
  /**
   * Show the live fabric stage's snapshot unless one is shown; false while the stage has no
   * current result for the document (computing, or failed).
   */
  bool ensureFabric();
  /**
   * Highlight the path of GPU `gpu` from its NIC up to the top tier, or with a valid `second`
   * the ECMP path set between the two GPUs' NICs (hops and latency in the dock and the status
   * bar). Returns that text.
   */
  QString highlightGpuPath(const engine::ObjectRef& gpu, const engine::ObjectRef& second = {});

signals:
  /** The fabric was dropped (scene replaced or edited): views of it must let go. */
  void fabricInvalidated();

private:
  void connectPanel();
  /** The "cables" section of the view's legend: tier colours, or the utilisation scale. */
  void refreshLegend();
  /** Drop the shown fabric: the live fabric stage's next result replaces it. */
  void invalidateFabric();
  /** Follow the selection: a GPU highlights its path (Ctrl held: paths to the previous GPU). */
  void onSelectionChanged();
  /** Fabric device index of the NIC a GPU uses, −1 when none. */
  int nicOfGpu(const engine::ObjectRef& gpu) const;
  QString ecmpPathText(int from, int to, std::vector<std::vector<int>>& paths) const;
  QString upPathText(int from, std::vector<std::vector<int>>& paths) const;

  AppContext* m_context = nullptr;
  std::unique_ptr<scenes::FabricView> m_view;
  std::shared_ptr<const engine::live::FabricSnapshot> m_fabric; ///< the live stage's, shown
  FabricPanel* m_panel = nullptr;
  QDockWidget* m_dock = nullptr;
  engine::ObjectRef m_pathGpu; ///< first GPU of a Ctrl+click pair
};

} // namespace myriad::app
