#pragma once
/**
 * @file table_sizing.h
 * Sizing of the docks' tables: a minimum height that shows a number of rows, so that a dock
 * cannot be squeezed until its table shows two rows (the dock layout honours the minimum).
 */

#include <QHeaderView>
#include <QScrollBar>
#include <QTableView>

#include <algorithm>

namespace myriad::app
{

/** Rows of a dock's table kept visible at the least. */
inline constexpr int kMinimumTableRows = 8;

/**
 * Give `view` the minimum height that shows `rows` rows below its header (with room for a
 * horizontal scroll bar). Call after the header's labels are set (two-line labels are taller).
 */
inline void setMinimumVisibleRows(QTableView* view, int rows = kMinimumTableRows)
{
  const int rowHeight = view->verticalHeader()->defaultSectionSize();
  const int header =
    std::max(view->horizontalHeader()->sizeHint().height(), view->fontMetrics().height() + 8);
  const int frame = 2 * view->frameWidth();
  const int scrollBar = view->horizontalScrollBar()->sizeHint().height();
  view->setMinimumHeight(header + rows * rowHeight + frame + scrollBar);
}

/** Rows of `view` fully or partly visible in its viewport (the last row may be cut). */
inline int visibleRowCapacity(const QTableView* view)
{
  const int rowHeight = std::max(1, view->verticalHeader()->defaultSectionSize());
  return view->viewport()->height() / rowHeight;
}

} // namespace myriad::app
