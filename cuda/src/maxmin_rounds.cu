/**
 * @file maxmin_rounds.cu
 * Max-min fair rates by synchronous rounds on the GPU (algorithm in maxmin_backend.h). Per
 * round: one thread per link computes its share, one thread per flow its tightest constraint
 * and the links it rules out as local minima, then one thread per flow freezes and releases
 * its links with atomics. The per-element expressions are those of the CPU mirror
 * (maxmin_rounds.h), so both agree to rounding (only the order of the atomic subtractions
 * differs).
 */

#include "cuda_runtime_bridge.h"
#include "cuda_status.cuh"
#include "myriad/backend/maxmin_rounds.h"

#include <cuda_runtime.h>
#include <thrust/copy.h>
#include <thrust/device_vector.h>

#include <exception>
#include <limits>

namespace myriad::cuda
{
namespace
{

constexpr unsigned kThreads = 256;

unsigned blocksFor(std::size_t count)
{
  return static_cast<unsigned>((count + kThreads - 1) / kThreads);
}

__global__ void shareKernel(int links, const double* remaining, const int* crossings, double* share,
                            char* localMin)
{
  const int l = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (l < links)
  {
    share[l] = backend::maxMinLinkShare(remaining[l], crossings[l]);
    localMin[l] = crossings[l] > 0 ? 1 : 0;
  }
}

struct FlowArgs
{
  int flows;
  const int* offset;
  const int* flowLinks;
  const double* bound;
  const double* share;
  char* localMin;
  char* frozen;
  double* flowMin;
  double* rates;
  double* remaining;
  int* crossings;
  int* frozenThisRound;
};

/** m_f of every unfrozen flow; clears the local-minimum mark of links it is not limited by. */
__global__ void flowMinKernel(FlowArgs a)
{
  const int f = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (f >= a.flows || a.frozen[f])
  {
    return;
  }
  double m = a.bound[f];
  for (int r = a.offset[f]; r < a.offset[f + 1]; ++r)
  {
    m = fmin(m, a.share[a.flowLinks[r]]);
  }
  a.flowMin[f] = m;
  for (int r = a.offset[f]; r < a.offset[f + 1]; ++r)
  {
    if (backend::maxMinBelow(m, a.share[a.flowLinks[r]]))
    {
      a.localMin[a.flowLinks[r]] = 0; // every writer writes 0: the race is benign
    }
  }
}

/** Freeze the flows of local-minimum links (and bound-limited flows); release their links. */
__global__ void freezeKernel(FlowArgs a)
{
  const int f = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (f >= a.flows || a.frozen[f])
  {
    return;
  }
  const double m = a.flowMin[f];
  bool freeze = backend::maxMinBoundBinds(a.bound[f], m);
  for (int r = a.offset[f]; r < a.offset[f + 1] && !freeze; ++r)
  {
    freeze = a.localMin[a.flowLinks[r]] != 0;
  }
  if (!freeze)
  {
    return;
  }
  a.frozen[f] = 1;
  a.rates[f] = m;
  for (int r = a.offset[f]; r < a.offset[f + 1]; ++r)
  {
    atomicAdd(&a.remaining[a.flowLinks[r]], -m);
    atomicSub(&a.crossings[a.flowLinks[r]], 1);
  }
  atomicAdd(a.frozenThisRound, 1);
}

template <typename T>
T* raw(thrust::device_vector<T>& v)
{
  return thrust::raw_pointer_cast(v.data());
}

template <typename T>
const T* raw(const thrust::device_vector<T>& v)
{
  return thrust::raw_pointer_cast(v.data());
}

Status solveRounds(const backend::MaxMinCsr& csr, double* rates, int* rounds)
{
  const int links = static_cast<int>(csr.capacity.size());
  const int flows = static_cast<int>(csr.bound.size());
  thrust::device_vector<double> remaining(csr.capacity.begin(), csr.capacity.end());
  thrust::device_vector<int> crossings(csr.initialCrossings.begin(), csr.initialCrossings.end());
  thrust::device_vector<double> bound(csr.bound.begin(), csr.bound.end());
  thrust::device_vector<int> offset(csr.flowOffset.begin(), csr.flowOffset.end());
  thrust::device_vector<int> flowLinks(csr.flowLinks.begin(), csr.flowLinks.end());
  thrust::device_vector<char> frozen(flows);
  thrust::device_vector<double> dRates(flows, 0.0);
  thrust::device_vector<double> flowMin(flows, 0.0);
  thrust::device_vector<double> share(links);
  thrust::device_vector<char> localMin(links, 0);
  thrust::device_vector<int> frozenThisRound(1, 0);
  int unfrozen = 0;
  std::vector<char> initiallyFrozen(flows);
  for (int f = 0; f < flows; ++f)
  {
    initiallyFrozen[f] = csr.active[f] ? 0 : 1;
    unfrozen += csr.active[f] ? 1 : 0;
  }
  thrust::copy(initiallyFrozen.begin(), initiallyFrozen.end(), frozen.begin());
  const FlowArgs args{ flows,       raw(offset),    raw(flowLinks), raw(bound),
                       raw(share),  raw(localMin),  raw(frozen),    raw(flowMin),
                       raw(dRates), raw(remaining), raw(crossings), raw(frozenThisRound) };
  *rounds = 0;
  while (unfrozen > 0)
  {
    if (links > 0)
    {
      shareKernel<<<blocksFor(links), kThreads>>>(links, raw(remaining), raw(crossings), raw(share),
                                                  raw(localMin));
    }
    flowMinKernel<<<blocksFor(flows), kThreads>>>(args);
    frozenThisRound[0] = 0;
    freezeKernel<<<blocksFor(flows), kThreads>>>(args);
    const Status status = toStatus(cudaGetLastError(), "max-min round kernels");
    if (!status.ok())
    {
      return status;
    }
    const int frozenNow = frozenThisRound[0]; // synchronises with the kernels
    if (frozenNow == 0)
    {
      return Status{ -1, "max-min rounds: a round froze no flow (numerical stall)" };
    }
    unfrozen -= frozenNow;
    ++*rounds;
  }
  thrust::copy(dRates.begin(), dRates.end(), rates);
  return toStatus(cudaDeviceSynchronize(), "max-min rounds");
}

} // namespace

Status maxMinRounds(const backend::MaxMinCsr& csr, double* rates, int* rounds)
{
  // Thrust reports allocation and launch failures by exception; none may leave myriad_cuda.
  try
  {
    return solveRounds(csr, rates, rounds);
  }
  catch (const std::exception& error)
  {
    return Status{ -1, std::string("max-min rounds: ") + error.what() };
  }
}

} // namespace myriad::cuda
