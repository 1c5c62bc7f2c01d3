#pragma once
/**
 * @file backend.h
 * Compute backend selection: CPU (the reference, always built) or CUDA (built when nvcc was
 * found, used when a device is present). Plain C++: no CUDA header here, so Qt and VTK
 * translation units can include it.
 */

#include <string>
#include <vector>

namespace myriad::backend
{

enum class Backend
{
  Cpu,
  Cuda,
  Auto
};
const char* toString(Backend backend);
/** Parse "cpu", "cuda" or "auto" (case-insensitive); throws engine::SpecError otherwise. */
Backend backendFromString(const std::string& text);

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

/** The backend that will run and why. */
struct BackendChoice
{
  Backend backend = Backend::Cpu;
  std::string reason; ///< one sentence for the status bar and the log
};

/**
 * Pick the backend for `requested`. Auto: CUDA when compiled in and a device is present, else
 * CPU. Cpu: CPU. Cuda: CUDA, or throws engine::Error naming the cause (build without
 * MYRIAD_ENABLE_CUDA, or no device). Logs the choice once per process at Info level.
 */
BackendChoice selectBackend(Backend requested);

} // namespace myriad::backend
