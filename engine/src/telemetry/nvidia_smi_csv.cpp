/**
 * @file nvidia_smi_csv.cpp
 * Parser for `nvidia-smi --query-gpu=FIELDS --format=csv[,nounits]` (nvidia-smi(1)).
 *
 * The header row names the fields, with the unit in brackets for most numeric ones
 * ("utilization.gpu [%]", "power.draw [W]"; temperature.gpu has none). Without `nounits` the
 * values repeat the unit ("95 %", "81.25 W"). Unavailable values read "[N/A]" or
 * "[Not Supported]" → missing samples. Conversions to SI: % → ratio (×0.01), MiB → bytes
 * (×2^20), MHz → Hz (×1e6), W and °C unchanged. The `timestamp` column
 * ("2024/03/01 12:00:00.000") is local time of the host; it is read as UTC (documented limit).
 * nvidia-smi prints no hostname: ParseOptions::hostname names the host. A file holding several
 * sampling rounds (nvidia-smi -l) keeps the newest (last) row of each GPU.
 */
#include "parse_util.h"

#include "myriad/engine/telemetry/parsers.h"

#include <charconv>
#include <cstdio>
#include <map>
#include <unordered_map>
#include <vector>

namespace myriad::engine::telemetry
{
namespace
{

using detail::SnapshotBuilder;

struct Column
{
  std::string name; ///< header text without the unit
  std::string unit; ///< unit in brackets, may be empty
};

std::vector<std::string_view> splitCsv(std::string_view line)
{
  std::vector<std::string_view> fields;
  std::size_t start = 0;
  bool quoted = false;
  for (std::size_t i = 0; i <= line.size(); ++i)
  {
    if (i < line.size() && line[i] == '"')
      quoted = !quoted;
    if (i == line.size() || (line[i] == ',' && !quoted))
    {
      std::string_view f = detail::trim(line.substr(start, i - start));
      if (f.size() >= 2 && f.front() == '"' && f.back() == '"')
        f = f.substr(1, f.size() - 2);
      fields.push_back(f);
      start = i + 1;
    }
  }
  return fields;
}

Column parseHeader(std::string_view field)
{
  Column c;
  const auto open = field.rfind(" [");
  if (open != std::string_view::npos && field.back() == ']')
  {
    c.name = std::string(detail::trim(field.substr(0, open)));
    c.unit = std::string(field.substr(open + 2, field.size() - open - 3));
  }
  else
  {
    c.name = std::string(field);
  }
  return c;
}

/** Canonical metric and SI unit of a known nvidia-smi field, nullptr for others. */
const std::pair<const char*, const char*>* knownField(const std::string& name)
{
  static const std::map<std::string, std::pair<const char*, const char*>> table = {
    { "temperature.gpu", { metric::GpuTemperature, "degC" } },
    { "temperature.memory", { metric::GpuMemoryTemperature, "degC" } },
    { "power.draw", { metric::GpuPower, "W" } },
    { "power.draw.instant", { metric::GpuPower, "W" } },
    { "power.limit", { "gpu.power_limit", "W" } },
    { "utilization.gpu", { metric::GpuUtilization, "ratio" } },
    { "utilization.memory", { "gpu.memory_utilization", "ratio" } },
    { "memory.total", { "gpu.memory_total", "B" } },
    { "memory.used", { "gpu.memory_used", "B" } },
    { "memory.free", { "gpu.memory_free", "B" } },
    { "clocks.sm", { metric::GpuSmClock, "Hz" } },
    { "clocks.current.sm", { metric::GpuSmClock, "Hz" } },
    { "clocks.mem", { "gpu.memory_clock", "Hz" } },
    { "clocks.current.memory", { "gpu.memory_clock", "Hz" } },
    { "clocks.gr", { "gpu.graphics_clock", "Hz" } },
    { "clocks.current.graphics", { "gpu.graphics_clock", "Hz" } },
    { "fan.speed", { "gpu.fan_speed", "ratio" } },
  };
  auto it = table.find(name);
  return it == table.end() ? nullptr : &it->second;
}

double unitScale(std::string_view unit)
{
  if (unit == "%")
    return 0.01;
  if (unit == "MiB")
    return 1048576.0;
  if (unit == "GiB")
    return 1073741824.0;
  if (unit == "KiB")
    return 1024.0;
  if (unit == "MHz")
    return 1e6;
  if (unit == "GHz")
    return 1e9;
  if (unit == "mW")
    return 1e-3;
  return 1.0;
}

/** Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm). */
std::int64_t daysFromCivil(int y, int m, int d)
{
  y -= m <= 2;
  const int era = (y >= 0 ? y : y - 399) / 400;
  const int yoe = y - era * 400;
  const int doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return std::int64_t(era) * 146097 + doe - 719468;
}

/** "YYYY/MM/DD HH:MM:SS[.mmm]" → epoch ms (read as UTC); −1 when malformed. */
std::int64_t parseTimestamp(std::string_view s)
{
  int y, mo, d, h, mi;
  double sec;
  char rest[2];
  const std::string text(s);
  if (std::sscanf(text.c_str(), "%4d/%2d/%2d %2d:%2d:%lf%1s", &y, &mo, &d, &h, &mi, &sec, rest) !=
      6)
    return -1;
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || !(sec >= 0 && sec < 61))
    return -1;
  return (daysFromCivil(y, mo, d) * 86400 + h * 3600 + mi * 60) * 1000 + std::int64_t(sec * 1000);
}

bool isUnavailable(std::string_view v)
{
  return v.empty() || (v.front() == '[' && v.back() == ']') || v == "N/A";
}

class CsvParser
{
public:
  CsvParser(std::string_view text, const ParseOptions& options)
    : m_text(text)
    , m_b(SourceFormat::NvidiaSmiCsv, options)
  {
  }

  Snapshot run()
  {
    if (!m_b.checkSize(m_text.size()))
      return m_b.finish();
    splitLines();
    if (!readHeader())
      return m_b.finish();
    // Keep the last row of each GPU (later sampling rounds are newer).
    std::unordered_map<std::string, std::size_t> lastRow;
    std::vector<std::vector<std::string_view>> rows(m_lines.size());
    for (std::size_t r = 1; r < m_lines.size(); ++r)
    {
      if (detail::trim(m_lines[r].first).empty())
        continue;
      rows[r] = splitCsv(m_lines[r].first);
      lastRow[gpuKey(rows[r], r)] = r;
    }
    std::size_t older = 0;
    for (std::size_t r = 1; r < m_lines.size(); ++r)
    {
      if (rows[r].empty())
        continue;
      if (lastRow[gpuKey(rows[r], r)] != r)
      {
        ++older;
        continue;
      }
      parseRow(rows[r], m_lines[r].second);
    }
    if (older > 0)
      m_b.diag(Severity::Warning, 0, "rows",
               std::to_string(older) + " rows of earlier sampling rounds ignored; kept the "
                                       "newest row of each GPU");
    return m_b.finish();
  }

private:
  void splitLines()
  {
    std::size_t pos = 0;
    int lineNo = 0;
    while (pos < m_text.size())
    {
      std::size_t end = m_text.find('\n', pos);
      if (end == std::string_view::npos)
        end = m_text.size();
      ++lineNo;
      const std::string_view line = m_text.substr(pos, end - pos);
      if (!(line.starts_with("#")))
        m_lines.emplace_back(line, lineNo);
      pos = end + 1;
    }
  }

  bool readHeader()
  {
    if (m_lines.empty())
    {
      m_b.diag(Severity::Error, 1, "header", "empty file: expected a header row");
      return false;
    }
    for (std::string_view f : splitCsv(m_lines[0].first))
      m_columns.push_back(parseHeader(f));
    for (std::size_t c = 0; c < m_columns.size(); ++c)
    {
      const std::string& n = m_columns[c].name;
      double dummy = 0;
      if (detail::parseNumber(n, dummy))
      {
        m_b.diag(Severity::Error, m_lines[0].second, "header",
                 "first row is data, not a header (was the file written with noheader?)");
        return false;
      }
      if (n == "index")
        m_indexCol = int(c);
      else if (n == "uuid")
        m_uuidCol = int(c);
    }
    if (m_indexCol < 0 && m_uuidCol < 0)
      m_b.diag(Severity::Warning, m_lines[0].second, "header",
               "no index or uuid column: GPUs are numbered by row order");
    return true;
  }

  std::string gpuKey(const std::vector<std::string_view>& row, std::size_t r) const
  {
    const auto get = [&](int c)
    { return c >= 0 && std::size_t(c) < row.size() ? std::string(row[std::size_t(c)]) : ""; };
    if (m_indexCol < 0 && m_uuidCol < 0)
      return "#" + std::to_string(r);
    return get(m_indexCol) + "|" + get(m_uuidCol);
  }

  void parseRow(const std::vector<std::string_view>& row, int lineNo);
  void addValue(int entity, const Column& col, std::string_view value, std::int64_t timeMs,
                int lineNo);

  std::string_view m_text;
  SnapshotBuilder m_b;
  std::vector<std::pair<std::string_view, int>> m_lines; ///< non-comment lines with line no.
  std::vector<Column> m_columns;
  int m_indexCol = -1, m_uuidCol = -1;
  int m_rowOrdinal = 0;
};

void CsvParser::parseRow(const std::vector<std::string_view>& row, int lineNo)
{
  m_b.rowRead();
  if (row.size() != m_columns.size())
  {
    m_b.diag(Severity::Error, lineNo, "row",
             "has " + std::to_string(row.size()) + " fields, the header has " +
               std::to_string(m_columns.size()));
    m_b.rowRejected();
    return;
  }
  Entity e;
  e.hostname = m_b.options().hostname;
  std::int64_t timeMs = -1;
  for (std::size_t c = 0; c < row.size(); ++c)
  {
    const std::string& name = m_columns[c].name;
    if (name == "index")
    {
      int index = -1;
      auto [p, ec] = std::from_chars(row[c].data(), row[c].data() + row[c].size(), index);
      if (ec != std::errc() || p != row[c].data() + row[c].size() || index < 0)
      {
        m_b.diag(Severity::Error, lineNo, "index",
                 "'" + std::string(row[c].substr(0, 40)) + "' is not a GPU index");
        m_b.rowRejected();
        return;
      }
      e.gpu = index;
    }
    else if (name == "uuid")
    {
      e.uuid = std::string(row[c]);
    }
    else if (name == "name")
    {
      e.model = std::string(row[c]);
    }
    else if (name == "timestamp")
    {
      timeMs = parseTimestamp(row[c]);
      if (timeMs < 0)
        m_b.diag(Severity::Warning, lineNo, "timestamp",
                 "'" + std::string(row[c].substr(0, 40)) + "' is not YYYY/MM/DD HH:MM:SS.mmm");
    }
  }
  if (m_indexCol < 0 && m_uuidCol < 0)
    e.gpu = m_rowOrdinal;
  ++m_rowOrdinal;
  const int entity = m_b.entity(e);
  for (std::size_t c = 0; c < row.size(); ++c)
    addValue(entity, m_columns[c], row[c], timeMs, lineNo);
}

void CsvParser::addValue(int entity, const Column& col, std::string_view value, std::int64_t timeMs,
                         int lineNo)
{
  static const char* const identity[] = { "index",          "uuid",       "name",
                                          "timestamp",      "pci.bus_id", "serial",
                                          "driver_version", "pstate",     "vbios_version" };
  for (const char* id : identity)
    if (col.name == id)
      return;
  const auto* known = knownField(col.name);
  if (isUnavailable(value))
  {
    if (value != "[N/A]" && value != "[Not Supported]" && value != "N/A" && !value.empty())
      m_b.diag(Severity::Warning, lineNo, col.name,
               "value '" + std::string(value.substr(0, 40)) + "' treated as missing");
    const int metric = known ? m_b.metric(known->first, known->second, col.name)
                             : m_b.metric(col.name, col.unit, col.name);
    m_b.sample(entity, metric, 0, timeMs, lineNo, true, col.name);
    return;
  }
  // Strip a trailing unit token ("95 %", "7650 MiB").
  std::string_view number = value, unit = col.unit;
  const auto space = value.rfind(' ');
  if (space != std::string_view::npos)
  {
    number = detail::trim(value.substr(0, space));
    unit = value.substr(space + 1);
    if (!col.unit.empty() && unit != col.unit)
      m_b.diag(Severity::Warning, lineNo, col.name,
               "value unit '" + std::string(unit) + "' differs from header unit '" + col.unit +
                 "'; using the value's");
  }
  double v = 0;
  if (!detail::parseNumber(number, v))
  {
    if (known)
      m_b.diag(Severity::Error, lineNo, col.name,
               "'" + std::string(value.substr(0, 40)) + "' is not a number");
    return; // unknown text columns (e.g. compute_mode) are not metrics
  }
  if (known)
  {
    // temperature.* have no unit suffix; a "%"-typed column without a unit is still a percentage.
    double scale = unitScale(unit);
    if (unit.empty() && std::string_view(known->second) == "ratio")
      scale = 0.01;
    m_b.sample(entity, m_b.metric(known->first, known->second, col.name), v * scale, timeMs, lineNo,
               false, col.name);
  }
  else
  {
    m_b.sample(entity, m_b.metric(col.name, col.unit, col.name), v, timeMs, lineNo, false,
               col.name);
  }
}

} // namespace

Snapshot parseNvidiaSmiCsv(std::string_view text, const ParseOptions& options)
{
  return CsvParser(text, options).run();
}

} // namespace myriad::engine::telemetry
