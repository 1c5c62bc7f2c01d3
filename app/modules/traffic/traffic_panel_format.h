#pragma once
/**
 * @file traffic_panel_format.h
 * Table cells and time formatting shared by the Traffic dock's set-up (traffic_panel.cpp) and
 * its result tables (traffic_panel_results.cpp); internal to app/.
 */

#include "number_format.h"

#include <QString>
#include <QTableWidgetItem>

#include <cmath>

namespace myriad::app::traffic_format
{

/** Rows of the hot-links table. */
constexpr int kHotLinks = 20;

/** A read-only cell; numbers sort as numbers. */
inline QTableWidgetItem* cell(const QString& text, double sortValue = std::nan(""))
{
  auto* item = new QTableWidgetItem(text);
  if (!std::isnan(sortValue))
  {
    item->setData(Qt::UserRole, sortValue);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  }
  return item;
}

inline QString seconds(double s)
{
  if (s >= 1.0)
  {
    return QStringLiteral("%1 s").arg(formatFixed(s, 2));
  }
  return QStringLiteral("%1 ms").arg(formatFixed(s * 1e3, s >= 0.01 ? 1 : 2));
}

} // namespace myriad::app::traffic_format
