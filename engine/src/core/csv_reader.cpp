// Reading CSV tables in one pass (csv.h, CsvTable).
#include "myriad/engine/csv.h"
#include "myriad/engine/error.h"
#include "myriad/engine/scene_io.h"

#include <charconv>
#include <limits>

namespace myriad::engine
{

CsvTable CsvTable::read(const std::string& path)
{
  return parse(readFile(path), path);
}

CsvTable CsvTable::parse(std::string text, std::string file)
{
  CsvTable t;
  t.m_file = std::move(file);
  t.m_text = std::move(text);
  if (t.m_text.size() >= std::numeric_limits<std::uint32_t>::max())
  {
    throw LoadError(t.m_file, "", "larger than 4 GiB", "a smaller CSV file");
  }
  t.parseAll();
  return t;
}

// One pass over m_text. A quoted field is compacted in place (a doubled quote becomes one), so
// the span stays inside the field's original bytes; the bytes left behind are never read again.
void CsvTable::parseAll()
{
  char* const s = m_text.data();
  const auto n = static_cast<std::uint32_t>(m_text.size());
  std::uint32_t i = 0;
  int line = 1;
  std::vector<Span> row;
  while (i < n)
  {
    const int rowLine = line;
    row.clear();
    bool endOfRow = false;
    while (!endOfRow)
    {
      while (i < n && s[i] == ' ')
      {
        ++i; // spaces before a field
      }
      Span f{ i, 0 };
      if (i < n && s[i] == '"')
      {
        std::uint32_t out = i, in = i + 1;
        for (;; ++in)
        {
          if (in >= n)
          {
            throw LoadError(m_file, "line " + std::to_string(rowLine),
                            "a quoted field is not closed", "a closing '\"'");
          }
          if (s[in] == '"' && !(in + 1 < n && s[in + 1] == '"'))
          {
            break;
          }
          line += s[in] == '\n';
          in += s[in] == '"'; // a doubled quote stands for one
          s[out++] = s[in];
        }
        f.size = out - i;
        i = in + 1;
        while (i < n && s[i] != ',' && s[i] != '\n')
        {
          ++i; // spaces or CR after the closing quote
        }
      }
      else
      {
        while (i < n && s[i] != ',' && s[i] != '\n')
        {
          ++i;
        }
        std::uint32_t end = i;
        while (end > f.begin && (s[end - 1] == '\r' || s[end - 1] == ' '))
        {
          --end;
        }
        f.size = end - f.begin;
      }
      row.push_back(f);
      endOfRow = i >= n || s[i] == '\n';
      line += i < n && s[i] == '\n';
      ++i;
    }
    if (row.size() == 1 && row[0].size == 0)
    {
      continue; // an empty line
    }
    if (m_header.empty())
    {
      m_header = row;
      continue;
    }
    m_rowStart.push_back(static_cast<std::uint32_t>(m_fields.size()));
    m_fields.insert(m_fields.end(), row.begin(), row.end());
    m_lines.push_back(rowLine);
  }
  m_rowStart.push_back(static_cast<std::uint32_t>(m_fields.size()));
}

int CsvTable::column(std::string_view name) const
{
  for (std::size_t c = 0; c < m_header.size(); ++c)
  {
    if (view(m_header[c]) == name)
    {
      return static_cast<int>(c);
    }
  }
  return -1;
}

int CsvTable::requireColumn(std::string_view name) const
{
  const int c = column(name);
  if (c < 0)
  {
    throw LoadError(m_file, "line 1", "no column '" + std::string(name) + "'",
                    "a header naming it");
  }
  return c;
}

std::string_view CsvTable::field(std::size_t row, int col) const
{
  const std::uint32_t first = m_rowStart[row], count = m_rowStart[row + 1] - first;
  return col >= 0 && static_cast<std::uint32_t>(col) < count ? view(m_fields[first + col])
                                                             : std::string_view();
}

std::string CsvTable::where(std::size_t row) const
{
  return "line " + std::to_string(m_lines[row]);
}

double CsvTable::number(std::size_t row, int col, std::string_view what) const
{
  const std::string_view text = field(row, col);
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size())
  {
    throw LoadError(m_file, where(row),
                    std::string(what) + " '" + std::string(text) + "' is not a number", "a number");
  }
  return value;
}

} // namespace myriad::engine
