/**
 * @file plausibility.cpp
 * The plausible range of each telemetry quantity (snapshot.h, PlausibleRange) and the check
 * every parser's samples pass through in SnapshotBuilder::sample.
 */
#include "parse_util.h"

#include <cmath>
#include <cstdio>

namespace myriad::engine::telemetry
{

PlausibleRange plausibleRange(const std::string& metricName, const std::string& unit)
{
  constexpr double kUnbounded = std::numeric_limits<double>::infinity();
  if (unit == "degC")
    return { -40, 150 };
  if (unit == "ratio")
    return { 0, 1 };
  if (unit == "W")
    return { 0, metricName == metric::GpuPower ? 5'000 : 1e6 };
  if (unit == "rpm")
    return { 0, 100'000 };
  if (unit == "Hz")
    return { 0, 1e11 };
  if (unit == "J" || unit == "B" || unit == "B/s" || unit == "s" || unit == "1")
    return { 0, kUnbounded };
  return {};
}

namespace detail
{

namespace
{

std::string number(double v)
{
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

std::string unitText(const std::string& unit)
{
  return unit == "degC" ? " °C" : unit == "1" || unit.empty() ? "" : " " + unit;
}

} // namespace

std::string implausibleReading(const MetricInfo& info, const PlausibleRange& range, double value)
{
  // Integer percent becomes ratio by × 0.01, so 100 % may land an ulp above 1.
  constexpr double kSlack = 1e-9;
  if (!std::isfinite(value))
    return info.name + " reading " +
           (std::isnan(value) ? "NaN"
            : value > 0       ? "+Inf"
                              : "-Inf") +
           " is not a finite number; excluded";
  if (value >= range.minimum - kSlack && value <= range.maximum + kSlack)
    return {};
  const std::string unit = unitText(info.unit);
  std::string bounds;
  if (std::isfinite(range.maximum))
    bounds = number(range.minimum) + " to " + number(range.maximum) + unit;
  else
    bounds = "≥ " + number(range.minimum) + unit;
  return info.name + " reading " + number(value) + unit + " is outside the plausible range " +
         bounds + "; excluded";
}

} // namespace detail

} // namespace myriad::engine::telemetry
