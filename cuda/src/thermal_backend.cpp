/**
 * @file thermal_backend.cpp
 * The thermal backends of thermal_backend.h: the CPU mirror's vector operations (plain loops
 * over the per-cell functions of thermal_kernels.h), the solve driver shared by the mirror and
 * the CUDA backend and the boundary of the CUDA implementation (status → exception).
 */

#include "myriad/backend/thermal_backend.h"

#include "myriad/backend/config.h"
#include "myriad/backend/devices.h"
#include "myriad/backend/thermal_kernels.h"
#include "myriad/engine/error.h"
#include "myriad/engine/thermal/thermal_operators.h"
#include "thermal_krylov.h"

#if MYRIAD_HAVE_CUDA
#include "cuda_runtime_bridge.h"
#endif

#include <chrono>
#include <string>
#include <vector>

namespace myriad::backend
{
namespace
{

namespace th = engine::thermal;
using thermal::KrylovOutcome;
using thermal::KrylovReport;
using thermal::KrylovSettings;

/** Vector operations of the mirror: one loop per operation, one shared function per element. */
class MirrorVectorOps
{
public:
  using Vector = std::vector<double>;
  explicit MirrorVectorOps(std::size_t n)
    : m_n(n)
  {
  }

  Vector vector() const { return Vector(m_n, 0.0); }
  void copy(Vector& dst, const Vector& src) const { dst = src; }
  double dot(const Vector& a, const Vector& b) const
  {
    double s = 0.0;
    for (std::size_t c = 0; c < m_n; ++c)
      s += a[c] * b[c];
    return s;
  }
  void axpby(Vector& y, double a, const Vector& x, double b) const
  {
    for (std::size_t c = 0; c < m_n; ++c)
      y[c] = thermal::axpbyAt(a, x[c], b, y[c]);
  }
  bool failed() const { return false; }

protected:
  std::size_t m_n;
};

/** The potential operator A, its Jacobi preconditioner and the region-mean projection. */
class MirrorFlowOps : public MirrorVectorOps
{
public:
  explicit MirrorFlowOps(const th::FlowSystem& flow)
    : MirrorVectorOps(flow.openFaces.size())
    , m_stencil{ flow.nx, flow.ny, flow.nz, flow.openFaces.data() }
    , m_regions(thermal::toRegionIndex(flow.regions, m_n))
    , m_diagonal(m_n)
  {
    for (std::size_t c = 0; c < m_n; ++c)
      m_diagonal[c] = thermal::laplacianDiagonalAt(m_stencil, long(c));
  }
  void apply(const Vector& x, Vector& y) const
  {
    for (std::size_t c = 0; c < m_n; ++c)
      y[c] = thermal::laplacianAt(m_stencil, x.data(), long(c));
  }
  void precondition(const Vector& r, Vector& z) const
  {
    for (std::size_t c = 0; c < m_n; ++c)
      z[c] = thermal::jacobiAt(r[c], m_diagonal[c]);
  }
  void project(Vector& x) const
  {
    std::vector<double> sum(m_regions.regions(), 0.0);
    for (std::size_t c = 0; c < m_n; ++c)
      if (m_regions.regionOf[c] >= 0)
        sum[m_regions.regionOf[c]] += x[c];
    for (std::size_t c = 0; c < m_n; ++c)
      if (const int r = m_regions.regionOf[c]; r >= 0)
        x[c] -= sum[r] * m_regions.inverseCount[r];
  }

private:
  thermal::FlowStencil m_stencil;
  thermal::RegionIndex m_regions;
  std::vector<double> m_diagonal;
};

/** The temperature operator (7-point part + rack coupling) and its Jacobi preconditioner. */
class MirrorTemperatureOps : public MirrorVectorOps
{
public:
  explicit MirrorTemperatureOps(const th::TemperatureCoefficients& a)
    : MirrorVectorOps(a.aP.size())
    , m_stencil{ a.nx,        a.ny,        a.aP.data(), a.aW.data(), a.aE.data(),
                 a.aS.data(), a.aN.data(), a.aB.data(), a.aT.data() }
    , m_couplings(thermal::toCouplingCsr(a.couplings))
    , m_diagonal(a.aP)
  {
  }
  void apply(const Vector& x, Vector& y) const
  {
    for (std::size_t c = 0; c < m_n; ++c)
      y[c] = thermal::temperatureStencilAt(m_stencil, x.data(), long(c));
    std::vector<double> mean(m_couplings.racks());
    for (int r = 0; r < m_couplings.racks(); ++r)
      mean[r] = thermal::cellMean(m_couplings.intake.data(), m_couplings.intakeOffset[r],
                                  m_couplings.intakeOffset[r + 1], x.data());
    for (std::size_t e = 0; e < m_couplings.exhaust.size(); ++e)
    {
      const int r = m_couplings.exhaustRack[e];
      y[m_couplings.exhaust[e]] -= m_couplings.weight[r] * mean[r];
    }
  }
  void precondition(const Vector& r, Vector& z) const
  {
    for (std::size_t c = 0; c < m_n; ++c)
      z[c] = thermal::jacobiAt(r[c], m_diagonal[c]);
  }

private:
  thermal::TemperatureStencil m_stencil;
  thermal::CouplingCsr m_couplings;
  std::vector<double> m_diagonal;
};

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t0)
{
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

/** Throw SolverError unless the iteration converged; the message names the backend and step. */
void requireConverged(const KrylovReport& report, const std::string& what,
                      const KrylovSettings& settings)
{
  const std::string at = " at iteration " + std::to_string(report.iterations) +
                         " (relative residual " + std::to_string(report.relResidual) + ")";
  switch (report.outcome)
  {
    case KrylovOutcome::Converged:
      return;
    case KrylovOutcome::Breakdown:
      throw th::SolverError(what + ": breakdown" + at);
    case KrylovOutcome::Diverged:
      throw th::SolverError(what + ": diverged" + at);
    case KrylovOutcome::DeviceError:
      throw engine::Error(what + ": a device call failed" + at);
    case KrylovOutcome::Cancelled:
      throw th::SolveCancelled();
    case KrylovOutcome::NotConverged:
      break;
  }
  throw th::SolverError(what + ": did not reach relative residual " +
                        std::to_string(settings.tolerance) + " in " +
                        std::to_string(settings.maxIterations) + " iterations (reached " +
                        std::to_string(report.relResidual) + ")");
}

/** The solve shared by the mirror and the CUDA backend; subclasses run the two Krylov solves. */
class JacobiKrylovThermalSolver : public th::ThermalSolver
{
public:
  bool canSolve(const th::ThermalProblem& problem) const override
  {
    return problem.grid.cellCount() > 0 && problem.grid.solid.size() == problem.grid.cellCount();
  }

  th::ThermalSolution solve(const th::ThermalProblem& problem,
                            const th::ThermalSolution* warm) override
  {
    requireAvailable();
    if (!JacobiKrylovThermalSolver::canSolve(problem))
      throw th::SolverError("thermal " + name() + ": empty grid or solid mask of the wrong size");
    if (!canSolve(problem))
      throw th::SolverError("thermal " + name() + ": a grid of " +
                            std::to_string(problem.grid.cellCount()) +
                            " cells does not fit in the device memory");
    const std::size_t n = problem.grid.cellCount();
    const bool useWarm = warm && warm->psi.size() == n && warm->temperatureC.size() == n;
    const th::SolverSettings& st = problem.settings;
    th::ThermalSolution out;
    st.throwIfCancelled();

    auto t0 = Clock::now();
    const th::FlowSystem flow = th::buildFlowSystem(problem);
    st.throwIfCancelled();
    out.flowImbalanceM3s = flow.imbalanceM3s;
    out.psi = useWarm ? warm->psi : std::vector<double>(n, 0.0);
    const KrylovSettings flowSettings{ st.flowToleranceFor(useWarm),
                                       st.maxFlowIterations * kJacobiFlowIterationFactor,
                                       st.cancelRequested };
    const KrylovReport flowReport = solvePotential(flow, flowSettings, out.psi);
    requireConverged(flowReport, "thermal potential (" + name() + ", Jacobi CG)", flowSettings);
    out.flowIterations = flowReport.iterations;
    out.flowResidual = flowReport.relResidual;
    th::requireFinite(out.psi, "potential");
    out.flowSeconds = secondsSince(t0);
    st.throwIfCancelled();

    t0 = Clock::now();
    const th::TemperatureCoefficients system =
      th::assembleTemperatureCoefficients(problem, out.psi);
    if (useWarm)
      out.temperatureC = warm->temperatureC;
    else
      out.temperatureC.assign(n, th::meanSupplyTemperatureC(problem));
    for (std::size_t c = 0; c < n; ++c)
      if (problem.grid.solid[c])
        out.temperatureC[c] = 0;
    st.throwIfCancelled();
    const KrylovSettings tSettings{ st.temperatureToleranceFor(useWarm),
                                    st.maxTemperatureIterations * kJacobiTemperatureIterationFactor,
                                    st.cancelRequested };
    const KrylovReport tReport = solveTemperature(system, tSettings, out.temperatureC);
    requireConverged(tReport, "thermal temperature (" + name() + ", Jacobi BiCGSTAB)", tSettings);
    out.temperatureIterations = tReport.iterations;
    out.temperatureResidual = tReport.relResidual;
    th::requireFinite(out.temperatureC, "temperature");
    out.temperatureSeconds = secondsSince(t0);
    return out;
  }

protected:
  /** Throw engine::Error when the backend cannot run here at all (no CUDA, no device). */
  virtual void requireAvailable() const {}
  virtual KrylovReport solvePotential(const th::FlowSystem& flow, const KrylovSettings& settings,
                                      std::vector<double>& psi) = 0;
  virtual KrylovReport solveTemperature(const th::TemperatureCoefficients& system,
                                        const KrylovSettings& settings,
                                        std::vector<double>& temperature) = 0;
};

class MirrorThermalSolver final : public JacobiKrylovThermalSolver
{
public:
  std::string name() const override { return "cpu-mirror"; }

protected:
  KrylovReport solvePotential(const th::FlowSystem& flow, const KrylovSettings& settings,
                              std::vector<double>& psi) override
  {
    MirrorFlowOps ops(flow);
    return thermal::conjugateGradient(ops, flow.rhs, psi, settings);
  }
  KrylovReport solveTemperature(const th::TemperatureCoefficients& system,
                                const KrylovSettings& settings,
                                std::vector<double>& temperature) override
  {
    MirrorTemperatureOps ops(system);
    return thermal::biCgStab(ops, system.rhs, temperature, settings);
  }
};

class CudaThermalSolver final : public JacobiKrylovThermalSolver
{
public:
  std::string name() const override { return "cuda"; }
  bool canSolve(const th::ThermalProblem& problem) const override
  {
    if (!JacobiKrylovThermalSolver::canSolve(problem))
      return false;
    const DeviceQuery& query = queryDevices();
    // About 20 double arrays per cell live on the device during the temperature solve.
    return !query.devices.empty() && double(problem.grid.cellCount()) * 20 * sizeof(double) <
                                       0.8 * double(query.devices.front().memoryBytes);
  }

protected:
  void requireAvailable() const override { requireDevice(); }
  KrylovReport solvePotential(const th::FlowSystem& flow, const KrylovSettings& settings,
                              std::vector<double>& psi) override
  {
    requireDevice();
    KrylovReport report;
#if MYRIAD_HAVE_CUDA
    check(cuda::solvePotential(flow, settings, psi.data(), report), "potential");
#else
    (void)flow, (void)settings, (void)psi;
#endif
    return report;
  }
  KrylovReport solveTemperature(const th::TemperatureCoefficients& system,
                                const KrylovSettings& settings,
                                std::vector<double>& temperature) override
  {
    requireDevice();
    KrylovReport report;
#if MYRIAD_HAVE_CUDA
    check(cuda::solveTemperature(system, settings, temperature.data(), report), "temperature");
#else
    (void)system, (void)settings, (void)temperature;
#endif
    return report;
  }

private:
  static void requireDevice()
  {
#if MYRIAD_HAVE_CUDA
    const DeviceQuery& query = queryDevices();
    if (query.devices.empty())
      throw engine::Error("thermal CUDA backend has no device: " + query.status);
#else
    throw engine::Error("thermal: CUDA backend requested but this build has no CUDA "
                        "(MYRIAD_ENABLE_CUDA=OFF)");
#endif
  }
#if MYRIAD_HAVE_CUDA
  static void check(const cuda::Status& status, const char* step)
  {
    if (!status.ok())
      throw engine::Error(std::string("thermal CUDA backend: ") + step +
                          " solve failed: " + status.message);
  }
#endif
};

} // namespace

std::unique_ptr<engine::thermal::ThermalSolver> makeMirrorThermalSolver()
{
  return std::make_unique<MirrorThermalSolver>();
}

std::unique_ptr<engine::thermal::ThermalSolver> makeCudaThermalSolver()
{
  return std::make_unique<CudaThermalSolver>();
}

} // namespace myriad::backend
