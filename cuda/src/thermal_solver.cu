/**
 * @file thermal_solver.cu
 * The thermal backend's Krylov solves on the device (thermal_backend.h, thermal_krylov.h): the
 * device Ops of the shared CG / BiCGSTAB templates. One thread per cell for the operators, the
 * preconditioner and the vector updates (the per-cell functions of thermal_kernels.h), a
 * block-tree reduction plus one atomic add per block for dot products, one thread per rack for
 * the coupling's intake means. Every CUDA call is checked; the first failure is kept and turns
 * every later operation into a no-op, so the solver stops and reports it.
 */

#include "cuda_runtime_bridge.h"
#include "cuda_status.cuh"
#include "myriad/backend/thermal_kernels.h"
#include "thermal_krylov.h"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>
#include <vector>

namespace myriad::cuda
{
namespace
{

namespace bt = backend::thermal;
namespace th = engine::thermal;

constexpr unsigned kThreads = 256;

/** Device array that frees itself; allocation failures are recorded into `status`. */
template <typename T>
class DeviceArray
{
public:
  DeviceArray() = default;
  DeviceArray(std::size_t count, Status& status)
    : m_count(count)
  {
    if (!status.ok() || count == 0)
      return;
    status =
      toStatus(cudaMalloc(reinterpret_cast<void**>(&m_data), count * sizeof(T)), "cudaMalloc");
    if (status.ok())
      status = toStatus(cudaMemset(m_data, 0, count * sizeof(T)), "cudaMemset");
  }
  DeviceArray(const std::vector<T>& host, Status& status)
    : DeviceArray(host.size(), status)
  {
    if (status.ok() && m_data != nullptr)
      status =
        toStatus(cudaMemcpy(m_data, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice),
                 "cudaMemcpy to device");
  }
  ~DeviceArray()
  {
    if (m_data != nullptr)
      (void)cudaFree(m_data);
  }
  DeviceArray(DeviceArray&& other) noexcept
    : m_data(other.m_data)
    , m_count(other.m_count)
  {
    other.m_data = nullptr;
  }
  DeviceArray& operator=(DeviceArray&&) = delete;
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;

  T* data() const { return m_data; }
  std::size_t size() const { return m_count; }

private:
  T* m_data = nullptr;
  std::size_t m_count = 0;
};

__global__ void dotKernel(long n, const double* __restrict__ a, const double* __restrict__ b,
                          double* result)
{
  __shared__ double partial[kThreads];
  double sum = 0.0;
  for (long c = long(blockIdx.x) * blockDim.x + threadIdx.x; c < n;
       c += long(gridDim.x) * blockDim.x)
    sum += a[c] * b[c];
  partial[threadIdx.x] = sum;
  __syncthreads();
  for (unsigned half = blockDim.x / 2; half > 0; half /= 2)
  {
    if (threadIdx.x < half)
      partial[threadIdx.x] += partial[threadIdx.x + half];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(result, partial[0]);
}

__global__ void axpbyKernel(long n, double a, const double* __restrict__ x, double b, double* y)
{
  const long c = long(blockIdx.x) * blockDim.x + threadIdx.x;
  if (c < n)
    y[c] = bt::axpbyAt(a, x[c], b, y[c]);
}

__global__ void jacobiKernel(long n, const double* __restrict__ r,
                             const double* __restrict__ diagonal, double* __restrict__ z)
{
  const long c = long(blockIdx.x) * blockDim.x + threadIdx.x;
  if (c < n)
    z[c] = bt::jacobiAt(r[c], diagonal[c]);
}

__global__ void laplacianKernel(long n, bt::FlowStencil s, const double* __restrict__ x,
                                double* __restrict__ y)
{
  const long c = long(blockIdx.x) * blockDim.x + threadIdx.x;
  if (c < n)
    y[c] = bt::laplacianAt(s, x, c);
}

__global__ void laplacianDiagonalKernel(long n, bt::FlowStencil s, double* __restrict__ d)
{
  const long c = long(blockIdx.x) * blockDim.x + threadIdx.x;
  if (c < n)
    d[c] = bt::laplacianDiagonalAt(s, c);
}

__global__ void regionSumKernel(long n, const std::int32_t* __restrict__ regionOf,
                                const double* __restrict__ x, double* sums)
{
  const long c = long(blockIdx.x) * blockDim.x + threadIdx.x;
  if (c < n && regionOf[c] >= 0)
    atomicAdd(&sums[regionOf[c]], x[c]);
}

__global__ void regionShiftKernel(long n, const std::int32_t* __restrict__ regionOf,
                                  const double* __restrict__ sums,
                                  const double* __restrict__ inverseCount, double* x)
{
  const long c = long(blockIdx.x) * blockDim.x + threadIdx.x;
  if (c < n && regionOf[c] >= 0)
    x[c] -= sums[regionOf[c]] * inverseCount[regionOf[c]];
}

__global__ void temperatureKernel(long n, bt::TemperatureStencil a, const double* __restrict__ x,
                                  double* __restrict__ y)
{
  const long c = long(blockIdx.x) * blockDim.x + threadIdx.x;
  if (c < n)
    y[c] = bt::temperatureStencilAt(a, x, c);
}

__global__ void intakeMeanKernel(int racks, const int* __restrict__ offset,
                                 const std::int32_t* __restrict__ intake,
                                 const double* __restrict__ x, double* __restrict__ mean)
{
  const int r = int(blockIdx.x * blockDim.x + threadIdx.x);
  if (r < racks)
    mean[r] = bt::cellMean(intake, offset[r], offset[r + 1], x);
}

/** y[exhaust] −= w·mean(intake); atomic because a cell may be an exhaust of several racks. */
__global__ void exhaustCouplingKernel(long entries, const std::int32_t* __restrict__ exhaust,
                                      const int* __restrict__ exhaustRack,
                                      const double* __restrict__ weight,
                                      const double* __restrict__ mean, double* y)
{
  const long e = long(blockIdx.x) * blockDim.x + threadIdx.x;
  if (e < entries)
    atomicAdd(&y[exhaust[e]], -weight[exhaustRack[e]] * mean[exhaustRack[e]]);
}

unsigned blocksFor(std::size_t count)
{
  return unsigned((count + kThreads - 1) / kThreads);
}

/** Device vector operations shared by both systems; see thermal_krylov.h for the contract. */
class DeviceVectorOps
{
public:
  using Vector = DeviceArray<double>;
  explicit DeviceVectorOps(std::size_t n)
    : m_n(n)
    , m_scalar(1, m_status)
  {
  }

  Vector vector() { return Vector(m_n, m_status); }
  void copy(Vector& dst, const Vector& src)
  {
    if (m_status.ok())
      m_status =
        toStatus(cudaMemcpy(dst.data(), src.data(), m_n * sizeof(double), cudaMemcpyDeviceToDevice),
                 "cudaMemcpy on device");
  }
  double dot(const Vector& a, const Vector& b)
  {
    double result = 0.0;
    if (!m_status.ok())
      return result;
    m_status = toStatus(cudaMemset(m_scalar.data(), 0, sizeof(double)), "cudaMemset");
    if (!m_status.ok())
      return result;
    const unsigned blocks = std::min(blocksFor(m_n), 1024u);
    dotKernel<<<blocks, kThreads>>>(long(m_n), a.data(), b.data(), m_scalar.data());
    launched("dotKernel");
    if (m_status.ok())
      m_status = toStatus(
        cudaMemcpy(&result, m_scalar.data(), sizeof(double), cudaMemcpyDeviceToHost), "dotKernel");
    return result;
  }
  void axpby(Vector& y, double a, const Vector& x, double b)
  {
    if (!m_status.ok())
      return;
    axpbyKernel<<<blocksFor(m_n), kThreads>>>(long(m_n), a, x.data(), b, y.data());
    launched("axpbyKernel");
  }
  bool failed() const { return !m_status.ok(); }
  const Status& status() const { return m_status; }

protected:
  /** Record a launch error (configuration, missing kernel image) of the kernel just queued. */
  void launched(const char* kernel)
  {
    if (m_status.ok())
      m_status = toStatus(cudaGetLastError(), kernel);
  }
  void jacobi(const Vector& r, const DeviceArray<double>& diagonal, Vector& z)
  {
    if (!m_status.ok())
      return;
    jacobiKernel<<<blocksFor(m_n), kThreads>>>(long(m_n), r.data(), diagonal.data(), z.data());
    launched("jacobiKernel");
  }

  std::size_t m_n;
  Status m_status;
  DeviceArray<double> m_scalar;
};

class DeviceFlowOps : public DeviceVectorOps
{
public:
  explicit DeviceFlowOps(const th::FlowSystem& flow)
    : DeviceVectorOps(flow.openFaces.size())
    , m_open(flow.openFaces, m_status)
    , m_stencil{ flow.nx, flow.ny, flow.nz, m_open.data() }
    , m_diagonal(m_n, m_status)
    , m_index(bt::toRegionIndex(flow.regions, m_n))
    , m_regionOf(m_index.regionOf, m_status)
    , m_inverseCount(m_index.inverseCount, m_status)
    , m_sums(m_index.inverseCount.size(), m_status)
  {
    if (!m_status.ok())
      return;
    laplacianDiagonalKernel<<<blocksFor(m_n), kThreads>>>(long(m_n), m_stencil, m_diagonal.data());
    launched("laplacianDiagonalKernel");
  }
  void apply(const Vector& x, Vector& y)
  {
    if (!m_status.ok())
      return;
    laplacianKernel<<<blocksFor(m_n), kThreads>>>(long(m_n), m_stencil, x.data(), y.data());
    launched("laplacianKernel");
  }
  void precondition(const Vector& r, Vector& z) { jacobi(r, m_diagonal, z); }
  void project(Vector& x)
  {
    if (!m_status.ok() || m_index.regions() == 0)
      return;
    m_status = toStatus(cudaMemset(m_sums.data(), 0, m_sums.size() * sizeof(double)), "cudaMemset");
    if (!m_status.ok())
      return;
    regionSumKernel<<<blocksFor(m_n), kThreads>>>(long(m_n), m_regionOf.data(), x.data(),
                                                  m_sums.data());
    launched("regionSumKernel");
    if (!m_status.ok())
      return;
    regionShiftKernel<<<blocksFor(m_n), kThreads>>>(long(m_n), m_regionOf.data(), m_sums.data(),
                                                    m_inverseCount.data(), x.data());
    launched("regionShiftKernel");
  }

private:
  DeviceArray<std::uint8_t> m_open;
  bt::FlowStencil m_stencil;
  DeviceArray<double> m_diagonal;
  bt::RegionIndex m_index;
  DeviceArray<std::int32_t> m_regionOf;
  DeviceArray<double> m_inverseCount;
  DeviceArray<double> m_sums;
};

class DeviceTemperatureOps : public DeviceVectorOps
{
public:
  explicit DeviceTemperatureOps(const th::TemperatureCoefficients& a)
    : DeviceVectorOps(a.aP.size())
    , m_aP(a.aP, m_status)
    , m_aW(a.aW, m_status)
    , m_aE(a.aE, m_status)
    , m_aS(a.aS, m_status)
    , m_aN(a.aN, m_status)
    , m_aB(a.aB, m_status)
    , m_aT(a.aT, m_status)
    , m_stencil{ a.nx,        a.ny,        m_aP.data(), m_aW.data(), m_aE.data(),
                 m_aS.data(), m_aN.data(), m_aB.data(), m_aT.data() }
    , m_csr(bt::toCouplingCsr(a.couplings))
    , m_intakeOffset(m_csr.intakeOffset, m_status)
    , m_intake(m_csr.intake, m_status)
    , m_exhaust(m_csr.exhaust, m_status)
    , m_exhaustRack(m_csr.exhaustRack, m_status)
    , m_weight(m_csr.weight, m_status)
    , m_mean(m_csr.weight.size(), m_status)
  {
  }
  void apply(const Vector& x, Vector& y)
  {
    if (!m_status.ok())
      return;
    temperatureKernel<<<blocksFor(m_n), kThreads>>>(long(m_n), m_stencil, x.data(), y.data());
    launched("temperatureKernel");
    const int racks = m_csr.racks();
    if (racks == 0 || m_csr.exhaust.empty() || !m_status.ok())
      return;
    intakeMeanKernel<<<blocksFor(std::size_t(racks)), kThreads>>>(
      racks, m_intakeOffset.data(), m_intake.data(), x.data(), m_mean.data());
    launched("intakeMeanKernel");
    if (!m_status.ok())
      return;
    exhaustCouplingKernel<<<blocksFor(m_csr.exhaust.size()), kThreads>>>(
      long(m_csr.exhaust.size()), m_exhaust.data(), m_exhaustRack.data(), m_weight.data(),
      m_mean.data(), y.data());
    launched("exhaustCouplingKernel");
  }
  void precondition(const Vector& r, Vector& z) { jacobi(r, m_aP, z); }

private:
  DeviceArray<double> m_aP, m_aW, m_aE, m_aS, m_aN, m_aB, m_aT;
  bt::TemperatureStencil m_stencil;
  bt::CouplingCsr m_csr;
  DeviceArray<int> m_intakeOffset;
  DeviceArray<std::int32_t> m_intake, m_exhaust;
  DeviceArray<int> m_exhaustRack;
  DeviceArray<double> m_weight, m_mean;
};

/** Upload b and x, run `solver` on the device Ops, download x. */
template <class Ops, class Solver>
Status runKrylov(Ops& ops, const std::vector<double>& rhs, double* x,
                 const bt::KrylovSettings& settings, bt::KrylovReport& report, Solver solver)
{
  Status status = ops.status();
  const std::size_t n = rhs.size();
  DeviceArray<double> b(rhs, status);
  DeviceArray<double> dx(n, status);
  if (status.ok())
    status = toStatus(cudaMemcpy(dx.data(), x, n * sizeof(double), cudaMemcpyHostToDevice),
                      "cudaMemcpy to device");
  if (!status.ok())
    return status;
  report = solver(ops, b, dx, settings);
  if (!ops.status().ok())
    return ops.status();
  status = toStatus(cudaDeviceSynchronize(), "thermal solve");
  if (status.ok())
    status = toStatus(cudaMemcpy(x, dx.data(), n * sizeof(double), cudaMemcpyDeviceToHost),
                      "cudaMemcpy to host");
  return status;
}

/** A host-side failure (allocation of the host copies) as a Status: nothing throws out. */
Status hostFailure(const std::exception& error)
{
  Status status;
  status.code = int(cudaErrorMemoryAllocation);
  status.message = std::string("thermal solve: host-side failure: ") + error.what();
  return status;
}

} // namespace

Status solvePotential(const th::FlowSystem& flow, const bt::KrylovSettings& settings, double* psi,
                      bt::KrylovReport& report)
{
  try
  {
    DeviceFlowOps ops(flow);
    return runKrylov(ops, flow.rhs, psi, settings, report,
                     [](DeviceFlowOps& o, const DeviceArray<double>& b, DeviceArray<double>& x,
                        const bt::KrylovSettings& s) { return bt::conjugateGradient(o, b, x, s); });
  }
  catch (const std::exception& error)
  {
    return hostFailure(error);
  }
}

Status solveTemperature(const th::TemperatureCoefficients& system,
                        const bt::KrylovSettings& settings, double* temperature,
                        bt::KrylovReport& report)
{
  try
  {
    DeviceTemperatureOps ops(system);
    return runKrylov(ops, system.rhs, temperature, settings, report,
                     [](DeviceTemperatureOps& o, const DeviceArray<double>& b,
                        DeviceArray<double>& x, const bt::KrylovSettings& s)
                     { return bt::biCgStab(o, b, x, s); });
  }
  catch (const std::exception& error)
  {
    return hostFailure(error);
  }
}

} // namespace myriad::cuda
