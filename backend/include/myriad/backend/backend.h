#pragma once
/**
 * @file backend.h
 * Compute backend selection: CPU (the reference, always built) or CUDA (built when nvcc was
 * found, used when a device is present). The solvers of the chosen backend come from
 * factory.h. Plain C++: no CUDA header here, so Qt and VTK translation units can include it.
 * The device list (DeviceInfo, queryDevices) is the CUDA layer's devices.h.
 */

#include "myriad/backend/devices.h"

#include <string>

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
