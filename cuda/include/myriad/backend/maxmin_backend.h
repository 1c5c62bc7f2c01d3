#pragma once
/**
 * @file maxmin_backend.h
 * Max-min fair rates on either backend. The engine's maxMinRates (engine/traffic/maxmin.h) is
 * the reference: a sequential progressive filling with a heap of link fair shares, one link at
 * a time. A GPU needs many links per step, so the CUDA backend freezes every *locally*
 * bottlenecked link in the same round:
 *
 *     s_l = R_l / n_l        fair share of link l (R_l remaining capacity, n_l crossings of
 *                            unfrozen flows; a flow crossing l twice counts twice)
 *     m_f = min(b_f, min_{l ∋ f} s_l)     the tightest constraint of unfrozen flow f
 *     l is a local minimum when m_f = s_l for every unfrozen flow f crossing l
 *     every flow on a local-minimum link freezes at m_f; a flow with b_f = m_f freezes at b_f;
 *     frozen flows leave their links: R_l −= rate, n_l −= 1 per crossing.
 *
 * Why it is exact: a share can only grow while flows freeze below it ((R − r)/(n − 1) ≥ R/n
 * when r ≤ R/n), so no flow of a local-minimum link can be stopped anywhere below s_l, and the
 * link saturates at exactly s_l in the sequential filling too (Bertsekas & Gallager, Data
 * Networks, 2nd ed., §6.5.2). The global minimum is always a local one, so every round freezes
 * something; in practice a round freezes every link of a "bottleneck level" across the fabric.
 * maxMinRatesRounds() runs the same rounds on the CPU, element for element (the per-element
 * steps are shared, maxmin_rounds.h), so the GPU algorithm is tested on every machine and the
 * CUDA kernels only have to match it.
 *
 * The backend choice and the solver objects are the backend layer's (backend/: factory.h).
 * Plain C++: no CUDA header, any translation unit may include it.
 */

#include "myriad/engine/traffic/maxmin.h"

#include <vector>

namespace myriad::backend
{

/** A max-min problem in both directions of compressed rows, ready to copy to a device. */
struct MaxMinCsr
{
  std::vector<double> capacity;      ///< per link, bit/s
  std::vector<double> bound;         ///< per flow, bit/s (+inf: none)
  std::vector<char> active;          ///< per flow: 1 takes part, 0 is dropped (rate 0)
  std::vector<int> flowOffset{ 0 };  ///< flow f crosses flowLinks[flowOffset[f] .. f+1)
  std::vector<int> flowLinks;        ///< link indices, repeated when a flow crosses twice
  std::vector<int> initialCrossings; ///< per link: active flow crossings (n_l at t = 0)
};

/** Compressed form of `problem`; `active` as in engine maxMinRates (empty: all active). */
MaxMinCsr toCsr(const engine::traffic::MaxMinProblem& problem, const std::vector<bool>& active);

/** Statistics of one rounds solve. */
struct MaxMinRoundsStats
{
  int rounds = 0;
};

/** The rounds algorithm on the CPU (reference for the CUDA kernels). */
std::vector<double> maxMinRatesRounds(const engine::traffic::MaxMinProblem& problem,
                                      const std::vector<bool>& active = {},
                                      MaxMinRoundsStats* stats = nullptr);

/**
 * The rounds algorithm on CUDA device 0. Throws engine::Error when this build has no CUDA, no
 * device is present, or a CUDA call fails (message with the runtime's error string).
 */
std::vector<double> maxMinRatesCuda(const engine::traffic::MaxMinProblem& problem,
                                    const std::vector<bool>& active = {},
                                    MaxMinRoundsStats* stats = nullptr);

} // namespace myriad::backend
