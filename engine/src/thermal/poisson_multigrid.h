#pragma once
/**
 * @file poisson_multigrid.h
 * Multigrid-preconditioned conjugate gradients for the cell-centred graph Laplacian of the
 * potential-flow model: Σ_open faces k·(ψ_P − ψ_N) = b_P on a uniform grid with solid cells.
 *
 * Coarsening: 2×2×2 (or 2 along the axes that still have ≥ 3 cells) cell aggregation; a coarse
 * cell is open when any child is. Coarse face conductance = Σ fine face conductances across it,
 * divided by the coarsening factor along the face normal — the finite-volume rule k = A/h for
 * the coarser cells (Wesseling, "An Introduction to Multigrid Methods", 1992, §5). Smoother:
 * two forward lexicographic Gauss–Seidel sweeps before and two backward sweeps after the coarse
 * correction, so the cycle is a symmetric preconditioner; restriction = sum over children,
 * prolongation = piecewise-constant injection (its transpose). Piecewise-constant transfers make
 * a V-cycle weak, so each level visits the coarser one twice (W-cycle) and CG wraps the cycle.
 * Each connected air region is solved on its own (see thermal_solver_cpu.cpp).
 */

#include <cstdint>
#include <functional>
#include <vector>

namespace myriad::engine::thermal::detail
{

/** One multigrid level: open-face conductances to the +x/+y/+z neighbour. */
struct MgLevel
{
  int nx = 0, ny = 0, nz = 0;
  int cx = 1, cy = 1, cz = 1; ///< coarsening factors from the finer level to this one
  std::vector<float> kx, ky, kz;
  std::vector<double> diag;
  std::vector<double> invDiag; ///< 1/diag, 0 for cells without open faces (multiply, not divide)
  std::vector<double> x, b, r;
  std::size_t size() const { return std::size_t(nx) * ny * nz; }
};

class PoissonMultigrid
{
public:
  /** `solid` has one flag per cell of the nx·ny·nz grid. `cancelRequested` (may be empty) is
   *  polled at every CG iteration and at every level visit of a multigrid cycle (on the finest
   *  level about two smoothing sweeps apart); solve() throws SolveCancelled when it returns
   *  true. */
  PoissonMultigrid(int nx, int ny, int nz, const std::vector<std::uint8_t>& solid,
                   std::function<bool()> cancelRequested = {});

  /** Solve A·x = b by MG-preconditioned CG; `x` holds the start value. Returns iterations;
   *  `relResidual` receives ‖r‖/‖b‖. Throws SolverError on breakdown or no convergence,
   *  SolveCancelled when the cancellation hook asks to stop. */
  int solve(const std::vector<double>& b, std::vector<double>& x, double tolerance,
            int maxIterations, double& relResidual);

  /** y = A·x on the finest level. */
  void apply(const std::vector<double>& x, std::vector<double>& y) const;

  std::size_t levelCount() const { return m_levels.size(); }

private:
  void buildCoarse(const MgLevel& fine, MgLevel& coarse) const;
  void apply(const MgLevel& level, const std::vector<double>& x, std::vector<double>& y) const;
  void smooth(MgLevel& level, bool forward) const;
  void vcycle(std::size_t levelIndex); ///< one W-cycle from this level down
  void precondition(const std::vector<double>& r, std::vector<double>& z);

  std::vector<MgLevel> m_levels;
  std::function<bool()> m_cancelRequested;
};

} // namespace myriad::engine::thermal::detail
