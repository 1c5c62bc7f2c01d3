#include "status_text.h"

#include <cmath>
#include <cstdlib>

namespace myriad::app
{

QString formatCount(long long value)
{
  QString digits = QString::number(std::llabs(value));
  for (int pos = digits.size() - 3; pos > 0; pos -= 3)
  {
    digits.insert(pos, QLatin1Char(','));
  }
  return value < 0 ? QLatin1Char('-') + digits : digits;
}

QString formatPower(double watts)
{
  const double magnitude = std::abs(watts);
  if (magnitude >= 1e6)
  {
    return QStringLiteral("%1 MW").arg(watts / 1e6, 0, 'f', magnitude >= 1e8 ? 0 : 2);
  }
  if (magnitude >= 1e3)
  {
    return QStringLiteral("%1 kW").arg(watts / 1e3, 0, 'f', magnitude >= 1e5 ? 0 : 1);
  }
  return QStringLiteral("%1 W").arg(watts, 0, 'f', 0);
}

QString countsSummary(const engine::SceneCounts& counts)
{
  return QStringLiteral("%1 racks · %2 nodes · %3 GPUs · %4 IT")
    .arg(formatCount(counts.racks), formatCount(counts.nodes), formatCount(counts.gpus),
         formatPower(counts.itPowerW));
}
QString detailLevelName(scenes::DetailLevel level)
{
  switch (level)
  {
    case scenes::DetailLevel::Racks:
      return QStringLiteral("Racks");
    case scenes::DetailLevel::Nodes:
      return QStringLiteral("Nodes");
    case scenes::DetailLevel::Gpus:
      return QStringLiteral("Gpus");
  }
  return QStringLiteral("?");
}

} // namespace myriad::app
