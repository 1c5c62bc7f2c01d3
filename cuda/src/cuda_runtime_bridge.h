#pragma once
/**
 * @file cuda_runtime_bridge.h
 * Entry points of myriad_cuda, called by myriad_backend only. Plain C++ (no CUDA header): the
 * .cu files implement them, check every CUDA call and report a Status; nothing throws. The
 * backend layer turns a failed Status into an engine::Error at its boundary.
 */

#include "myriad/backend/devices.h"
#include "myriad/backend/maxmin_backend.h"
#include "myriad/backend/poisson_smoother.h"
#include "myriad/engine/thermal/thermal_operators.h"
#include "thermal_krylov.h"

#include <string>
#include <vector>

namespace myriad::cuda
{

/** Outcome of a call into the CUDA runtime: code 0 is success, else a cudaError_t value. */
struct Status
{
  int code = 0;        ///< cudaError_t as int; 0 = cudaSuccess
  std::string message; ///< e.g. "no CUDA-capable device is detected (error 100)"

  bool ok() const { return code == 0; }
};

/**
 * Ask the runtime how many devices there are (checking the error code, not the count: without a
 * driver the count is left untouched) and read each device's properties into `devices`.
 * On success the message says how many devices were found.
 */
Status queryDevices(std::vector<backend::DeviceInfo>& devices);

/**
 * Run `sweeps` Jacobi sweeps on the current device; `u` (grid.pointCount() values) is updated in
 * place. The caller has validated the problem (backend::validatePoissonProblem).
 */
Status jacobiSweeps(const backend::Grid3& grid, const double* rhs, double* u, int sweeps);

/**
 * Max-min fair rates by synchronous rounds (maxmin_backend.h) on the current device: `rates`
 * (one per flow) receives the result, `rounds` the number of rounds run.
 */
Status maxMinRounds(const backend::MaxMinCsr& csr, double* rates, int* rounds);

/**
 * Potential of the thermal model by Jacobi-preconditioned CG on the current device
 * (thermal_krylov.h): `psi` (one value per cell) holds the start value and receives the result;
 * `report` says whether the iteration converged.
 */
Status solvePotential(const engine::thermal::FlowSystem& flow,
                      const backend::thermal::KrylovSettings& settings, double* psi,
                      backend::thermal::KrylovReport& report);

/** Temperature of the thermal model by Jacobi-preconditioned BiCGSTAB on the current device;
 *  `temperature` holds the start value and receives the result. */
Status solveTemperature(const engine::thermal::TemperatureCoefficients& system,
                        const backend::thermal::KrylovSettings& settings, double* temperature,
                        backend::thermal::KrylovReport& report);

} // namespace myriad::cuda
