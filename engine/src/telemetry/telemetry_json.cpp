/**
 * @file telemetry_json.cpp
 * Parsing of JSON telemetry (Prometheus API responses, Redfish resources) with the engine's
 * bounded parser (io/json_reader.h). A number beyond the range of a double ("1e999") stops a
 * JSON parser; here it is quoted and the document parsed again, so the one field is reported by
 * the sample check (not finite: excluded) and the rest of the document is kept.
 */
#include "io/json_reader.h"
#include "json_fields.h"
#include "parse_util.h"

#include <cstdio>

namespace myriad::engine::telemetry::detail
{

namespace
{

/** Bounds of a telemetry document: larger than a scene's (a scrape of 100,000 GPUs), still
 *  far below what ParseOptions::maxBytes of text could otherwise allocate. */
engine::detail::JsonLimits telemetryLimits()
{
  engine::detail::JsonLimits limits;
  limits.maxArrayElements = 5'000'000;
  limits.maxValues = 40'000'000;
  limits.maxDepth = std::size_t(kMaxJsonDepth);
  return limits;
}

/** Overflowing numbers quoted per document before giving up (each costs one more parse). */
constexpr int kMaxQuotedOverflows = 16;

} // namespace

bool parseTelemetryJson(std::string_view text, SnapshotBuilder& b, nlohmann::json& out)
{
  std::string patched; // the text with overflowing numbers quoted, made on the first one
  std::string_view current = text;
  for (int attempt = 0;; ++attempt)
  {
    const auto failure = engine::detail::parseJsonBoundedInto(current, out, telemetryLimits());
    if (!failure)
      return true;
    const std::size_t start = failure->token.empty()
                                ? std::string_view::npos
                                : current.rfind(failure->token, failure->offset);
    if (failure->overflow && attempt < kMaxQuotedOverflows && start != std::string_view::npos)
    {
      if (patched.empty())
        patched.assign(text);
      patched.insert(start + failure->token.size(), "\"");
      patched.insert(start, "\"");
      current = patched;
      continue;
    }
    int line = 0;
    int column = 0;
    if (std::sscanf(failure->path.c_str(), "line %d, column %d", &line, &column) == 2)
      b.diag(Severity::Error, line, "json",
             failure->message + " at column " + std::to_string(column) + " (expected " +
               failure->expected + ")");
    else
      b.diag(Severity::Error, 0, failure->path,
             failure->message + " (expected " + failure->expected + ")");
    return false;
  }
}

} // namespace myriad::engine::telemetry::detail
