#pragma once
/**
 * @file gpu_requirement.h
 * How backend tests treat a missing CUDA device. By default a CUDA test row is skipped (QSKIP)
 * so the suite passes on machines without a GPU. With MYRIAD_REQUIRE_GPU=1 in the environment
 * (set it on GPU runners, e.g. CI=true MYRIAD_REQUIRE_GPU=1 ctest -L cuda) the same row fails,
 * so a broken driver or a CPU-only build cannot pass for a GPU run.
 */

#include "myriad/backend/backend.h"

#include <QtTest/QtTest>

#include <cstdlib>
#include <cstring>
#include <string>

namespace myriad::testing
{

/** True when MYRIAD_REQUIRE_GPU=1: a missing CUDA device is a failure, not a skip. */
inline bool gpuRequired()
{
  const char* value = std::getenv("MYRIAD_REQUIRE_GPU");
  return value != nullptr && std::strcmp(value, "1") == 0;
}

/** Why CUDA cannot run here, or an empty string when a device is usable. */
inline std::string cudaUnavailableReason()
{
  const backend::DeviceQuery& query = backend::queryDevices();
  if (!query.compiledIn)
  {
    return "this build has no CUDA (MYRIAD_ENABLE_CUDA=OFF)";
  }
  if (query.devices.empty())
  {
    return "no CUDA device: " + query.status;
  }
  return {};
}

} // namespace myriad::testing

/**
 * In a test function (or data row) that needs CUDA: skip it when no device is usable, or fail it
 * when MYRIAD_REQUIRE_GPU=1.
 */
#define MYRIAD_REQUIRE_CUDA_DEVICE()                                                               \
  do                                                                                               \
  {                                                                                                \
    const std::string myriadReason = myriad::testing::cudaUnavailableReason();                     \
    if (!myriadReason.empty())                                                                     \
    {                                                                                              \
      const QByteArray myriadMessage =                                                             \
        QByteArray("CUDA row needs a device: ") + QByteArray::fromStdString(myriadReason);         \
      if (myriad::testing::gpuRequired())                                                          \
      {                                                                                            \
        QFAIL((myriadMessage + " (MYRIAD_REQUIRE_GPU=1)").constData());                            \
      }                                                                                            \
      QSKIP(myriadMessage.constData());                                                            \
    }                                                                                              \
  } while (false)
