/**
 * @file prometheus_text.cpp
 * Parser for the Prometheus text exposition format as served by the NVIDIA DCGM exporter.
 *
 * Grammar (prometheus/docs exposition_formats.md): `# HELP name doc`, `# TYPE name type`,
 * other `#` lines are comments; a sample is
 *   name [ "{" label="value" { "," label="value" } [","] "}" ] value [ timestamp_ms ]
 * where label values escape `\\`, `\"` and `\n`, the value follows Go ParseFloat (NaN, +Inf,
 * -Inf) and the timestamp is int64 milliseconds. Prometheus 3 "allow-utf-8" escaping puts a
 * quoted metric name first inside the braces: {"my.metric",a="b"} 1 — accepted too.
 *
 * Entities come from the DCGM labels: Hostname (exporter ≤ 4.5.3-4.8.2) or hostname (HEAD),
 * falling back to the host part of `instance`; gpu; UUID or uuid; GPU_I_PROFILE/GPU_I_ID for
 * MIG; modelName. DCGM fields are converted to SI (parse_util.h); other metrics keep their
 * name and value, and their remaining labels become the entity's `sensor` so distinct series
 * stay distinct. Speed: DCGM repeats the same label text for all ~20 fields of a GPU, so the
 * raw label text is cached → entity, skipping label parsing for repeats.
 */
#include "parse_util.h"

#include "myriad/engine/telemetry/parsers.h"

#include <algorithm>
#include <charconv>
#include <unordered_map>
#include <vector>

namespace myriad::engine::telemetry
{
namespace
{

using detail::SnapshotBuilder;

bool isNameStart(char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
}
bool isNameChar(char c)
{
  return isNameStart(c) || (c >= '0' && c <= '9');
}
bool isBlank(char c)
{
  return c == ' ' || c == '\t';
}

/** A parse failure at a column of the current line. */
struct LineError
{
  std::string field;
  std::string message;
};

class TextParser
{
public:
  TextParser(std::string_view text, const ParseOptions& options)
    : m_text(text)
    , m_b(SourceFormat::PrometheusText, options)
  {
  }

  Snapshot run()
  {
    if (!m_b.checkSize(m_text.size()))
      return m_b.finish();
    // A DCGM sample line is ~200 bytes: reserve once instead of rehashing/growing repeatedly.
    m_b.reserve(m_text.size() / 200);
    std::size_t pos = 0;
    int lineNo = 0;
    while (pos < m_text.size())
    {
      std::size_t end = m_text.find('\n', pos);
      if (end == std::string_view::npos)
        end = m_text.size();
      ++lineNo;
      parseLine(m_text.substr(pos, end - pos), lineNo);
      pos = end + 1;
    }
    if (!m_text.empty() && m_text.back() != '\n')
      m_b.diag(Severity::Warning, lineNo, "line",
               "input does not end with a newline (truncated scrape?)");
    return m_b.finish();
  }

private:
  void parseLine(std::string_view line, int lineNo)
  {
    line = detail::trim(line);
    if (line.empty())
      return;
    if (line.front() == '#')
    {
      parseComment(line.substr(1), lineNo);
      return;
    }
    m_b.rowRead();
    LineError error;
    if (!parseSample(line, lineNo, error))
    {
      m_b.rowRejected();
      m_b.diag(Severity::Error, lineNo, error.field, error.message);
    }
  }

  void parseComment(std::string_view rest, int lineNo)
  {
    rest = detail::trim(rest);
    const bool help = rest.starts_with("HELP") && (rest.size() == 4 || isBlank(rest[4]));
    const bool type = rest.starts_with("TYPE") && (rest.size() == 4 || isBlank(rest[4]));
    if (!help && !type)
      return; // plain comment
    rest = detail::trim(rest.substr(4));
    std::string name;
    std::size_t i = 0;
    if (!rest.empty() && rest.front() == '"')
    {
      LineError err;
      ++i;
      if (!readQuoted(rest, i, name, err))
      {
        m_b.diag(Severity::Warning, lineNo, "metric name", err.message);
        return;
      }
    }
    else
    {
      while (i < rest.size() && !isBlank(rest[i]))
        ++i;
      name = std::string(rest.substr(0, i));
    }
    if (name.empty())
    {
      m_b.diag(Severity::Warning, lineNo, "metric name",
               std::string(help ? "HELP" : "TYPE") + " line without a metric name");
      return;
    }
    if (!type)
      return;
    const std::string_view kind = detail::trim(rest.substr(i));
    static const std::string_view kinds[] = {
      "counter", "gauge", "histogram", "summary", "untyped", "gaugehistogram", "info", "stateset"
    };
    if (std::find(std::begin(kinds), std::end(kinds), kind) == std::end(kinds))
      m_b.diag(Severity::Warning, lineNo, "type",
               "unknown metric type '" + std::string(kind) + "' for " + name);
    if (!m_typed.emplace(name, lineNo).second)
      m_b.diag(Severity::Warning, lineNo, "type",
               "second TYPE line for " + name + " (first at line " + std::to_string(m_typed[name]) +
                 ")");
  }

  /** Reads a quoted string starting after the opening quote at s[i-1]; i ends past the close. */
  static bool readQuoted(std::string_view s, std::size_t& i, std::string& out, LineError& err)
  {
    out.clear();
    while (i < s.size())
    {
      const char c = s[i++];
      if (c == '"')
        return true;
      if (c != '\\')
      {
        out += c;
        continue;
      }
      if (i >= s.size())
        break;
      const char e = s[i++];
      if (e == 'n')
        out += '\n';
      else if (e == '\\' || e == '"')
        out += e;
      else
      {
        err.message = std::string("invalid escape '\\") + e + "' in quoted string";
        return false;
      }
    }
    err.message = "unterminated quoted string";
    return false;
  }

  /** Position just past the '}' closing the label set that opens at s[open], or npos. */
  static std::size_t labelSetEnd(std::string_view s, std::size_t open)
  {
    bool quoted = false;
    for (std::size_t i = open + 1; i < s.size(); ++i)
    {
      const char c = s[i];
      if (quoted)
      {
        if (c == '\\')
          ++i;
        else if (c == '"')
          quoted = false;
      }
      else if (c == '"')
      {
        quoted = true;
      }
      else if (c == '}')
      {
        return i + 1;
      }
    }
    return std::string_view::npos;
  }

  struct Labels
  {
    std::string name; ///< quoted metric name inside the braces, if any
    std::vector<std::pair<std::string, std::string>> pairs;
  };

  static bool parseLabels(std::string_view s, Labels& out, LineError& err)
  {
    // s is the text between the braces.
    std::size_t i = 0;
    bool first = true;
    while (true)
    {
      while (i < s.size() && isBlank(s[i]))
        ++i;
      if (i >= s.size())
        return true;
      std::string key;
      const bool quotedKey = s[i] == '"';
      if (quotedKey)
      {
        ++i;
        if (!readQuoted(s, i, key, err))
        {
          err.field = "labels";
          return false;
        }
      }
      else
      {
        const std::size_t start = i;
        while (i < s.size() && isNameChar(s[i]))
          ++i;
        key = std::string(s.substr(start, i - start));
        if (key.empty() || !isNameStart(key.front()))
        {
          err = { "labels", "expected a label name at '" + std::string(s.substr(start, 12)) + "'" };
          return false;
        }
      }
      while (i < s.size() && isBlank(s[i]))
        ++i;
      if (i < s.size() && s[i] == '=')
      {
        ++i;
        while (i < s.size() && isBlank(s[i]))
          ++i;
        if (i >= s.size() || s[i] != '"')
        {
          err = { "label " + key, "expected a quoted label value" };
          return false;
        }
        ++i;
        std::string value;
        if (!readQuoted(s, i, value, err))
        {
          err.field = "label " + key;
          return false;
        }
        out.pairs.emplace_back(std::move(key), std::move(value));
      }
      else if (first && quotedKey)
      {
        out.name = std::move(key); // quoted UTF-8 metric name
      }
      else
      {
        err = { "label " + key, "expected '=' after the label name" };
        return false;
      }
      first = false;
      while (i < s.size() && isBlank(s[i]))
        ++i;
      if (i >= s.size())
        return true;
      if (s[i] != ',')
      {
        err = { "labels", std::string("expected ',' or '}' but found '") + s[i] + "'" };
        return false;
      }
      ++i;
    }
  }

  struct Resolved
  {
    int entity = -1;
    std::string name; ///< quoted name from the braces, if any
  };

  bool resolveEntity(std::string_view rawLabels, bool dcgm, Resolved& out, int lineNo,
                     LineError& err)
  {
    if (dcgm)
    {
      // DCGM writes the GPUs in the same order in every metric group: try the label text at
      // the same position of the previous group first (sequential memory), then the cache.
      const std::size_t pos = m_groupOrder.size();
      if (pos < m_prevGroupOrder.size() && m_prevGroupOrder[pos].first == rawLabels)
        out.entity = m_prevGroupOrder[pos].second;
      else if (auto it = m_labelCache.find(rawLabels); it != m_labelCache.end())
        out.entity = it->second;
      if (out.entity >= 0)
      {
        m_groupOrder.emplace_back(rawLabels, out.entity);
        return true;
      }
    }
    Labels labels;
    if (!parseLabels(rawLabels, labels, err))
      return false;
    Entity e;
    std::string warning;
    if (!detail::entityFromLabels(labels.pairs, dcgm, e, err.field, err.message, warning))
      return false;
    if (!warning.empty())
      m_b.diag(Severity::Warning, lineNo, "label hostname", warning);
    out.entity = m_b.entity(e);
    out.name = std::move(labels.name);
    if (dcgm && out.name.empty())
    {
      m_labelCache.emplace(rawLabels, out.entity);
      m_groupOrder.emplace_back(rawLabels, out.entity);
    }
    return true;
  }

  bool parseSample(std::string_view line, int lineNo, LineError& err)
  {
    std::size_t i = 0;
    while (i < line.size() && isNameChar(line[i]))
      ++i;
    std::string_view name = line.substr(0, i);
    if (!name.empty() && !isNameStart(name.front()))
    {
      err = { "metric name", "metric name starts with a digit" };
      return false;
    }
    std::string_view rawLabels;
    if (i < line.size() && line[i] == '{')
    {
      const std::size_t close = labelSetEnd(line, i);
      if (close == std::string_view::npos)
      {
        err = { "labels", "label set is not closed with '}'" };
        return false;
      }
      rawLabels = line.substr(i + 1, close - i - 2);
      i = close;
    }
    else if (name.empty())
    {
      err = { "metric name", "expected a metric name or '{'" };
      return false;
    }
    // Samples of one metric form one group, so the previous line's lookup usually applies.
    if (name.empty() || name != m_lastName)
    {
      if (!m_groupOrder.empty())
      {
        m_prevGroupOrder.swap(m_groupOrder);
        m_groupOrder.clear();
      }
      m_lastName = name;
      m_lastMap = name.empty() ? nullptr : detail::dcgmMetric(name);
    }
    const detail::MetricMap* map = m_lastMap;
    Resolved resolved;
    if (!resolveEntity(rawLabels, map != nullptr || name.starts_with("DCGM_"), resolved, lineNo,
                       err))
      return false;
    const std::string_view fullName = name.empty() ? std::string_view(resolved.name) : name;
    if (fullName.empty())
    {
      err = { "metric name", "label set without a metric name" };
      return false;
    }
    if (!name.empty() && !resolved.name.empty())
    {
      err = { "metric name", "metric named both before and inside the braces" };
      return false;
    }
    if (!map)
      map = detail::dcgmMetric(fullName);
    // Value and optional timestamp.
    if (i < line.size() && !isBlank(line[i]))
    {
      err = { "metric name", "unexpected character '" + std::string(1, line[i]) + "' in name" };
      return false;
    }
    double value = 0;
    std::int64_t timeMs = -1;
    if (!parseValue(detail::trim(line.substr(i)), lineNo, value, timeMs, err))
      return false;
    bool missing = false;
    if (map)
    {
      missing = detail::isDcgmSentinel(value);
      const double scale = map->scale == 0 ? m_b.options().violationUnitS : map->scale;
      value *= scale;
    }
    // The last-name shortcut may only keep views into m_text, not into a quoted name.
    const int metric = name.empty() ? metricIndexFor(fullName, map) : metricFor(fullName, map);
    m_b.sample(resolved.entity, metric, value, timeMs, lineNo, missing, fullName);
    return true;
  }

  /** "VALUE [TIMESTAMP]" after the name/labels; a bad timestamp only warns. */
  bool parseValue(std::string_view rest, int lineNo, double& value, std::int64_t& timeMs,
                  LineError& err)
  {
    const std::size_t gap = rest.find_first_of(" \t");
    const std::string_view valueText = rest.substr(0, gap);
    if (valueText.empty() || !detail::parseNumber(valueText, value))
    {
      err = { "value", valueText.empty()
                         ? "missing sample value"
                         : "'" + std::string(valueText.substr(0, 40)) + "' is not a number" };
      return false;
    }
    if (gap != std::string_view::npos)
    {
      const std::string_view ts = detail::trim(rest.substr(gap));
      std::int64_t t = 0;
      auto [p, ec] = std::from_chars(ts.data(), ts.data() + ts.size(), t);
      if (ec != std::errc() || p != ts.data() + ts.size())
        m_b.diag(Severity::Warning, lineNo, "timestamp",
                 "'" + std::string(ts.substr(0, 40)) +
                   "' is not an integer millisecond timestamp; sample kept without time");
      else
        timeMs = t;
    }
    return true;
  }

  int metricFor(std::string_view sourceView, const detail::MetricMap* map)
  {
    if (m_lastMetric >= 0 && sourceView == m_lastMetricName)
      return m_lastMetric;
    m_lastMetricName = sourceView;
    m_lastMetric = metricIndexFor(sourceView, map);
    return m_lastMetric;
  }

  int metricIndexFor(std::string_view sourceView, const detail::MetricMap* map)
  {
    auto it = m_metricCache.find(sourceView);
    if (it != m_metricCache.end())
      return it->second;
    const std::string sourceName(sourceView);
    const int index =
      map ? m_b.metric(map->name, map->unit, sourceName) : m_b.metric(sourceName, "", sourceName);
    m_metricCache.emplace(sourceName, index);
    return index;
  }

  std::string_view m_text;
  SnapshotBuilder m_b;
  std::string_view m_lastName; ///< view into m_text
  const detail::MetricMap* m_lastMap = nullptr;
  std::string_view m_lastMetricName; ///< view into m_text (never into a quoted name)
  int m_lastMetric = -1;
  std::unordered_map<std::string, int> m_typed;
  std::unordered_map<std::string_view, int> m_labelCache; ///< views into m_text
  /** (label text, entity) in line order for the current and the previous metric group. */
  std::vector<std::pair<std::string_view, int>> m_groupOrder, m_prevGroupOrder;
  struct Hash
  {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::unordered_map<std::string, int, Hash, std::equal_to<>> m_metricCache;
};

} // namespace

Snapshot parsePrometheusText(std::string_view text, const ParseOptions& options)
{
  return TextParser(text, options).run();
}

} // namespace myriad::engine::telemetry
