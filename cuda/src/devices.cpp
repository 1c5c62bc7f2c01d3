/**
 * @file devices.cpp
 * queryDevices(): the CUDA runtime's device list through device_query.cu when CUDA is compiled
 * in, else an empty list saying why. Cached: the runtime is asked once per process.
 */

#include "myriad/backend/devices.h"

#include "myriad/backend/config.h"

#include <atomic>

#if MYRIAD_HAVE_CUDA
#include "cuda_runtime_bridge.h"
#endif

namespace myriad::backend
{
namespace
{

std::atomic<bool> g_queried{ false };

DeviceQuery runQuery()
{
  g_queried = true;
  DeviceQuery query;
#if MYRIAD_HAVE_CUDA
  query.compiledIn = true;
  const cuda::Status status = cuda::queryDevices(query.devices);
  query.status = status.message;
#else
  query.compiledIn = false;
  query.status = "this build has no CUDA (MYRIAD_ENABLE_CUDA=OFF)";
#endif
  return query;
}

} // namespace

const DeviceQuery& queryDevices()
{
  static const DeviceQuery query = runQuery();
  return query;
}

bool devicesQueried()
{
  return g_queried;
}

} // namespace myriad::backend
