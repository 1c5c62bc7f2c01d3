#pragma once
/**
 * @file csv.h
 * CSV tables (RFC 4180): writing fields (the fabric's BOM and cut sheet, the sweep's table, the
 * report's figures) and reading a table at the speed of the solvers that consume it
 * (`myriad-cli maxmin`'s links and flows).
 */

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace myriad::engine
{

/** One CSV field (RFC 4180): quoted, inner quotes doubled, when it holds , " CR or LF. */
std::string csvField(const std::string& text);

/**
 * A CSV table read in one pass over the file's bytes: the first non-empty line names the
 * columns, every later non-empty line is a row. Fields are spans of the table's own copy of the
 * text (a quoted field is unquoted in place), so reading allocates per table, never per field.
 * Spaces around unquoted fields and a CR before the newline are trimmed; empty lines are skipped.
 * Errors are LoadError naming the file, "line N" and the expected form.
 */
class CsvTable
{
public:
  /** Reads `path` (LoadError when it cannot be read or a quoted field is not closed). */
  static CsvTable read(const std::string& path);
  /** Parses `text`; `file` names it in errors. */
  static CsvTable parse(std::string text, std::string file);

  const std::string& file() const { return m_file; }
  std::size_t rowCount() const { return m_lines.size(); }

  /** The index of the column named `name`, or -1 without one. */
  int column(std::string_view name) const;
  /** The index of the column named `name`; LoadError at line 1 without one. */
  int requireColumn(std::string_view name) const;

  /** A row's field; empty when `col` is negative or the row is shorter. */
  std::string_view field(std::size_t row, int col) const;
  /** The row's line number in the file (1-based; the header is line 1 or later). */
  int line(std::size_t row) const { return m_lines[row]; }
  /** "line N" of a row, for errors. */
  std::string where(std::size_t row) const;
  /** The field as a number (std::from_chars, general format); LoadError naming `what` otherwise. */
  double number(std::size_t row, int col, std::string_view what) const;

private:
  struct Span
  {
    std::uint32_t begin = 0;
    std::uint32_t size = 0;
  };

  std::string m_file;
  std::string m_text;
  std::vector<Span> m_header;
  std::vector<Span> m_fields;
  std::vector<std::uint32_t> m_rowStart; ///< index into m_fields; one more than the rows
  std::vector<int> m_lines;

  std::string_view view(Span s) const { return { m_text.data() + s.begin, s.size }; }
  void parseAll();
};

} // namespace myriad::engine
