#pragma once
/**
 * @file finance.h
 * Money arithmetic of the cost model, free of any scene: net present value, capital recovery,
 * straight-line residual value, TCO and cost per GPU-hour.
 *
 *   NPV = Σ_{t=0..n} C_t / (1 + r)^t                      (C_0 undiscounted, r > −1)
 *   CRF(r, n) = r·(1 + r)^n / ((1 + r)^n − 1), CRF(0, n) = 1/n (capital recovery factor)
 *   Residual value of an asset after N years of an L-year straight-line life:
 *     V = C·max(0, 1 − N/L), discounted by (1 + r)^N.
 *   TCO (present value over N years) = Σ CAPEX − PV(residual) + Σ_{t=1..N} OPEX/(1 + r)^t
 *   Annualised TCO = TCO·CRF(r, N); with r = 0 it is TCO/N.
 *   Cost per GPU-hour = annualised TCO / (GPUs × 8,760 h × availability).
 * Source: textbook engineering economics (docs/references.md#newnan); the formulas are restated
 * in docs/models/economics.md.
 */

#include <vector>

namespace myriad::engine::economics
{

inline constexpr double kHoursPerYear = 8760;

/** NPV of cash flows C_0..C_n at rate r; throws SpecError when r ≤ −1. */
double npv(const std::vector<double>& cashFlows, double rate);
/** Present value of `amount` paid at the end of each of `years` years. */
double annuityPresentValue(double amount, double rate, int years);
/** Capital recovery factor; throws SpecError when years < 1 or r ≤ −1. */
double capitalRecoveryFactor(double rate, int years);
/** Residual (book) value after `years` of a `lifeYears` straight-line life, undiscounted. */
double residualValue(double capex, int years, int lifeYears);
/** Cost per GPU-hour from an annualised cost; throws SpecError for gpus < 1 or availability ≤ 0. */
double costPerGpuHour(double annualisedUSD, double gpus, double availability);

} // namespace myriad::engine::economics
