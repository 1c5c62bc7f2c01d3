/**
 * @file backend.cpp
 * Backend selection: the choice between the CPU reference and CUDA from the CUDA layer's
 * device list (devices.h), logged once per distinct choice.
 */

#include "myriad/backend/backend.h"

#include "myriad/engine/error.h"
#include "myriad/engine/log.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <mutex>
#include <set>

namespace myriad::backend
{
namespace
{

std::string lowerCase(std::string text)
{
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

/** "NVIDIA H200 (sm_90, 141 GiB)": name, compute capability and memory rounded to GiB. */
std::string describe(const DeviceInfo& device)
{
  const double gib = static_cast<double>(device.memoryBytes) / (1024.0 * 1024.0 * 1024.0);
  return device.name + " (sm_" + std::to_string(device.computeMajor) +
         std::to_string(device.computeMinor) + ", " + std::to_string(std::llround(gib)) + " GiB)";
}

/** Log each distinct choice once per process, so repeated model runs do not flood the log. */
void logOnce(const BackendChoice& choice)
{
  static std::mutex mutex;
  static std::set<std::string> logged;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    if (!logged.insert(choice.reason).second)
    {
      return;
    }
  }
  engine::log(engine::LogLevel::Info, choice.reason);
}

BackendChoice cpuChoice(const DeviceQuery& query)
{
  if (!query.compiledIn)
  {
    return { Backend::Cpu, "CPU backend: this build has no CUDA (MYRIAD_ENABLE_CUDA=OFF)" };
  }
  return { Backend::Cpu, "CPU backend: CUDA built but no device: " + query.status };
}

} // namespace

const char* toString(Backend backend)
{
  switch (backend)
  {
    case Backend::Cpu:
      return "cpu";
    case Backend::Cuda:
      return "cuda";
    case Backend::Auto:
      return "auto";
  }
  return "unknown";
}

Backend backendFromString(const std::string& text)
{
  const std::string key = lowerCase(text);
  for (Backend backend : { Backend::Cpu, Backend::Cuda, Backend::Auto })
  {
    if (key == toString(backend))
    {
      return backend;
    }
  }
  throw engine::SpecError("backend: unknown value \"" + text + "\" (expected cpu, cuda or auto)");
}

BackendChoice selectBackend(Backend requested)
{
  if (requested == Backend::Cpu) // no device probe: starting the CUDA runtime costs time
  {
    const BackendChoice choice{ Backend::Cpu, "CPU backend: requested" };
    logOnce(choice);
    return choice;
  }
  const DeviceQuery& query = queryDevices();
  const bool usable = query.compiledIn && !query.devices.empty();
  if (requested == Backend::Cuda && !query.compiledIn)
  {
    throw engine::Error("CUDA backend requested but this build has no CUDA: configure with "
                        "-DMYRIAD_ENABLE_CUDA=ON (or AUTO) on a machine with the CUDA toolkit");
  }
  if (requested == Backend::Cuda && !usable)
  {
    throw engine::Error("CUDA backend requested but no CUDA device is usable: " + query.status);
  }
  BackendChoice choice;
  if (requested != Backend::Cpu && usable)
  {
    choice = { Backend::Cuda, "CUDA backend on " + describe(query.devices.front()) };
  }
  else
  {
    choice = cpuChoice(query);
  }
  logOnce(choice);
  return choice;
}

} // namespace myriad::backend
