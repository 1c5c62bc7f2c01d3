#pragma once
/**
 * @file collective_animation.h
 * Draws a collective's event timeline (traffic/collective_timeline.h) over the fabric at a
 * simulated time t (VTK only, no Qt): the cable directions that carry a flow at t as bright
 * lines, and on each of them a chunk of data (a dot) that moves from the sending end to the
 * receiving end as its flow's bytes go out.
 *
 * Model of the picture: data streams through every hop of a path at once (cut-through), so a
 * flow active at t has one chunk on each cable direction it carries; on the cable of direction
 * 2l (a → b) or 2l + 1 (b → a) the chunk sits at the fraction u = sent(t) / bytes of the
 * cable's routed length from the sending end, where sent(t) = sentBytesAt(flow, t − T_phase)
 * is the simulator's ∫ rate dt. So a chunk moves at its flow's simulated rate (ECMP collisions
 * show as slower dots), reaches the far end exactly when its flow finishes, and a flow that has
 * finished shows nothing. A flow is drawn while its rate at t is > 0, the same condition as
 * linksBusyAt: the lines and chunks cover exactly the cable directions that function names.
 * Aggregated arrows (node, rack or rail level) are drawn as arcs between the two groups'
 * positions (a member device's, FabricView::devicePoint) rising 1.5 m + 0.3 × the distance, one
 * chunk each at the arrow's sent fraction; their cables are not lit (busyDirections() still names
 * them): at 10k GPUs that is 640 rack arrows instead of ~40,000 lit cable directions and chunks.
 * At flow level the busy lines are re-uploaded only when their set changes.
 * NVLink transfers have no cable; they are counted (stats) and not drawn.
 * Colours: by the phase's kind and scope (phaseColor), so a viewer tells reduce-scatter from
 * all-gather and intra-node from inter-node steps.
 *
 * Contract: construct with a renderer (props are added to it); setTimeline takes a FabricView
 * built from the same graph; the timeline, graph and view must outlive the next setTimeline()
 * or clear().
 */

#include "myriad/engine/traffic/collective_timeline.h"

#include <array>
#include <memory>
#include <optional>
#include <vector>

class vtkRenderer;

namespace myriad::scenes
{

class FabricView;

/** One chunk drawn: flow index into the timeline's flows, its cable direction, its point. */
struct AnimationChunk
{
  int flow = -1;
  int direction = -1;  ///< 2l (a → b) or 2l + 1 (b → a); −1: an aggregated arrow's chunk
  double fraction = 0; ///< of the cable's length from the sending end
  std::array<double, 3> point{};
};

/** What the animation shows at its current time. */
struct AnimationStats
{
  int phase = -1;         ///< phaseAt(t); −1 outside the collective
  int activeFlows = 0;    ///< flows (arrows) with rate > 0 at t, NVLink included
  int nvlinkFlows = 0;    ///< of those, NVLink transfers (not drawn)
  int chunks = 0;         ///< dots drawn
  int busyDirections = 0; ///< cable directions drawn busy
};

class CollectiveAnimation
{
public:
  explicit CollectiveAnimation(vtkRenderer* renderer);
  ~CollectiveAnimation();
  CollectiveAnimation(const CollectiveAnimation&) = delete;
  CollectiveAnimation& operator=(const CollectiveAnimation&) = delete;

  /** Show `timeline` (flows on `graph`, cables of `view`) at t = 0. */
  void setTimeline(const engine::traffic::CollectiveTimeline& timeline,
                   const engine::fabric::FabricGraph& graph, const FabricView& view);
  /** Remove everything drawn and forget the timeline. */
  void clear();
  bool hasTimeline() const;
  const engine::traffic::CollectiveTimeline* timeline() const;

  /** Place chunks and busy lines for simulated time t (s from the collective's start). */
  void setTime(double t);
  double time() const;

  /** Chunks at the current time, in flow order then path order (aggregated: one per arrow). */
  const std::vector<AnimationChunk>& chunks() const;
  /** Cable directions drawn busy at the current time, sorted, each once. */
  const std::vector<int>& busyDirections() const;
  AnimationStats stats() const;

  /**
   * The chunk drawn at display position (x, y) (VTK display pixels), picked with a point picker
   * on the chunk actor only: its index into chunks(), or nullopt when no chunk is there.
   */
  std::optional<int> pickChunk(int x, int y) const;

  /** Show or hide everything drawn (the timeline stays). */
  void setVisible(bool visible);
  bool visible() const;

  /** Colour (RGB 0–1) of a phase: reduce-scatter warm, all-gather cool, all-to-all violet;
   *  intra-node phases lighter. */
  static std::array<double, 3> phaseColor(engine::traffic::PhaseKind kind,
                                          engine::traffic::PhaseScope scope);

private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

} // namespace myriad::scenes
