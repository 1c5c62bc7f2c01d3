/**
 * @file parse_dispatch.cpp
 * Format detection and file reading for telemetry snapshots. Detection looks at the first
 * non-blank bytes: JSON with "resultType"/"status" near the top is a Prometheus API response,
 * other JSON is Redfish; "# HELP"/"# TYPE" or a `name{…} value` line is Prometheus text; a
 * comma-separated first line without braces is nvidia-smi CSV. The extension (.prom, .csv,
 * .json) decides only when the content is ambiguous.
 */
#include "parse_util.h"

#include "myriad/engine/telemetry/parsers.h"

#include <filesystem>
#include <fstream>

namespace myriad::engine::telemetry
{

SourceFormat detectFormat(std::string_view text, const std::string& fileName)
{
  if (text.starts_with("\xEF\xBB\xBF"))
    text.remove_prefix(3);
  std::size_t i = 0;
  while (i < text.size() &&
         (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n'))
    ++i;
  const std::string_view head = text.substr(i, 4096);
  const auto endsWith = [&](const char* ext) { return fileName.ends_with(ext); };
  if (!head.empty() && (head.front() == '{' || head.front() == '['))
  {
    if (head.find("\"resultType\"") != std::string_view::npos ||
        head.find("\"status\"") != std::string_view::npos)
      return SourceFormat::PrometheusJson;
    return SourceFormat::Redfish;
  }
  const std::string_view first = head.substr(0, head.find('\n'));
  if (first.starts_with("# HELP") || first.starts_with("# TYPE"))
    return SourceFormat::PrometheusText;
  if (first.find(',') != std::string_view::npos && first.find('{') == std::string_view::npos)
    return SourceFormat::NvidiaSmiCsv;
  if (endsWith(".csv"))
    return SourceFormat::NvidiaSmiCsv;
  if (endsWith(".prom") || endsWith(".metrics") || endsWith(".txt"))
    return SourceFormat::PrometheusText;
  if (!first.empty() && (first.front() == '#' || first.find('{') != std::string_view::npos ||
                         first.find(' ') != std::string_view::npos))
    return SourceFormat::PrometheusText;
  return SourceFormat::Unknown;
}

Snapshot parseSnapshot(std::string_view text, const ParseOptions& options)
{
  switch (detectFormat(text, options.fileName))
  {
    case SourceFormat::PrometheusText:
      return parsePrometheusText(text, options);
    case SourceFormat::PrometheusJson:
      return parsePrometheusJson(text, options);
    case SourceFormat::NvidiaSmiCsv:
      return parseNvidiaSmiCsv(text, options);
    case SourceFormat::Redfish:
      return parseRedfish(text, options);
    default:
      break;
  }
  detail::SnapshotBuilder b(SourceFormat::Unknown, options);
  b.diag(Severity::Error, 1, "format",
         "unrecognised telemetry format (expected Prometheus text, Prometheus API JSON, "
         "nvidia-smi CSV or Redfish JSON)");
  return b.finish();
}

Snapshot parseSnapshotFile(const std::string& path, ParseOptions options)
{
  if (options.fileName.empty() || options.fileName == "<input>")
    options.fileName = path;
  detail::SnapshotBuilder b(SourceFormat::Unknown, options);
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  if (ec)
  {
    b.diag(Severity::Error, 0, "file", "cannot read: " + ec.message());
    return b.finish();
  }
  if (!b.checkSize(std::size_t(size)))
    return b.finish();
  std::ifstream in(path, std::ios::binary);
  std::string text(std::size_t(size), '\0');
  if (!in.read(text.data(), std::streamsize(size)))
  {
    b.diag(Severity::Error, 0, "file", "cannot read the whole file");
    return b.finish();
  }
  return parseSnapshot(text, options);
}

} // namespace myriad::engine::telemetry
