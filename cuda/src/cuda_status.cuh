#pragma once
/**
 * @file cuda_status.cuh
 * Turning cudaError_t into myriad::cuda::Status (CUDA translation units only).
 */

#include "cuda_runtime_bridge.h"

#include <cuda_runtime.h>

#include <string>

namespace myriad::cuda
{

/** Status for `error`; the message is "<what>: <runtime's error string> (error <code>)". */
inline Status toStatus(cudaError_t error, const char* what)
{
  if (error == cudaSuccess)
  {
    return {};
  }
  Status status;
  status.code = static_cast<int>(error);
  status.message = std::string(what) + ": " + cudaGetErrorString(error) + " (error " +
                   std::to_string(status.code) + ")";
  return status;
}

} // namespace myriad::cuda
