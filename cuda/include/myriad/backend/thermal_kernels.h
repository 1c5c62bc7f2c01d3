#pragma once
/**
 * @file thermal_kernels.h
 * Per-cell steps of the thermal backends' Krylov solvers (thermal_backend.h), shared by the CUDA
 * kernels and their CPU mirror so that both evaluate the same expressions in the same order
 * (the device may fuse a multiply-add). Operators as in engine thermal_operators.h:
 *
 *   potential    (A·ψ)_P = Σ_{open faces P|N} (ψ_P − ψ_N)            (graph Laplacian)
 *   temperature  (M·T)_P = a_P·T_P − Σ_nb a_nb·T_nb − [rack coupling]  (upwind FV)
 *   Jacobi       z_P = r_P / d_P  (d = open-face count for A, a_P for M; 0 where d = 0)
 *
 * Cell index c = i + nx·(j + ny·k). Plain C++ plus MYRIAD_HOST_DEVICE: includable anywhere.
 */

#include "myriad/backend/host_device.h"

#include <cstdint>

namespace myriad::backend::thermal
{

/** Open-face bits as in engine thermal_operators.h (kOpenPlusX/Y/Z). */
inline constexpr std::uint8_t kFacePlusX = 1, kFacePlusY = 2, kFacePlusZ = 4;

/** The potential operator's data: grid size and one open-face byte per cell. */
struct FlowStencil
{
  int nx = 0, ny = 0, nz = 0;
  const std::uint8_t* open = nullptr;
};

/** The temperature operator's 7-point part: a_P and the six neighbour coefficients. */
struct TemperatureStencil
{
  int nx = 0, ny = 0;
  const double* aP = nullptr;
  const double *aW = nullptr, *aE = nullptr, *aS = nullptr, *aN = nullptr, *aB = nullptr,
               *aT = nullptr;
};

/** (A·x)_c for the graph Laplacian of the open cells (0 in solid cells: no open face). */
MYRIAD_HOST_DEVICE inline double laplacianAt(const FlowStencil& s, const double* x, long c)
{
  const long sy = s.nx, sz = long(s.nx) * s.ny;
  const int i = int(c % s.nx), j = int((c / s.nx) % s.ny), k = int(c / sz);
  const double xc = x[c];
  const std::uint8_t bits = s.open[c];
  double y = 0.0;
  if (i > 0 && (s.open[c - 1] & kFacePlusX))
    y += xc - x[c - 1];
  if (bits & kFacePlusX)
    y += xc - x[c + 1];
  if (j > 0 && (s.open[c - sy] & kFacePlusY))
    y += xc - x[c - sy];
  if (bits & kFacePlusY)
    y += xc - x[c + sy];
  if (k > 0 && (s.open[c - sz] & kFacePlusZ))
    y += xc - x[c - sz];
  if (bits & kFacePlusZ)
    y += xc - x[c + sz];
  return y;
}

/** Diagonal of A at c: the number of open faces (0 for a solid or enclosed cell). */
MYRIAD_HOST_DEVICE inline double laplacianDiagonalAt(const FlowStencil& s, long c)
{
  const long sy = s.nx, sz = long(s.nx) * s.ny;
  const int i = int(c % s.nx), j = int((c / s.nx) % s.ny), k = int(c / sz);
  const std::uint8_t bits = s.open[c];
  int count =
    ((bits & kFacePlusX) ? 1 : 0) + ((bits & kFacePlusY) ? 1 : 0) + ((bits & kFacePlusZ) ? 1 : 0);
  count += (i > 0 && (s.open[c - 1] & kFacePlusX)) ? 1 : 0;
  count += (j > 0 && (s.open[c - sy] & kFacePlusY)) ? 1 : 0;
  count += (k > 0 && (s.open[c - sz] & kFacePlusZ)) ? 1 : 0;
  return double(count);
}

/** 7-point part of (M·x)_c; a neighbour is read only where its coefficient is non-zero (the
 *  coefficients of faces on the grid boundary are 0), as the engine's TemperatureSystem does. */
MYRIAD_HOST_DEVICE inline double temperatureStencilAt(const TemperatureStencil& a, const double* x,
                                                      long c)
{
  const long sy = a.nx, sz = long(a.nx) * a.ny;
  double s = a.aP[c] * x[c];
  if (a.aW[c] != 0.0)
    s -= a.aW[c] * x[c - 1];
  if (a.aE[c] != 0.0)
    s -= a.aE[c] * x[c + 1];
  if (a.aS[c] != 0.0)
    s -= a.aS[c] * x[c - sy];
  if (a.aN[c] != 0.0)
    s -= a.aN[c] * x[c + sy];
  if (a.aB[c] != 0.0)
    s -= a.aB[c] * x[c - sz];
  if (a.aT[c] != 0.0)
    s -= a.aT[c] * x[c + sz];
  return s;
}

/** Mean of x over cells[begin, end) (a rack's intake cells); 0 for an empty range. */
MYRIAD_HOST_DEVICE inline double cellMean(const std::int32_t* cells, int begin, int end,
                                          const double* x)
{
  double sum = 0.0;
  for (int e = begin; e < end; ++e)
    sum += x[cells[e]];
  return end > begin ? sum / double(end - begin) : 0.0;
}

/** Jacobi preconditioner: r / d, and 0 where the diagonal is 0 (a cell outside the system). */
MYRIAD_HOST_DEVICE inline double jacobiAt(double r, double diagonal)
{
  return diagonal != 0.0 ? r / diagonal : 0.0;
}

/** a·x + b·y, the one vector update of both Krylov solvers (b = 0 does not read y). */
MYRIAD_HOST_DEVICE inline double axpbyAt(double a, double x, double b, double y)
{
  return b == 0.0 ? a * x : a * x + b * y;
}

} // namespace myriad::backend::thermal
