#pragma once
/**
 * @file devices.h
 * The CUDA devices this process can use, as the CUDA runtime reports them. Plain C++: no CUDA
 * header here (device_query.cu does the runtime calls), so any translation unit may include it.
 */

#include <string>
#include <vector>

namespace myriad::backend
{

/** One CUDA device as the runtime reports it. */
struct DeviceInfo
{
  int ordinal = 0;
  std::string name;
  int computeMajor = 0;
  int computeMinor = 0;
  long long memoryBytes = 0;
  int multiprocessors = 0;
};

/** What a query of the CUDA runtime found. */
struct DeviceQuery
{
  bool compiledIn = false;         ///< this build has the CUDA backend
  std::vector<DeviceInfo> devices; ///< empty without driver or GPU
  std::string status;              ///< runtime's answer, e.g. "no CUDA-capable device (error 100)"
};
/** Query the CUDA runtime (cheap; cached after the first call). */
const DeviceQuery& queryDevices();

/** Whether this process has asked the CUDA runtime yet (a CPU-only run never does). */
bool devicesQueried();

} // namespace myriad::backend
