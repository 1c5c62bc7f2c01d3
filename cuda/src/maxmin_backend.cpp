/**
 * @file maxmin_backend.cpp
 * Compressed rows of a max-min problem, the rounds algorithm on the CPU (mirror of the CUDA
 * kernels), and the boundary of the CUDA kernels (status → exception).
 */

#include "myriad/backend/maxmin_backend.h"

#include "myriad/backend/config.h"
#include "myriad/backend/maxmin_rounds.h"
#include "myriad/engine/error.h"

#if MYRIAD_HAVE_CUDA
#include "cuda_runtime_bridge.h"
#endif

#include <algorithm>
#include <limits>
#include <string>

namespace myriad::backend
{

namespace
{

constexpr double kInf = std::numeric_limits<double>::infinity();

/** State of the rounds algorithm between rounds. */
struct RoundsState
{
  std::vector<double> remaining;
  std::vector<int> crossings;
  std::vector<char> frozen;
  std::vector<double> rates;
  int unfrozen = 0;
};

RoundsState initialState(const MaxMinCsr& csr)
{
  RoundsState s;
  s.remaining = csr.capacity;
  s.crossings = csr.initialCrossings;
  s.frozen.resize(csr.bound.size());
  s.rates.assign(csr.bound.size(), 0.0);
  for (std::size_t f = 0; f < csr.bound.size(); ++f)
  {
    s.frozen[f] = csr.active[f] ? 0 : 1;
    s.unfrozen += csr.active[f] ? 1 : 0;
  }
  return s;
}

/**
 * One round (the phases of the CUDA kernels, in the same order); returns the number of flows
 * frozen. Every phase reads only what the previous phases wrote.
 */
int runRound(const MaxMinCsr& csr, RoundsState& s)
{
  const std::size_t links = csr.capacity.size();
  const std::size_t flows = csr.bound.size();
  std::vector<double> share(links);
  std::vector<char> localMin(links);
  for (std::size_t l = 0; l < links; ++l)
  {
    share[l] = maxMinLinkShare(s.remaining[l], s.crossings[l]);
    localMin[l] = s.crossings[l] > 0 ? 1 : 0;
  }
  std::vector<double> flowMin(flows, kInf);
  for (std::size_t f = 0; f < flows; ++f)
  {
    if (s.frozen[f])
    {
      continue;
    }
    double m = csr.bound[f];
    for (int r = csr.flowOffset[f]; r < csr.flowOffset[f + 1]; ++r)
    {
      m = std::min(m, share[csr.flowLinks[r]]);
    }
    flowMin[f] = m;
    for (int r = csr.flowOffset[f]; r < csr.flowOffset[f + 1]; ++r)
    {
      if (maxMinBelow(m, share[csr.flowLinks[r]]))
      {
        localMin[csr.flowLinks[r]] = 0;
      }
    }
  }
  int frozenNow = 0;
  for (std::size_t f = 0; f < flows; ++f)
  {
    if (s.frozen[f])
    {
      continue;
    }
    bool freeze = maxMinBoundBinds(csr.bound[f], flowMin[f]);
    for (int r = csr.flowOffset[f]; r < csr.flowOffset[f + 1] && !freeze; ++r)
    {
      freeze = localMin[csr.flowLinks[r]] != 0;
    }
    if (!freeze)
    {
      continue;
    }
    s.frozen[f] = 1;
    s.rates[f] = flowMin[f];
    ++frozenNow;
    for (int r = csr.flowOffset[f]; r < csr.flowOffset[f + 1]; ++r)
    {
      s.remaining[csr.flowLinks[r]] -= flowMin[f];
      --s.crossings[csr.flowLinks[r]];
    }
  }
  s.unfrozen -= frozenNow;
  return frozenNow;
}

} // namespace

MaxMinCsr toCsr(const engine::traffic::MaxMinProblem& problem, const std::vector<bool>& active)
{
  const int flows = problem.flowCount();
  if (!active.empty() && static_cast<int>(active.size()) != flows)
  {
    throw engine::SpecError("max-min: the active mask has " + std::to_string(active.size()) +
                            " entries (expected one per flow, " + std::to_string(flows) + ")");
  }
  MaxMinCsr csr;
  csr.capacity.resize(problem.linkCount());
  for (int l = 0; l < problem.linkCount(); ++l)
  {
    csr.capacity[l] = problem.capacity(l);
  }
  csr.initialCrossings.assign(problem.linkCount(), 0);
  csr.bound.resize(flows);
  csr.active.resize(flows);
  csr.flowOffset.reserve(flows + 1);
  csr.flowLinks.reserve(problem.linkRefs().size());
  for (int f = 0; f < flows; ++f)
  {
    csr.bound[f] = problem.bound(f);
    csr.active[f] = active.empty() || active[f] ? 1 : 0;
    for (std::size_t r = problem.flowBegin(f); r < problem.flowEnd(f); ++r)
    {
      const int link = problem.linkRefs()[r];
      csr.flowLinks.push_back(link);
      csr.initialCrossings[link] += csr.active[f];
    }
    csr.flowOffset.push_back(static_cast<int>(csr.flowLinks.size()));
  }
  return csr;
}

std::vector<double> maxMinRatesRounds(const engine::traffic::MaxMinProblem& problem,
                                      const std::vector<bool>& active, MaxMinRoundsStats* stats)
{
  const MaxMinCsr csr = toCsr(problem, active);
  RoundsState state = initialState(csr);
  int rounds = 0;
  while (state.unfrozen > 0)
  {
    // The global minimum share is always a local one, so a round that freezes nothing means the
    // remaining flows cannot grow (impossible for problems MaxMinProblem accepts).
    if (runRound(csr, state) == 0)
    {
      throw engine::Error("max-min rounds: a round froze no flow (numerical stall)");
    }
    ++rounds;
  }
  if (stats)
  {
    stats->rounds = rounds;
  }
  return state.rates;
}

std::vector<double> maxMinRatesCuda(const engine::traffic::MaxMinProblem& problem,
                                    const std::vector<bool>& active, MaxMinRoundsStats* stats)
{
#if MYRIAD_HAVE_CUDA
  const MaxMinCsr csr = toCsr(problem, active);
  std::vector<double> rates(csr.bound.size(), 0.0);
  int rounds = 0;
  const cuda::Status status = cuda::maxMinRounds(csr, rates.data(), &rounds);
  if (!status.ok())
  {
    throw engine::Error("CUDA max-min solver: " + status.message);
  }
  if (stats)
  {
    stats->rounds = rounds;
  }
  return rates;
#else
  (void)problem;
  (void)active;
  (void)stats;
  throw engine::Error("CUDA max-min solver: this build has no CUDA backend "
                      "(configure with -DMYRIAD_ENABLE_CUDA=ON on a machine with nvcc)");
#endif
}

} // namespace myriad::backend
