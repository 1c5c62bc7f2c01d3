#pragma once
/**
 * @file report_font.h
 * The report's font: DejaVu Sans for Latin text (as always) and a CJK family for Chinese text,
 * found through QFontDatabase, so that a Chinese report embeds a CJK font in the PDF.
 */

#include <QFont>
#include <QString>

namespace myriad::report
{

/**
 * The CJK family the report draws Chinese with, or "" when the system has none. Preferred: a
 * family whose Chinese text extracts from the PDF as written (pdftotext, copy and paste; Qt
 * maps a glyph to the lowest code point that uses it, so fonts that share glyphs between CJK
 * radicals and ideographs, such as Noto Sans CJK, extract "⾏" for "行"): Droid Sans Fallback
 * (fonts-droid-fallback) here, else Noto Sans CJK SC (fonts-noto-cjk) and the other Simplified
 * Chinese families. Looked up once.
 */
QString cjkFamily();

/**
 * The report's base font: "DejaVu Sans" with cjkFamily() as the family for characters DejaVu
 * lacks, without ligatures (text stays searchable). When `chinese` and no CJK family exists,
 * prints a warning on stderr (once): Chinese text then falls back to whatever Qt finds.
 */
QFont reportFont(bool chinese);

} // namespace myriad::report
