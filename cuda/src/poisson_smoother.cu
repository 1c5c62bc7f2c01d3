/**
 * @file poisson_smoother.cu
 * CUDA Jacobi sweeps for −∇²u = f (see poisson_smoother.h for the discretisation). One thread
 * per interior point; two device buffers that both start as a copy of u, so the Dirichlet
 * boundary is present in both and the kernel only ever writes interior points.
 */

#include "cuda_runtime_bridge.h"
#include "cuda_status.cuh"
#include "myriad/backend/poisson_stencil.h"

#include <cuda_runtime.h>

#include <cstddef>
#include <utility>

namespace myriad::cuda
{
namespace
{

/** Device allocation that frees itself; check status() after construction. */
class DeviceBuffer
{
public:
  explicit DeviceBuffer(std::size_t count)
  {
    m_status =
      toStatus(cudaMalloc(reinterpret_cast<void**>(&m_data), count * sizeof(double)), "cudaMalloc");
  }
  ~DeviceBuffer()
  {
    if (m_data != nullptr)
    {
      (void)cudaFree(m_data);
    }
  }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;

  double* data() const { return m_data; }
  const Status& status() const { return m_status; }

private:
  double* m_data = nullptr;
  Status m_status;
};

/** One Jacobi sweep from `in` to `out` over the interior points of an nx × ny × nz grid. */
__global__ void jacobiSweepKernel(int nx, int ny, int nz, double h2, const double* __restrict__ rhs,
                                  const double* __restrict__ in, double* __restrict__ out)
{
  const int i = 1 + static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const int j = 1 + static_cast<int>(blockIdx.y * blockDim.y + threadIdx.y);
  const int k = 1 + static_cast<int>(blockIdx.z * blockDim.z + threadIdx.z);
  if (i >= nx - 1 || j >= ny - 1 || k >= nz - 1)
  {
    return;
  }
  const std::size_t sx = 1;
  const std::size_t sy = static_cast<std::size_t>(nx);
  const std::size_t sz = sy * static_cast<std::size_t>(ny);
  const std::size_t p = static_cast<std::size_t>(i) + sy * static_cast<std::size_t>(j) +
                        sz * static_cast<std::size_t>(k);
  out[p] = backend::jacobiPointUpdate(in[p - sx], in[p + sx], in[p - sy], in[p + sy], in[p - sz],
                                      in[p + sz], h2, rhs[p]);
}

unsigned blocksFor(int interior, unsigned threads)
{
  return (static_cast<unsigned>(interior) + threads - 1) / threads;
}

} // namespace

Status jacobiSweeps(const backend::Grid3& grid, const double* rhs, double* u, int sweeps)
{
  if (sweeps <= 0)
  {
    return {};
  }
  const std::size_t count = grid.pointCount();
  const std::size_t bytes = count * sizeof(double);
  DeviceBuffer dRhs(count);
  DeviceBuffer dA(count);
  DeviceBuffer dB(count);
  for (const DeviceBuffer* buffer : { &dRhs, &dA, &dB })
  {
    if (!buffer->status().ok())
    {
      return buffer->status();
    }
  }
  Status status =
    toStatus(cudaMemcpy(dRhs.data(), rhs, bytes, cudaMemcpyHostToDevice), "cudaMemcpy");
  if (status.ok())
  {
    status = toStatus(cudaMemcpy(dA.data(), u, bytes, cudaMemcpyHostToDevice), "cudaMemcpy");
  }
  if (status.ok())
  {
    status =
      toStatus(cudaMemcpy(dB.data(), dA.data(), bytes, cudaMemcpyDeviceToDevice), "cudaMemcpy");
  }
  if (!status.ok())
  {
    return status;
  }

  const dim3 threads(32, 4, 2);
  const dim3 blocks(blocksFor(grid.nx - 2, threads.x), blocksFor(grid.ny - 2, threads.y),
                    blocksFor(grid.nz - 2, threads.z));
  const double h2 = grid.h * grid.h;
  double* in = dA.data();
  double* out = dB.data();
  for (int sweep = 0; sweep < sweeps; ++sweep)
  {
    jacobiSweepKernel<<<blocks, threads>>>(grid.nx, grid.ny, grid.nz, h2, dRhs.data(), in, out);
    std::swap(in, out);
  }
  status = toStatus(cudaGetLastError(), "jacobiSweepKernel launch");
  if (status.ok())
  {
    status = toStatus(cudaDeviceSynchronize(), "jacobiSweepKernel");
  }
  if (status.ok())
  {
    status = toStatus(cudaMemcpy(u, in, bytes, cudaMemcpyDeviceToHost), "cudaMemcpy");
  }
  return status;
}

} // namespace myriad::cuda
