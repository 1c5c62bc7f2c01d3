#pragma once
/**
 * @file collective_module.h
 * The Collective Animation module: Training ▸ Animate a Collective opens a dock that simulates
 * one collective (ring or hierarchical all-reduce, all-to-all) on the scene's fabric and plays
 * its event timeline in the 3D view (scenes/collective_animation.h): the cables that carry a flow
 * light up in the colour of the algorithm's phase and a chunk of data crosses each of them at its
 * flow's simulated rate. A time slider, play/pause, phase back/forward and a speed choose what
 * is shown; the phase legend says which step of the algorithm runs.
 *
 * The collective runs on the Fabric module's fabric (the live fabric stage's snapshot); a request
 * made while the fabric is still computing runs when it arrives. An edit or another document
 * drops the animation (it described the old fabric).
 */

#include "collective_compute.h"
#include "module.h"

#include <QElapsedTimer>
#include <QTimer>

#include <memory>
#include <optional>

class QDockWidget;

namespace myriad::scenes
{
class CollectiveAnimation;
}

namespace myriad::engine::live
{
struct FabricSnapshot;
}

namespace myriad::app
{

class CollectivePanel;
class FabricModule;

class CollectiveModule final : public Module
{
  Q_OBJECT

public:
  CollectiveModule();
  ~CollectiveModule() override;
  QString id() const override { return QStringLiteral("collectives"); }
  void create(AppContext& context) override;
  void documentReplaced() override;
  void sceneEdited(const engine::edit::ChangeSet& changes) override;
  void releaseGraphics() override;

  CollectivePanel* panel() const { return m_panel; }
  QDockWidget* dock() const { return m_dock; }
  scenes::CollectiveAnimation* animation() const { return m_animation.get(); }
  /** The collective shown, nullptr before one was simulated for the current fabric. */
  const ComputedCollective* computed() const { return m_computed.get(); }

  /**
   * Simulate `request` on the current fabric and show it at t = 0 (collectiveReady), or, while
   * the fabric computes, once it arrives. Errors are reported (simulateFailed).
   */
  void simulate(const CollectiveRequest& request);
  /** Show simulated time t (clamped to [0, end]). */
  void seek(double t);
  double time() const { return m_t; }
  void play();
  void pause();
  bool playing() const { return m_timer.isActive(); }
  /** To the middle of the previous (−1) or next (+1) phase. */
  void stepPhase(int direction);
  /**
   * One line on the collective shown, for benchmarks: "kind=… gpus=… level=… flows=… arrows=…
   * phases=… end_ms=… chunks_max=…" (chunks_max: most chunks drawn at one time since it was
   * simulated).
   */
  QString describeShown() const;

signals:
  void collectiveReady();
  void simulateFailed(const QString& message);
  /** Playing reached the end of the collective. */
  void playbackFinished();

private:
  FabricModule* fabric() const;
  void runPending();
  void dropAnimation(const QString& why);
  void tick();
  void refreshPanel();
  QString phaseText(int phase) const;
  /** The dock's summary of a simulated collective: members, phases, time, level of detail. */
  static QString summaryText(const ComputedCollective& computed,
                             engine::traffic::MemberOrder order);

  AppContext* m_context = nullptr;
  CollectivePanel* m_panel = nullptr;
  QDockWidget* m_dock = nullptr;
  std::unique_ptr<scenes::CollectiveAnimation> m_animation;
  std::unique_ptr<ComputedCollective> m_computed;
  std::shared_ptr<const engine::live::FabricSnapshot> m_fabric; ///< the one m_computed ran on
  std::optional<CollectiveRequest> m_pending;
  double m_t = 0;
  int m_maxChunks = 0;
  QTimer m_timer;
  QElapsedTimer m_clock;
};

} // namespace myriad::app
