/**
 * @file device_query.cu
 * Device discovery through the CUDA runtime. Without a driver cudaGetDeviceCount returns
 * cudaErrorInsufficientDriver (35) and leaves the count untouched; with a driver but no GPU it
 * returns cudaErrorNoDevice (100). So the error code decides, never the count alone.
 */

#include "cuda_runtime_bridge.h"
#include "cuda_status.cuh"

#include <cuda_runtime.h>

#include <string>
#include <vector>

namespace myriad::cuda
{

Status queryDevices(std::vector<backend::DeviceInfo>& devices)
{
  devices.clear();
  int count = 0;
  const cudaError_t countError = cudaGetDeviceCount(&count);
  if (countError != cudaSuccess)
  {
    // Clear the runtime's last-error slot so later calls do not report this one again.
    (void)cudaGetLastError();
    return toStatus(countError, "cudaGetDeviceCount");
  }
  if (count <= 0)
  {
    return Status{ static_cast<int>(cudaErrorNoDevice),
                   "cudaGetDeviceCount: no CUDA-capable device (count 0)" };
  }
  for (int ordinal = 0; ordinal < count; ++ordinal)
  {
    cudaDeviceProp properties{};
    const cudaError_t error = cudaGetDeviceProperties(&properties, ordinal);
    if (error != cudaSuccess)
    {
      devices.clear();
      return toStatus(error, ("cudaGetDeviceProperties(" + std::to_string(ordinal) + ")").c_str());
    }
    backend::DeviceInfo info;
    info.ordinal = ordinal;
    info.name = properties.name;
    info.computeMajor = properties.major;
    info.computeMinor = properties.minor;
    info.memoryBytes = static_cast<long long>(properties.totalGlobalMem);
    info.multiprocessors = properties.multiProcessorCount;
    devices.push_back(info);
  }
  Status status;
  status.message = std::to_string(count) + (count == 1 ? " CUDA device" : " CUDA devices");
  return status;
}

} // namespace myriad::cuda
