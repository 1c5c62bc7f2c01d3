#include "status_text.h"

#include "number_format.h"

#include <vtkVersion.h>

#include "myriad/engine/economics/inputs.h"
#include "myriad/engine/error.h"

#include <QCoreApplication>
#include <QLocale>

#include <cmath>
#include <cstdlib>

namespace myriad::app
{

namespace
{
/** The status area's translation context (free functions: no class tr() of their own). */
class StatusText
{
  Q_DECLARE_TR_FUNCTIONS(myriad::app::StatusText)
};
} // namespace

QString formatCount(long long value)
{
  return formatQuantity(value); // grouped, or in 万/亿 in Chinese (number_format.h)
}

QString formatPower(double watts)
{
  const double magnitude = std::abs(watts);
  if (magnitude >= 1e6)
  {
    return withUnit(formatFixed(watts / 1e6, magnitude >= 1e8 ? 0 : 2), QStringLiteral("MW"));
  }
  if (magnitude >= 1e3)
  {
    return withUnit(formatFixed(watts / 1e3, magnitude >= 1e5 ? 0 : 1), QStringLiteral("kW"));
  }
  return withUnit(formatFixed(watts, 0), QStringLiteral("W"));
}

QString countsSummary(const engine::SceneCounts& counts)
{
  // countScene's IT power is the catalog maximum of every device: the nameplate peak, before the
  // fabric's optics are routed (the Dashboard's peak adds them), so the text says so.
  return QCoreApplication::translate("MainWindow",
                                     "%1 racks · %2 nodes · %3 GPUs · %4 IT peak without optics")
    .arg(formatCount(counts.racks), formatCount(counts.nodes), formatCount(counts.gpus),
         formatPower(counts.itPowerW));
}

QString evaluationContextText(const engine::Scene& scene, const engine::Catalog& catalog)
{
  engine::economics::EconomicsInputs inputs;
  try
  {
    inputs = engine::economics::documentInputs(scene);
  }
  catch (const engine::Error&)
  {
    return StatusText::tr("evaluation context unreadable: defaults");
  }
  QString site = QString::fromStdString(inputs.site);
  try
  {
    site = QString::fromStdString(engine::economics::siteClimate(inputs.site, catalog).name);
  }
  catch (const engine::Error&)
  {
    // an unknown site shows its id; the economics stage reports it
  }
  const QLocale locale;
  const QString price =
    inputs.energyPriceUSDPerKWh
      ? StatusText::tr("$%1/kWh").arg(locale.toString(*inputs.energyPriceUSDPerKWh, 'f', 3))
      : StatusText::tr("site energy price");
  return StatusText::tr("at %1 % utilisation · %2 · %3")
    .arg(locale.toString(inputs.utilisation * 100, 'f', 0), site, price);
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

QString aboutText(const backend::BackendChoice& backend)
{
  return QCoreApplication::translate(
           "MainWindow",
           "<h3>Myriad %1</h3>"
           "<p>A desktop workbench for planning, analysing and explaining AI training clusters of "
           "ten thousand GPUs and more: data-hall layout in 3D, fabric and cabling, power, "
           "cooling, cost and reliability.</p>"
           "<p>Licensed under the Apache License 2.0.</p>"
           "<p>Qt %2 · VTK %3<br>Compute backend: %4 — %5</p>")
    .arg(QStringLiteral(MYRIAD_VERSION), QString::fromLatin1(qVersion()),
         QString::fromLatin1(vtkVersion::GetVTKVersion()),
         QString::fromUtf8(backend::toString(backend.backend)).toUpper(),
         QString::fromStdString(backend.reason).toHtmlEscaped());
}

} // namespace myriad::app
