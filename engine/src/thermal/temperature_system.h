#pragma once
/**
 * @file temperature_system.h
 * Steady advection–diffusion of air temperature on the thermal grid (first-order upwind finite
 * volume, see thermal_problem.h for the cell equation), solved matrix-free by BiCGSTAB
 * (van der Vorst 1992) with an ILU(0) preconditioner of the 7-point part. For a 7-point
 * stencil ILU(0) only modifies the diagonal: d_P = a_P − Σ_{N∈{W,S,B}} a_PN·a_NP / d_N
 * (Saad, "Iterative Methods for Sparse Linear Systems", 2nd ed., §10.3). The rack coupling
 * (exhaust temperature = intake mean + ΔT) is applied exactly in the operator and left out of
 * the preconditioner.
 * References: docs/references.md#vandervorst1992, #saad2003.
 */

#include "myriad/engine/thermal/thermal_operators.h"
#include "myriad/engine/thermal/thermal_problem.h"

#include <functional>
#include <vector>

namespace myriad::engine::thermal::detail
{

class TemperatureSystem
{
public:
  /** Assemble from the problem (assembleTemperatureCoefficients, thermal_operators.h) and the
   * solved potential ψ (face flows F = ψ_N − ψ_P). problem.settings.cancelRequested is polled
   * during the assembly and the factorisation (once per z-plane) and four times per BiCGSTAB
   * iteration (before each preconditioned product and between the two triangular sweeps of
   * each); the constructor and solve() throw SolveCancelled when it returns true. */
  TemperatureSystem(const ThermalProblem& problem, const std::vector<double>& psi);

  /** Solve for T; `t` holds the start value. Returns iterations; throws SolverError. */
  int solve(std::vector<double>& t, double tolerance, int maxIterations, double& relResidual);

  void apply(const std::vector<double>& x, std::vector<double>& y) const;
  const std::vector<double>& rhs() const { return m_b; }

private:
  void buildIlu();
  void precondition(const std::vector<double>& r, std::vector<double>& z) const;

  int m_nx = 0, m_ny = 0, m_nz = 0;
  std::vector<double> m_aP, m_b;
  /** ILU(0) factors scaled by the pivots: 1/d_P and a_PN/d_P for the six neighbours, so the
   *  triangular sweeps multiply instead of divide (their recurrences are latency-bound). */
  std::vector<double> m_invD;
  std::vector<float> m_lW, m_lS, m_lB, m_uE, m_uN, m_uT;
  std::vector<double> m_aW, m_aE, m_aS, m_aN, m_aB, m_aT; ///< neighbour coefficients (≥ 0)
  std::vector<RackCoupling> m_couplings;
  std::function<bool()> m_cancelRequested;
};

} // namespace myriad::engine::thermal::detail
