/**
 * @file snapshot.cpp
 * Snapshot helpers and the shared parser machinery (see parse_util.h).
 *
 * DCGM units (dcgm-exporter etc/default-counters.csv and dcp-metrics-included.csv, commit
 * d5e5f510, 2026-05): temperatures °C, power W, total energy mJ since boot (×1e-3 → J),
 * utilisation % (×0.01 → ratio), clocks MHz (×1e6 → Hz), frame buffer MiB (×2^20 → B),
 * PROF_* activities already ratios, PCIe PROF bytes/s. DCGM blank sentinels (dcgm_structs.h):
 * INT32 0x7ffffff0…+3, INT64 0x7ffffffffffffff0…+3 (≈9.22e18, e.g. 9223372036854775794 in the
 * exporter README), FP64 2^47…2^47+3. They mean "no data" and become missing samples.
 */
#include "parse_util.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace myriad::engine::telemetry
{

const char* toString(SourceFormat format)
{
  switch (format)
  {
    case SourceFormat::PrometheusText:
      return "prometheus-text";
    case SourceFormat::PrometheusJson:
      return "prometheus-json";
    case SourceFormat::NvidiaSmiCsv:
      return "nvidia-smi-csv";
    case SourceFormat::Redfish:
      return "redfish";
    case SourceFormat::Merged:
      return "merged";
    case SourceFormat::Unknown:
      break;
  }
  return "unknown";
}

std::string Diagnostic::toString() const
{
  std::string out = file;
  if (line > 0)
    out += ":" + std::to_string(line);
  if (!out.empty())
    out += ": ";
  if (!field.empty())
    out += field + ": ";
  out += severity == Severity::Error ? "error: " : "warning: ";
  out += message;
  return out;
}

int Snapshot::metricIndex(const std::string& name) const
{
  for (std::size_t i = 0; i < metrics.size(); ++i)
    if (metrics[i].name == name)
      return int(i);
  return -1;
}

std::size_t Snapshot::errorCount() const
{
  return std::size_t(std::count_if(diagnostics.begin(), diagnostics.end(),
                                   [](const Diagnostic& d)
                                   { return d.severity == Severity::Error; }));
}

std::size_t Snapshot::approxBytes() const
{
  std::size_t bytes = sizeof(Snapshot) + samples.capacity() * sizeof(Sample);
  for (const auto& e : entities)
    bytes += sizeof(Entity) + e.hostname.size() + e.uuid.size() + e.sensor.size() + e.model.size() +
             e.migProfile.size();
  for (const auto& m : metrics)
    bytes += sizeof(MetricInfo) + m.name.size() + m.unit.size() + m.sourceName.size();
  for (const auto& d : diagnostics)
    bytes += sizeof(Diagnostic) + d.file.size() + d.field.size() + d.message.size();
  return bytes;
}

Snapshot mergeSnapshots(const std::vector<Snapshot>& parts)
{
  Snapshot out;
  out.format = SourceFormat::Merged;
  std::unordered_map<std::string, int> entities, metrics;
  for (const auto& part : parts)
  {
    if (!out.fileName.empty())
      out.fileName += ",";
    out.fileName += part.fileName;
    out.timeMs = std::max(out.timeMs, part.timeMs);
    std::vector<int> entityMap, metricMap;
    for (const auto& e : part.entities)
    {
      auto [it, added] = entities.emplace(detail::entityKey(e), int(out.entities.size()));
      if (added)
        out.entities.push_back(e);
      entityMap.push_back(it->second);
    }
    for (const auto& m : part.metrics)
    {
      auto [it, added] = metrics.emplace(m.name + "\x1f" + m.unit, int(out.metrics.size()));
      if (added)
        out.metrics.push_back(m);
      metricMap.push_back(it->second);
    }
    for (Sample s : part.samples)
    {
      s.entity = entityMap[std::size_t(s.entity)];
      s.metric = metricMap[std::size_t(s.metric)];
      out.samples.push_back(s);
    }
    out.diagnostics.insert(out.diagnostics.end(), part.diagnostics.begin(), part.diagnostics.end());
    out.suppressedDiagnostics += part.suppressedDiagnostics;
    out.rowsRead += part.rowsRead;
    out.rowsRejected += part.rowsRejected;
  }
  return out;
}

namespace detail
{

std::string_view trim(std::string_view s)
{
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

std::string toLower(std::string_view s)
{
  std::string out(s);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z')
      c = char(c - 'A' + 'a');
  return out;
}

static bool equalsNoCase(std::string_view a, std::string_view b)
{
  if (a.size() != b.size())
    return false;
  for (std::size_t i = 0; i < a.size(); ++i)
  {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z')
      x = char(x - 'A' + 'a');
    if (x != y)
      return false;
  }
  return true;
}

bool parseNumber(std::string_view text, double& out)
{
  if (text.empty())
    return false;
  bool negative = false;
  std::string_view body = text;
  if (body.front() == '+' || body.front() == '-')
  {
    negative = body.front() == '-';
    body.remove_prefix(1);
  }
  if (body.empty())
    return false;
  if (equalsNoCase(body, "inf") || equalsNoCase(body, "infinity"))
  {
    out =
      negative ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
    return true;
  }
  if (equalsNoCase(body, "nan"))
  {
    out = std::numeric_limits<double>::quiet_NaN();
    return true;
  }
  // from_chars accepts neither a leading '+' nor "0x" hex here; both are rare in exporters.
  if (!((body.front() >= '0' && body.front() <= '9') || body.front() == '.'))
    return false;
  double value = 0;
  auto [end, ec] = std::from_chars(body.data(), body.data() + body.size(), value);
  if (end != body.data() + body.size())
    return false;
  if (ec == std::errc::result_out_of_range) // Go ParseFloat returns ±Inf for overflow
    value = std::numeric_limits<double>::infinity();
  else if (ec != std::errc())
    return false;
  out = negative ? -value : value;
  return true;
}

const MetricMap* dcgmMetric(std::string_view sourceName)
{
  static const std::unordered_map<std::string_view, MetricMap> table = {
    { "DCGM_FI_DEV_GPU_TEMP", { metric::GpuTemperature, "degC", 1 } },
    { "DCGM_FI_DEV_MEMORY_TEMP", { metric::GpuMemoryTemperature, "degC", 1 } },
    { "DCGM_FI_DEV_POWER_USAGE", { metric::GpuPower, "W", 1 } },
    { "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", { metric::GpuEnergy, "J", 1e-3, true } },
    { "DCGM_FI_DEV_GPU_UTIL", { metric::GpuUtilization, "ratio", 0.01 } },
    { "DCGM_FI_DEV_MEM_COPY_UTIL", { "gpu.memory_copy_utilization", "ratio", 0.01 } },
    { "DCGM_FI_DEV_ENC_UTIL", { "gpu.encoder_utilization", "ratio", 0.01 } },
    { "DCGM_FI_DEV_DEC_UTIL", { "gpu.decoder_utilization", "ratio", 0.01 } },
    { "DCGM_FI_DEV_SM_CLOCK", { metric::GpuSmClock, "Hz", 1e6 } },
    { "DCGM_FI_DEV_MEM_CLOCK", { "gpu.memory_clock", "Hz", 1e6 } },
    { "DCGM_FI_DEV_XID_ERRORS", { metric::GpuXid, "1", 1 } },
    { "DCGM_FI_DEV_THERMAL_VIOLATION", { metric::GpuThermalViolation, "s", 0, true } },
    { "DCGM_FI_DEV_POWER_VIOLATION", { metric::GpuPowerViolation, "s", 0, true } },
    { "DCGM_FI_DEV_FB_FREE", { "gpu.memory_free", "B", 1048576.0 } },
    { "DCGM_FI_DEV_FB_USED", { "gpu.memory_used", "B", 1048576.0 } },
    { "DCGM_FI_DEV_FB_RESERVED", { "gpu.memory_reserved", "B", 1048576.0 } },
    { "DCGM_FI_DEV_PCIE_REPLAY_COUNTER", { "gpu.pcie_replays", "1", 1, true } },
    { "DCGM_FI_PROF_GR_ENGINE_ACTIVE", { "gpu.graphics_engine_active", "ratio", 1 } },
    { "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE", { "gpu.tensor_active", "ratio", 1 } },
    { "DCGM_FI_PROF_DRAM_ACTIVE", { "gpu.dram_active", "ratio", 1 } },
    { "DCGM_FI_PROF_SM_ACTIVE", { "gpu.sm_active", "ratio", 1 } },
    { "DCGM_FI_PROF_PCIE_TX_BYTES", { "gpu.pcie_tx", "B/s", 1 } },
    { "DCGM_FI_PROF_PCIE_RX_BYTES", { "gpu.pcie_rx", "B/s", 1 } },
  };
  auto it = table.find(sourceName);
  return it == table.end() ? nullptr : &it->second;
}

bool isDcgmSentinel(double v)
{
  // INT64 sentinels do not fit a double exactly; all of them round to 2^63. ±Inf is a reading.
  if (!std::isfinite(v))
    return false;
  if (v >= 9.2233720368547e18)
    return true;
  if (v >= 2147483632.0 && v <= 2147483635.0 && v == std::floor(v))
    return true;
  return v >= 140737488355328.0 && v <= 140737488355331.0 && v == std::floor(v);
}

static bool parseIndex(const std::string& text, int& out)
{
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && p == text.data() + text.size() && out >= 0;
}

bool entityFromLabels(const LabelList& labels, bool dcgm, Entity& e, std::string& errField,
                      std::string& errMessage, std::string& warning)
{
  std::string lowerHost, upperHost, instance;
  for (const auto& [key, value] : labels)
  {
    if (key == "hostname")
      lowerHost = value;
    else if (key == "Hostname")
      upperHost = value;
    else if (key == "instance")
      instance = value;
    else if (key == "gpu")
    {
      if (!parseIndex(value, e.gpu))
      {
        errField = "label gpu";
        errMessage = "GPU index '" + value + "' is not a non-negative integer";
        return false;
      }
    }
    else if (key == "UUID" || key == "uuid")
      e.uuid = value;
    else if (key == "GPU_I_PROFILE")
      e.migProfile = value;
    else if (key == "GPU_I_ID")
    {
      if (!parseIndex(value, e.migInstance))
      {
        errField = "label GPU_I_ID";
        errMessage = "MIG instance id '" + value + "' is not a non-negative integer";
        return false;
      }
    }
    else if (key == "modelName")
      e.model = value;
    else if (!dcgm && key != "__name__")
      e.sensor += (e.sensor.empty() ? "" : ",") + key + "=" + value;
  }
  if (!lowerHost.empty() && !upperHost.empty() && lowerHost != upperHost)
    warning = "both hostname='" + lowerHost + "' and Hostname='" + upperHost + "'; using hostname";
  e.hostname = !lowerHost.empty() ? lowerHost : upperHost;
  if (e.hostname.empty() && !instance.empty())
  {
    // instance is "host:port" (or "[v6]:port"); keep the host part.
    const auto colon = instance.rfind(':');
    const bool hasPort =
      colon != std::string::npos && instance.find(']', colon) == std::string::npos;
    e.hostname = hasPort ? instance.substr(0, colon) : instance;
  }
  return true;
}

bool jsonDepthOk(std::string_view text, int maxDepth, std::size_t& offendingOffset)
{
  int depth = 0;
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i)
  {
    const char c = text[i];
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
    else if (c == '[' || c == '{')
    {
      if (++depth > maxDepth)
      {
        offendingOffset = i;
        return false;
      }
    }
    else if (c == ']' || c == '}')
    {
      --depth;
    }
  }
  return true;
}

std::string entityKey(const Entity& e)
{
  std::string key = e.hostname;
  key += '\x1f';
  key += std::to_string(e.gpu);
  key += '\x1f';
  key += e.uuid;
  key += '\x1f';
  key += std::to_string(e.migInstance);
  key += '\x1f';
  key += e.migProfile;
  key += '\x1f';
  key += e.sensor;
  return key;
}

std::pair<int, int> lineColumn(std::string_view text, std::size_t offset)
{
  offset = std::min(offset, text.size());
  int line = 1, column = 1;
  for (std::size_t i = 0; i < offset; ++i)
  {
    if (text[i] == '\n')
    {
      ++line;
      column = 1;
    }
    else
    {
      ++column;
    }
  }
  return { line, column };
}

SnapshotBuilder::SnapshotBuilder(SourceFormat format, const ParseOptions& options)
  : m_options(options)
{
  m_snapshot.format = format;
  m_snapshot.fileName = options.fileName;
}

bool SnapshotBuilder::checkSize(std::size_t bytes)
{
  if (bytes <= m_options.maxBytes)
    return true;
  diag(Severity::Error, 0, "size",
       "input is " + std::to_string(bytes) + " bytes, over the limit of " +
         std::to_string(m_options.maxBytes) + " bytes; nothing was parsed");
  return false;
}

void SnapshotBuilder::diag(Severity severity, int line, std::string field, std::string message)
{
  if (m_snapshot.diagnostics.size() >= m_options.maxDiagnostics)
  {
    ++m_snapshot.suppressedDiagnostics;
    return;
  }
  m_snapshot.diagnostics.push_back(
    { severity, m_options.fileName, line, std::move(field), std::move(message) });
}

/** SplitMix64 finaliser: spreads (entity << 32 | metric) keys over the low bits. */
static std::uint64_t mix(std::uint64_t z)
{
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

void SeriesMap::grow(std::size_t capacity)
{
  std::vector<std::uint64_t> keys(capacity, 0);
  std::vector<int> lines(capacity, 0);
  for (std::size_t i = 0; i < m_keys.size(); ++i)
  {
    if (m_keys[i] == 0)
      continue;
    std::size_t slot = std::size_t(mix(m_keys[i])) & (capacity - 1);
    while (keys[slot] != 0)
      slot = (slot + 1) & (capacity - 1);
    keys[slot] = m_keys[i];
    lines[slot] = m_lines[i];
  }
  m_keys.swap(keys);
  m_lines.swap(lines);
}

void SeriesMap::reserve(std::size_t n)
{
  std::size_t capacity = 16;
  while (capacity < 2 * n)
    capacity *= 2;
  if (capacity > m_keys.size())
    grow(capacity);
}

int SeriesMap::insert(std::uint64_t key, int line)
{
  if (2 * (m_size + 1) > m_keys.size())
    grow(std::max<std::size_t>(16, m_keys.size() * 2));
  const std::uint64_t stored = key + 1;
  const std::size_t mask = m_keys.size() - 1;
  std::size_t slot = std::size_t(mix(stored)) & mask;
  while (m_keys[slot] != 0)
  {
    if (m_keys[slot] == stored)
      return m_lines[slot];
    slot = (slot + 1) & mask;
  }
  m_keys[slot] = stored;
  m_lines[slot] = line;
  ++m_size;
  return -1;
}

int SnapshotBuilder::firstLineOf(int entity, int metric)
{
  // Only on duplicates, and only for the first few: keeps pathological inputs linear.
  if (++m_duplicateScans > 32)
    return -1;
  for (const Sample& s : m_snapshot.samples)
    if (s.entity == entity && s.metric == metric)
      return s.line;
  return -1;
}

void SnapshotBuilder::reserve(std::size_t samples)
{
  samples = std::min(samples, m_options.maxSamples);
  m_snapshot.samples.reserve(samples);
}

int SnapshotBuilder::entity(const Entity& e)
{
  auto [it, added] = m_entities.emplace(entityKey(e), int(m_snapshot.entities.size()));
  if (added)
    m_snapshot.entities.push_back(e);
  return it->second;
}

int SnapshotBuilder::metric(const std::string& name, const std::string& unit,
                            const std::string& sourceName)
{
  auto [it, added] = m_metrics.emplace(name + '\x1f' + unit, int(m_snapshot.metrics.size()));
  if (added)
  {
    m_snapshot.metrics.push_back({ name, unit, sourceName });
    m_ranges.push_back(plausibleRange(name, unit));
  }
  return it->second;
}

bool SnapshotBuilder::sample(int entity, int metric, double value, std::int64_t timeMs, int line,
                             bool missing, std::string_view fieldForDiag)
{
  if (m_snapshot.samples.size() >= m_options.maxSamples)
  {
    if (!m_samplesCapped)
      diag(Severity::Error, line, std::string(fieldForDiag),
           "more than " + std::to_string(m_options.maxSamples) + " samples; the rest is dropped");
    m_samplesCapped = true;
    return false;
  }
  if (!missing)
  {
    const std::size_t m = std::size_t(metric);
    const bool plain = std::isfinite(value) && value >= m_ranges[m].minimum &&
                       value <= m_ranges[m].maximum; // the common case, without a string
    if (!plain)
    {
      std::string why = implausibleReading(m_snapshot.metrics[m], m_ranges[m], value);
      if (!why.empty())
      {
        diag(Severity::Warning, line, std::string(fieldForDiag), std::move(why));
        rowRejected();
        return false;
      }
    }
  }
  int firstLine = -1;
  if (metric < 64)
  {
    if (std::size_t(entity) >= m_seenLowMetrics.size())
      m_seenLowMetrics.resize(std::size_t(entity) + 1, 0);
    std::uint64_t& bits = m_seenLowMetrics[std::size_t(entity)];
    if (bits & (std::uint64_t(1) << metric))
      firstLine = std::max(0, firstLineOf(entity, metric));
    bits |= std::uint64_t(1) << metric;
  }
  else
  {
    const std::uint64_t key = (std::uint64_t(std::uint32_t(entity)) << 32) | std::uint32_t(metric);
    firstLine = m_series.insert(key, line);
  }
  if (firstLine >= 0)
  {
    // The exposition format requires unique series; keep the first reading.
    diag(Severity::Warning, line, std::string(fieldForDiag),
         "duplicate series for " + m_snapshot.metrics[std::size_t(metric)].name +
           (firstLine > 0 ? " (first at line " + std::to_string(firstLine) + ")" : "") +
           "; kept the first");
    rowRejected();
    return false;
  }
  m_snapshot.samples.push_back({ entity, metric,
                                 missing ? std::numeric_limits<double>::quiet_NaN() : value, timeMs,
                                 line, missing });
  return true;
}

Snapshot SnapshotBuilder::finish()
{
  std::int64_t newest = -1;
  for (const auto& s : m_snapshot.samples)
    newest = std::max(newest, s.timeMs);
  m_snapshot.timeMs = newest;
  if (newest >= 0)
  {
    for (const auto& s : m_snapshot.samples)
    {
      if (s.timeMs >= 0 && newest - s.timeMs > m_options.maxSkewMs)
        diag(Severity::Warning, s.line, "timestamp",
             "sample is " + std::to_string((newest - s.timeMs) / 1000) +
               " s older than the newest one (clock skew or stale series)");
    }
  }
  return std::move(m_snapshot);
}

} // namespace detail
} // namespace myriad::engine::telemetry
