#pragma once
/**
 * @file maxmin_incremental.h
 * Max-min fair rates kept up to date while the problem changes: a link's capacity changes or it
 * fails (capacity 0), flows arrive, flows leave. An update re-solves only the flows the change
 * can reach, with rates identical to a full solve of the changed problem.
 *
 * Why it is exact (progressive filling, maxmin.h; the argument of simulateFlows extended to
 * capacities and arrivals). Let a change touch links T: a link whose capacity changes, or that a
 * flow arriving or leaving crosses. On a link l the old and the new filling agree until l
 * saturates in either, at
 *   s_old(l) = max rate of its flows, when l was saturated (∞ otherwise),
 *   s_new(l) = the smallest level t with Σ_{kept f ∋ l} min(x_f, t) + a_l·t ≥ C'_l,
 * where x are the old rates, a_l the flows arriving on l, C'_l the new capacity. Below
 * t* = min_{l ∈ T} min(s_old(l), s_new(l)) the two fillings are the same, so every flow of rate
 * < t* keeps its rate. Above t*, the flows of rate ≥ t* split into components connected by the
 * links they share; a component that reaches no link of T is filled as before. So the update
 * collects, from T, the flows of rate ≥ t* (and the arriving ones) and their links, transitively,
 * and solves that sub-problem alone on the capacity the other flows leave (residual capacity
 * C'_l − Σ of the others' rates). Max-min rates are unique, and the new rates restricted to the
 * collected flows are max-min fair on that sub-problem, so its solution is theirs. Including more
 * flows than needed (the 1e-9 margin on t*) keeps the result exact.
 *
 * Cost: the links of T and their flows, then the collected component. When the component holds
 * more than an eighth of the flows in progress (a link failing under flows of every rate, an
 * all-to-all whose flows share one rate), the whole problem is solved instead, which costs less.
 * References: docs/references.md#bertsekas-gallager; docs/models/traffic.md, "Incremental".
 */

#include "myriad/engine/traffic/maxmin.h"

#include <vector>

namespace myriad::engine::traffic
{

/** One batch of changes, applied together (one re-solve). */
struct MaxMinChanges
{
  struct Capacity
  {
    int link = -1;
    double capacityBps = 0; ///< ≥ 0, finite; 0 is a failed link
  };
  struct Arrival
  {
    std::vector<int> links;
    double boundBps = MaxMinProblem::kUnbounded;
  };
  std::vector<Capacity> capacities;
  std::vector<int> departures; ///< flow indices
  std::vector<Arrival> arrivals;
};

/** What one update did. */
struct MaxMinUpdate
{
  double levelBps = 0;      ///< t*: every flow below it kept its rate
  int resolvedFlows = 0;    ///< flows of the re-solved component
  int resolvedLinks = 0;    ///< links of the re-solved component
  std::vector<int> arrived; ///< the indices given to the arriving flows, in order
  /** The component held most flows in progress, so the whole problem was solved instead. */
  bool fullSolve = false;
};

class IncrementalMaxMin
{
public:
  /** Takes the problem and solves it (maxMinRates). */
  explicit IncrementalMaxMin(MaxMinProblem problem);

  /**
   * Applies the changes and re-solves what they reach. Throws SpecError, before changing
   * anything, for an unknown link or flow, a flow leaving twice or not present, a capacity < 0
   * or not finite, or an arriving flow that addFlow would refuse.
   */
  MaxMinUpdate apply(const MaxMinChanges& changes);

  /** Rates in bit/s by flow index; 0 for a flow that left. */
  const std::vector<double>& rates() const { return m_rate; }
  /** The current problem: every flow ever added (those that left included) and capacities. */
  const MaxMinProblem& problem() const { return m_problem; }
  /** Flags by flow index: false for a flow that left. */
  const std::vector<bool>& active() const { return m_active; }

private:
  MaxMinProblem m_problem;
  std::vector<double> m_rate;
  std::vector<bool> m_active;
  std::vector<std::vector<int>> m_linkFlows; ///< per link, a flow per reference (left ones too)
  int m_activeCount = 0;
  // Visit marks of resolveComponent: a mark equal to m_epoch means "this update".
  unsigned m_epoch = 0;
  std::vector<unsigned> m_linkStamp, m_flowStamp;
  std::vector<int> m_linkLocal; ///< a collected link's index in the sub-problem

  void check(const MaxMinChanges& changes) const;
  double divergenceLevel(const MaxMinChanges& changes) const;
  double saturationOld(int link) const;
  double saturationNew(int link, double capacityBps, int arriving,
                       const std::vector<bool>& leaving) const;
  void addToAdjacency(int flow);
  void resolveComponent(const std::vector<int>& seeds, double threshold, int firstArrival,
                        MaxMinUpdate& update);
};

} // namespace myriad::engine::traffic
