/**
 * @file view_text.cpp
 * The 3D view's own words in the interface language (view_text.h).
 */

#include "view_text.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace myriad::app
{

QString rowLabelText(const QString& rowName)
{
  // The names engine::generateScene and the add-row edit give (hall_builder.cpp, edit_add.cpp).
  static const QRegularExpression generated(QStringLiteral("^(Network row|Row) (\\d+)$"));
  const QRegularExpressionMatch match = generated.match(rowName);
  if (!match.hasMatch())
  {
    return rowName;
  }
  if (match.captured(1) == QLatin1String("Row"))
  {
    return QCoreApplication::translate("HallView", "Row %1",
                                       "label of a row of racks in the 3D view")
      .arg(match.captured(2));
  }
  return QCoreApplication::translate("HallView", "Network row %1",
                                     "label of a row of switch racks in the 3D view")
    .arg(match.captured(2));
}

scenes::SceneText viewText()
{
  scenes::SceneText text;
  text.rackPowerTitle =
    QCoreApplication::translate("HallView", "Rack power (kW)", "legend title in the 3D view")
      .toStdString();
  text.rowLabel = [](const std::string& name)
  { return rowLabelText(QString::fromStdString(name)).toStdString(); };
  // Ideographs of the labels and the legend: a face that draws them also draws the rest.
  text.fontFile = scenes::fontFileCovering("第列机柜功率网络温度", "zh-cn");
  return text;
}

} // namespace myriad::app
