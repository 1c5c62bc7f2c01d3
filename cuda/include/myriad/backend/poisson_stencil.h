#pragma once
/**
 * @file poisson_stencil.h
 * The per-point Jacobi update of poisson_smoother.h, shared by the CPU reference and the CUDA
 * kernel so that both backends evaluate the same expression in the same order.
 */

#include "myriad/backend/host_device.h"

namespace myriad::backend
{

/**
 * New value of one interior point: the mean of its six neighbours plus h²·f / 6.
 * @param xm,xp,ym,yp,zm,zp neighbour values at −x, +x, −y, +y, −z, +z
 * @param h2 grid spacing squared (m²)
 * @param f  right-hand side at the point
 */
MYRIAD_HOST_DEVICE inline double jacobiPointUpdate(double xm, double xp, double ym, double yp,
                                                   double zm, double zp, double h2, double f)
{
  const double neighbours = (xm + xp) + (ym + yp) + (zm + zp);
  return (neighbours + h2 * f) / 6.0;
}

} // namespace myriad::backend
