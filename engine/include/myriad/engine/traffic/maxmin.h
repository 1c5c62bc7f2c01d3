#pragma once
/**
 * @file maxmin.h
 * Max-min fair bandwidth sharing and an event-driven flow-level simulation on top of it.
 *
 * Max-min fairness (Bertsekas & Gallager, Data Networks, 2nd ed., §6.5.2; the definition
 * SimGrid's LMM solver computes for plain flows): a rate vector x is max-min fair when it is
 * feasible (Σ_{f ∋ l} x_f ≤ C_l on every link l, x_f ≤ b_f for a bounded flow) and no x_f can
 * grow without lowering some x_g ≤ x_f. Equivalently every flow has a bottleneck: a saturated
 * link (or its own bound) on which its rate is the largest. Computed by progressive filling:
 * all unfrozen flows grow together; the link whose fair share (remaining capacity / unfrozen
 * flows) is smallest saturates first and freezes its flows at that share.
 *
 * Units: capacities and rates in bit/s, sizes in bytes, times in seconds. A "link" here is any
 * shared resource: the fabric layer maps one cable direction to one link (rates per direction).
 * References: docs/references.md#bertsekas-gallager, #simgrid.
 */

#include <cstddef>
#include <limits>
#include <vector>

namespace myriad::engine::traffic
{

class MaxMinSolver; // maxmin_solver.h

/** Links with capacities and flows with the links they cross (compressed rows). */
class MaxMinProblem
{
public:
  static constexpr double kUnbounded = std::numeric_limits<double>::infinity();

  /** Add a link of `capacityBps` (≥ 0, finite); returns its index. Throws SpecError otherwise. */
  int addLink(double capacityBps);
  /**
   * Add a flow crossing `links` (indices from addLink; a link listed twice counts twice) with
   * an optional rate bound in bit/s (> 0; kUnbounded for none). Returns the flow index. Throws
   * SpecError for an unknown link, a bound ≤ 0, or a flow with no link and no bound (its
   * max-min rate would be infinite).
   */
  int addFlow(const std::vector<int>& links, double boundBps = kUnbounded);
  void reserve(std::size_t links, std::size_t flows, std::size_t linkRefs);
  /** Change a link's capacity (≥ 0, finite; 0 is a failed link). Throws SpecError otherwise. */
  void setCapacity(int link, double capacityBps);

  int linkCount() const { return static_cast<int>(m_capacity.size()); }
  int flowCount() const { return static_cast<int>(m_bound.size()); }
  double capacity(int link) const { return m_capacity.at(link); }
  double bound(int flow) const { return m_bound.at(flow); }
  /** Links of `flow`: [begin, end) into linkRefs(). */
  std::size_t flowBegin(int flow) const { return m_offset.at(flow); }
  std::size_t flowEnd(int flow) const { return m_offset.at(flow + 1); }
  const std::vector<int>& linkRefs() const { return m_links; }

private:
  std::vector<double> m_capacity;
  std::vector<double> m_bound;
  std::vector<std::size_t> m_offset{ 0 };
  std::vector<int> m_links;
};

/**
 * Max-min fair rates (bit/s) of every flow of `problem`, by progressive filling with a heap of
 * link fair shares, one entry per link refreshed when it reaches the top (shares only grow):
 * O(R + (L + refreshes) log L) for R link references and L links. `active`, when not empty, has
 * one entry per flow and drops the flows marked false (their rate is 0).
 */
std::vector<double> maxMinRates(const MaxMinProblem& problem, const std::vector<bool>& active = {});

/** Largest relative violation of feasibility (Σ rates on a link over its capacity, 0 if none). */
double maxOverload(const MaxMinProblem& problem, const std::vector<double>& rates);
/**
 * True when every flow has a bottleneck: its bound, or a link saturated to relative `tolerance`
 * on which no other flow is faster (the max-min optimality condition, B&G Prop. 6.5.1).
 */
bool isMaxMinFair(const MaxMinProblem& problem, const std::vector<double>& rates,
                  double tolerance = 1e-9);

/** Result of a flow-level simulation. */
struct FlowSimResult
{
  std::vector<double> finishS; ///< completion time of each flow, s
  double makespanS = 0;        ///< the latest completion
  int solves = 0;              ///< number of max-min solves (events)
  long long resolvedFlows = 0; ///< flows whose rate was recomputed, summed over the solves
};

/**
 * Optional recorder of a flow simulation's rate history (simulateFlows' `trace`): one entry
 * per change of a flow's rate, in event order. A flow's rate is r_k from changes[k].timeS up
 * to its next change; it starts at 0 and its last change is to 0 at its completion (none for a
 * background flow of +∞ bytes, which keeps its rate). So ∫ rate dt over a flow's changes is
 * 8·bytes to the simulation's tie tolerance (relative 1e-12). Recording costs one entry per
 * changed rate; a null trace costs nothing.
 */
struct FlowSimTrace
{
  struct Change
  {
    double timeS;   ///< the event, s
    int flow;       ///< flow index of the problem
    double rateBps; ///< its rate from timeS on, bit/s (0: finished)
  };
  std::vector<Change> changes;
  std::vector<double> eventS; ///< the time of every solve, s (increasing)
};

/**
 * Event-driven fluid simulation: every flow starts at `startS[f]` (empty: all at 0) with
 * `bytes[f]` to send; rates are the max-min rates of the flows in progress and are re-solved
 * whenever flows start or finish (completions within a relative 1e-12 of each other are one
 * event). Zero-byte flows finish at their start. A flow of +∞ bytes is background traffic: it
 * takes its share from its start on and never finishes (finishS = ∞, not in the makespan); the
 * simulation ends when every finite flow is done. Throws SpecError when sizes do not match, a
 * size is negative, or a finite flow can never finish (rate 0).
 *
 * Incremental: after completions whose slowest finished flow had rate r, only the flows of
 * rate ≥ r that are coupled (through links, transitively over flows of rate ≥ r) to the
 * finished flows are re-solved, on the capacity the others leave; every other flow keeps its
 * rate. Exact, because removing flows of rate ≥ r leaves progressive filling unchanged below
 * level r (a link on a removed flow's path saturates at ≥ r, and later without it), and the
 * rest decomposes into independent components. A start re-solves the new flows' whole
 * component. Bytes left are advanced lazily (only when a flow's rate changes), and the next
 * completion comes from a heap, so an event costs what it touches, not the whole problem.
 *
 * `solver` (null: this incremental CPU reference) runs the simulation instead
 * (MaxMinSolver::simulate): the incremental partial fillings need the heap algorithm, so any
 * solver other than the CPU reference runs the full re-solve loop with its own solve().
 * `trace` (null: none) records every rate change (FlowSimTrace); with a solver it is recorded
 * by the full re-solve loop with that solver's solve(), the loop MaxMinSolver::simulate runs.
 */
FlowSimResult simulateFlows(const MaxMinProblem& problem, const std::vector<double>& bytes,
                            const std::vector<double>& startS = {}, MaxMinSolver* solver = nullptr,
                            FlowSimTrace* trace = nullptr);

/**
 * The same simulation re-solving every flow in progress at every event (maxMinRates on the
 * whole problem) and advancing every flow: the reference simulateFlows is tested against.
 * Each event's rates come from `solver->solve()` (null: maxMinRates); `trace` as simulateFlows.
 */
FlowSimResult simulateFlowsFullResolve(const MaxMinProblem& problem,
                                       const std::vector<double>& bytes,
                                       const std::vector<double>& startS = {},
                                       MaxMinSolver* solver = nullptr,
                                       FlowSimTrace* trace = nullptr);

} // namespace myriad::engine::traffic
