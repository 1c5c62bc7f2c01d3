#pragma once
/**
 * @file table_sizing.h
 * Sizing of the docks' tables: a minimum height that shows a number of rows, so that a dock
 * cannot be squeezed until its table shows two rows (the dock layout honours the minimum).
 */

#include <QFontMetrics>
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

/**
 * Columns as wide as their cells and the widest line of their header, whichever is wider
 * (QHeaderView's own ResizeToContents measures a two-line header as one line and reserves the
 * sort arrow everywhere, which made the Thermal dock's tables wider than the dock). The user
 * can still drag the columns; the last one takes what is left.
 */
inline void fitColumnsToContents(QTableView* view)
{
  QHeaderView* header = view->horizontalHeader();
  header->setSectionResizeMode(QHeaderView::Interactive);
  header->setStretchLastSection(true);
  const QFontMetrics metrics(header->font());
  constexpr int kHeaderPadding = 14; // the style's section margins
  constexpr int kSortArrow = 16;     // only the sorted column shows it
  for (int column = 0; column < view->model()->columnCount(); ++column)
  {
    // (QTableView makes the override protected; QAbstractItemView's is public and virtual.)
    const int cellsWidth = static_cast<const QAbstractItemView*>(view)->sizeHintForColumn(column);
    int headerWidth = 0;
    const QString title = view->model()->headerData(column, Qt::Horizontal).toString();
    for (const QString& line : title.split(QLatin1Char('\n')))
    {
      headerWidth = std::max(headerWidth, metrics.horizontalAdvance(line));
    }
    headerWidth +=
      kHeaderPadding +
      (view->isSortingEnabled() && header->sortIndicatorSection() == column ? kSortArrow : 0);
    header->resizeSection(column, std::max(cellsWidth, headerWidth));
  }
}

/** Rows of `view` fully or partly visible in its viewport (the last row may be cut). */
inline int visibleRowCapacity(const QTableView* view)
{
  const int rowHeight = std::max(1, view->verticalHeader()->defaultSectionSize());
  return view->viewport()->height() / rowHeight;
}

} // namespace myriad::app
