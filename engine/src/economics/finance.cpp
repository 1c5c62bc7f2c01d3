/**
 * @file finance.cpp
 * NPV, capital recovery, residual value and cost per GPU-hour; formulas in finance.h.
 */

#include "myriad/engine/economics/finance.h"

#include "myriad/engine/error.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace myriad::engine::economics
{

namespace
{

void checkRate(double rate)
{
  if (!std::isfinite(rate) || rate <= -1)
  {
    throw SpecError("discountRate: must be > −1 (−100 %), got " + std::to_string(rate));
  }
}

} // namespace

double npv(const std::vector<double>& cashFlows, double rate)
{
  checkRate(rate);
  double sum = 0;
  double factor = 1;
  for (double c : cashFlows)
  {
    sum += c / factor;
    factor *= 1 + rate;
  }
  return sum;
}

double annuityPresentValue(double amount, double rate, int years)
{
  checkRate(rate);
  double sum = 0;
  double factor = 1;
  for (int t = 1; t <= years; ++t)
  {
    factor *= 1 + rate;
    sum += amount / factor;
  }
  return sum;
}

double capitalRecoveryFactor(double rate, int years)
{
  checkRate(rate);
  if (years < 1)
  {
    throw SpecError("years: must be ≥ 1, got " + std::to_string(years));
  }
  if (std::abs(rate) < 1e-12)
  {
    return 1.0 / years;
  }
  const double g = std::pow(1 + rate, years);
  return rate * g / (g - 1);
}

double residualValue(double capex, int years, int lifeYears)
{
  if (lifeYears < 1)
  {
    throw SpecError("lifeYears: must be ≥ 1, got " + std::to_string(lifeYears));
  }
  return capex * std::max(0.0, 1.0 - static_cast<double>(years) / lifeYears);
}

double costPerGpuHour(double annualisedUSD, double gpus, double availability)
{
  if (gpus < 1)
  {
    throw SpecError("gpus: the scene has no GPUs, cost per GPU-hour is undefined");
  }
  if (!(availability > 0))
  {
    throw SpecError("availability: must be > 0, got " + std::to_string(availability));
  }
  return annualisedUSD / (gpus * kHoursPerYear * availability);
}

} // namespace myriad::engine::economics
