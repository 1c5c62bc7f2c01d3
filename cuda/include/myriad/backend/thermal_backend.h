#pragma once
/**
 * @file thermal_backend.h
 * Thermal solver backends (engine thermal_problem.h, ThermalSolver). The engine's CPU solver is
 * the reference: multigrid-preconditioned CG per air region for the potential ψ, BiCGSTAB with
 * ILU(0) for the temperature. Multigrid smoothing by Gauss–Seidel and ILU's triangular solves
 * are sequential, so the GPU solves the same two equations (engine thermal_operators.h) with
 * preconditioners that are one independent step per cell:
 *
 *   ψ: Jacobi-preconditioned CG on the whole grid (every region at once; the balanced right-hand
 *      side lies in the range of the singular Neumann operator, region means of ψ are set to 0)
 *   T: Jacobi-preconditioned BiCGSTAB with the rack coupling applied exactly in the operator.
 *
 * Both stop at the problem's tolerances; the iteration caps are the problem's ×
 * kJacobiFlowIterationFactor / kJacobiTemperatureIterationFactor (a diagonal preconditioner
 * needs many more iterations than multigrid or ILU(0)).
 *
 * "cpu-mirror" runs the same algorithm on the CPU (plain loops over the per-cell functions of
 * thermal_kernels.h), so the GPU algorithm is tested on every machine and the kernels only have
 * to match it. The backend choice is the backend layer's (backend/: factory.h). Plain C++: no
 * CUDA header, any translation unit may include it.
 */

#include "myriad/engine/thermal/thermal_problem.h"

#include <memory>

namespace myriad::backend
{

inline constexpr int kJacobiFlowIterationFactor = 50;
inline constexpr int kJacobiTemperatureIterationFactor = 10;

/** The GPU algorithm on the CPU (name "cpu-mirror"). */
std::unique_ptr<engine::thermal::ThermalSolver> makeMirrorThermalSolver();

/**
 * The GPU algorithm on CUDA device 0 (name "cuda"). solve() throws engine::Error when this
 * build has no CUDA, no device is present or a CUDA call fails (with the runtime's message),
 * and engine::thermal::SolverError when an iteration does not converge. Both this backend and
 * the mirror throw engine::thermal::SolveCancelled when problem.settings.cancelRequested asks
 * to stop: it is polled on the host between the phases of the solve and once per Krylov
 * iteration (not inside the device kernels).
 */
std::unique_ptr<engine::thermal::ThermalSolver> makeCudaThermalSolver();

} // namespace myriad::backend
