// Tests of the Prometheus text (DCGM exporter) and Prometheus HTTP API JSON parsers: the
// committed samples, the gotchas of docs/models/telemetry.md §2, and bad input (truncated,
// binary garbage, oversized, duplicates) which must give line/field diagnostics, never a crash.
#include "myriad/engine/telemetry/parsers.h"
#include "telemetry_test_support.h"

#include <QtTest/QtTest>

#include <cmath>
#include <fstream>
#include <sstream>

using namespace myriad::engine::telemetry;
using myriad::engine::telemetry::test::hasDiag;
using myriad::engine::telemetry::test::sample;

namespace
{

/** Value of metric `name` for the entity matching host/gpu/mig; NaN-safe lookup. */
const Sample* find(const Snapshot& s, const std::string& name, const std::string& host, int gpu,
                   int mig = -1)
{
  const int m = s.metricIndex(name);
  for (const Sample& x : s.samples)
  {
    const Entity& e = s.entities[std::size_t(x.entity)];
    if (x.metric == m && e.hostname == host && e.gpu == gpu && e.migInstance == mig)
      return &x;
  }
  return nullptr;
}

ParseOptions named(const std::string& file)
{
  ParseOptions o;
  o.fileName = file;
  return o;
}

} // namespace

class TestTelemetryPrometheus final : public QObject
{
  Q_OBJECT

private slots:
  void dcgmSampleUnitsAndLabels()
  {
    const Snapshot s =
      parsePrometheusText(sample("dcgm-exporter.prom"), named("dcgm-exporter.prom"));
    QCOMPARE(s.format, SourceFormat::PrometheusText);
    QCOMPARE(s.errorCount(), std::size_t(0));
    QCOMPARE(s.samples.size(), std::size_t(25));
    // Old exporter label "Hostname" and new "hostname" both name the host.
    QVERIFY(find(s, metric::GpuTemperature, "dgx-r01-k01-n1", 1) != nullptr);
    QVERIFY(find(s, metric::GpuTemperature, "dgx-r01-k01-n2", 0) != nullptr);
    QCOMPARE(find(s, metric::GpuTemperature, "dgx-r01-k01-n1", 1)->value, 87.0);
    // Energy counter is mJ: 918273645123 mJ = 918273645.123 J.
    QCOMPARE(find(s, metric::GpuEnergy, "dgx-r01-k01-n1", 0)->value, 918273645.123);
    // Utilisation % → ratio: 95 % = 0.95; SM clock MHz → Hz: 1980 MHz = 1.98e9 Hz.
    QCOMPARE(find(s, metric::GpuUtilization, "dgx-r01-k01-n1", 0)->value, 0.95);
    QCOMPARE(find(s, metric::GpuSmClock, "dgx-r01-k01-n1", 0)->value, 1.98e9);
    // Violation counters in ns (current exporter CSV): 1.5e9 ns = 1.5 s.
    QCOMPARE(find(s, metric::GpuThermalViolation, "dgx-r01-k01-n1", 1)->value, 1.5);
    QCOMPARE(find(s, metric::GpuXid, "dgx-r01-k01-n2", 0)->value, 79.0);
    // DCGM blank sentinel 9223372036854775794 is "no data", not a 9e18 °C reading.
    const Sample* blank = find(s, metric::GpuMemoryTemperature, "dgx-r01-k01-n1", 0);
    QVERIFY(blank && blank->missing && std::isnan(blank->value));
    QCOMPARE(blank->line, 11);
    // MIG slices GPU_I_ID 1 and 2 of GPU 0 are separate entities with their profile.
    const Sample* mig = find(s, "gpu.tensor_active", "dgx-r01-k01-n2", 0, 2);
    QVERIFY(mig);
    QCOMPARE(mig->value, 0.388);
    QCOMPARE(s.entities[std::size_t(mig->entity)].migProfile, std::string("3g.40gb"));
    QCOMPARE(s.entities[std::size_t(mig->entity)].uuid,
             std::string("GPU-a1b2c3d4-0000-0000-0000-000000000000"));
  }

  void escapesQuotedNamesAndSpecialValues()
  {
    const Snapshot s = parsePrometheusText(sample("prometheus-utf8-escapes.prom"));
    QCOMPARE(s.errorCount(), std::size_t(0));
    // +Inf (line 9), NaN (line 14) and -Inf (line 15) are reported and left out (issue #16).
    QCOMPARE(s.samples.size(), std::size_t(6));
    // Label escapes \\ \" \n decode; non-DCGM labels keep series apart (in `sensor`).
    bool sawPath = false;
    for (const Entity& e : s.entities)
      sawPath |= e.sensor == "path=C:\\DIR\\FILE.TXT,error=Cannot find file:\n\"FILE.TXT\"";
    QVERIFY(sawPath);
    QVERIFY(s.metricIndex("http_requests_total") >= 0);
    // Timestamps are milliseconds: newest is 1395066363000 ms.
    QCOMPARE(s.timeMs, std::int64_t(1395066363000));
    // Quoted UTF-8 metric name inside the braces, with a trailing comma in the label set.
    QVERIFY(find(s, "gpu.inlet.temperature", "dgx-r01-k01-n1", 0));
    QCOMPARE(find(s, "gpu.inlet.temperature", "dgx-r01-k01-n1", 0)->value, 24.5);
    // A quoted DCGM name is still converted as DCGM.
    QCOMPARE(find(s, metric::GpuTemperature, "dgx-r01-k01-n1", 2)->value, 61.0);
    // NaN and ±Inf are not readings: each is a warning on its line and no sample.
    QVERIFY(!find(s, "nan_value", "dgx-r01-k01-n1", -1));
    QVERIFY(!find(s, "neg_inf", "dgx-r01-k01-n1", -1));
    QVERIFY(hasDiag(s, 9, "something_weird", Severity::Warning));
    QVERIFY(hasDiag(s, 14, "nan_value", Severity::Warning));
    QVERIFY(hasDiag(s, 15, "neg_inf", Severity::Warning));
  }

  void badLinesReportedGoodLinesKept()
  {
    const std::string text = "# TYPE DCGM_FI_DEV_GPU_TEMP gauge\n"
                             "DCGM_FI_DEV_GPU_TEMP{gpu=\"0\",hostname=\"h1\"} 50\n"
                             "DCGM_FI_DEV_GPU_TEMP{gpu=\"1\",hostname=\"h1\"} hot\n"
                             "DCGM_FI_DEV_GPU_TEMP{gpu=\"x\",hostname=\"h1\"} 51\n"
                             "DCGM_FI_DEV_GPU_TEMP{gpu=\"2\",hostname=\"h1} 52\n"
                             "DCGM_FI_DEV_GPU_TEMP{gpu=\"3\" hostname=\"h1\"} 53\n"
                             "DCGM_FI_DEV_GPU_TEMP{gpu=\"4\",hostname=\"h1\"} 54 12.5\n"
                             "DCGM_FI_DEV_GPU_TEMP{gpu=\"0\",hostname=\"h1\"} 55\n"
                             "DCGM_FI_DEV_GPU_TEMP{gpu=\"5\",hostname=\"h1\",bad=\"\\q\"} 56\n"
                             "9bad 1\n";
    const Snapshot s = parsePrometheusText(text, named("x.prom"));
    QVERIFY(hasDiag(s, 3, "value", Severity::Error));
    QVERIFY(hasDiag(s, 4, "label gpu", Severity::Error));
    QVERIFY(hasDiag(s, 5, "labels", Severity::Error));      // unterminated value: no '}'
    QVERIFY(hasDiag(s, 6, "labels", Severity::Error));      // missing comma
    QVERIFY(hasDiag(s, 7, "timestamp", Severity::Warning)); // float timestamp: kept without time
    QVERIFY(hasDiag(s, 8, "DCGM_FI_DEV_GPU_TEMP", Severity::Warning)); // duplicate series
    QVERIFY(hasDiag(s, 9, "label bad", Severity::Error));
    QVERIFY(hasDiag(s, 10, "metric name", Severity::Error));
    // Good rows kept: gpu 0 (first value 50 wins over the duplicate 55) and gpu 4.
    QCOMPARE(find(s, metric::GpuTemperature, "h1", 0)->value, 50.0);
    QCOMPARE(find(s, metric::GpuTemperature, "h1", 4)->value, 54.0);
    QCOMPARE(s.samples.size(), std::size_t(2));
    // The message format names file, line and field.
    QVERIFY(s.diagnostics.front().toString().rfind("x.prom:3: value: error:", 0) == 0);
  }

  void duplicatesBeyondSixtyFourMetrics()
  {
    // Metrics 0–63 use a per-entity bitmask, later ones a hash map: both must catch repeats.
    std::string text;
    for (int m = 0; m < 70; ++m)
      text += "m" + std::to_string(m) + "{hostname=\"h\"} " + std::to_string(m) + "\n";
    text += "m69{hostname=\"h\"} 1\nm3{hostname=\"h\"} 1\n"; // lines 71 and 72
    const Snapshot s = parsePrometheusText(text);
    QCOMPARE(s.samples.size(), std::size_t(70));
    QCOMPARE(s.diagnostics.size(), std::size_t(2));
    QCOMPARE(s.diagnostics[0].line, 71);
    QVERIFY(s.diagnostics[0].message.find("first at line 70") != std::string::npos);
    QCOMPARE(s.diagnostics[1].line, 72);
    QVERIFY(s.diagnostics[1].message.find("first at line 4") != std::string::npos);
  }

  void hostnameConflictAndInstanceFallback()
  {
    const Snapshot s = parsePrometheusText(
      "DCGM_FI_DEV_POWER_USAGE{gpu=\"0\",Hostname=\"old\",hostname=\"new\"} 300\n"
      "DCGM_FI_DEV_POWER_USAGE{gpu=\"0\",instance=\"node7:9400\"} 310\n");
    QVERIFY(hasDiag(s, 1, "label hostname", Severity::Warning));
    QVERIFY(find(s, metric::GpuPower, "new", 0));
    QCOMPARE(find(s, metric::GpuPower, "node7", 0)->value, 310.0);
  }

  void truncatedGarbageAndLimits()
  {
    // Truncated mid-label: an error on that line, earlier lines kept, "no final newline" noted.
    const std::string full = sample("dcgm-exporter.prom");
    const std::string cut = full.substr(0, full.find("DCGM_FI_DEV_GPU_TEMP{gpu=\"1\"") + 40);
    const Snapshot t = parsePrometheusText(cut);
    QVERIFY(t.errorCount() >= 1);
    QVERIFY(t.samples.size() >= 7);
    QVERIFY(hasDiag(t, 17, "line", Severity::Warning));
    // Binary garbage (deterministic bytes incl. NUL): diagnostics capped, no crash.
    std::string garbage;
    std::uint32_t x = 12345;
    for (int i = 0; i < 200000; ++i)
    {
      x = x * 1664525u + 1013904223u;
      garbage += char(x >> 24);
    }
    ParseOptions capped;
    capped.maxDiagnostics = 50;
    const Snapshot g = parsePrometheusText(garbage, capped);
    QCOMPARE(g.diagnostics.size(), std::size_t(50));
    QVERIFY(g.suppressedDiagnostics > 0);
    // Over the size limit: one error naming the size, nothing parsed.
    ParseOptions small;
    small.maxBytes = 100;
    const Snapshot big = parsePrometheusText(full, small);
    QCOMPARE(big.samples.size(), std::size_t(0));
    QCOMPARE(big.diagnostics.size(), std::size_t(1));
    QCOMPARE(big.diagnostics.front().field, std::string("size"));
    // Sample cap: bounded memory even for huge valid inputs.
    ParseOptions few;
    few.maxSamples = 5;
    QCOMPARE(parsePrometheusText(full, few).samples.size(), std::size_t(5));
  }

  void clockSkewFlagged()
  {
    // Two samples 10 min apart with the default 5 min skew bound: the older one is flagged.
    const Snapshot s = parsePrometheusText("a{hostname=\"h\"} 1 1000000000000\n"
                                           "b{hostname=\"h\"} 2 1000000600000\n");
    QVERIFY(hasDiag(s, 1, "timestamp", Severity::Warning));
    QVERIFY(!hasDiag(s, 2, "timestamp", Severity::Warning));
    QCOMPARE(s.timeMs, std::int64_t(1000000600000));
  }

  void prometheusQueryJson()
  {
    const Snapshot s = parsePrometheusJson(sample("prometheus-query.json"));
    QCOMPARE(s.format, SourceFormat::PrometheusJson);
    QCOMPARE(s.errorCount(), std::size_t(0));
    QCOMPARE(s.samples.size(), std::size_t(4)); // "NaN" and "+Inf" are reported and left out
    // Values are strings; timestamps are seconds: 1767225600.125 s = 1767225600125 ms.
    QCOMPARE(find(s, metric::GpuTemperature, "dgx-r01-k01-n1", 1)->value, 87.0);
    QCOMPARE(find(s, metric::GpuTemperature, "dgx-r01-k01-n1", 1)->timeMs,
             std::int64_t(1767225600125));
    QCOMPARE(find(s, metric::GpuEnergy, "dgx-r01-k01-n2", 1)->value, 5000.0); // 5e6 mJ
    QVERIFY(!find(s, metric::GpuUtilization, "dgx-r01-k01-n2", 0));           // "NaN"
    QVERIFY(!find(s, metric::GpuMemoryTemperature, "dgx-r01-k01-n2", 0));     // "+Inf"
    QVERIFY(hasDiag(s, 0, "/data/result/4/value", Severity::Warning));
    QVERIFY(hasDiag(s, 0, "/data/result/5/value", Severity::Warning));
  }

  void prometheusJsonBadInput()
  {
    const Snapshot err = parsePrometheusJson(
      R"({"status":"error","errorType":"bad_data","error":"parse error at char 3"})");
    QVERIFY(hasDiag(err, 0, "/status", Severity::Error));
    const Snapshot bad =
      parsePrometheusJson(R"({"status":"success","data":{"resultType":"vector","result":[
      {"metric":{"__name__":"DCGM_FI_DEV_GPU_TEMP","gpu":"0","hostname":"h"},"value":[1,"x"]},
      {"metric":{"gpu":"1"},"value":[1,"2"]},
      {"metric":{"__name__":"DCGM_FI_DEV_GPU_TEMP","gpu":"2","hostname":"h"},"value":[1,"60"]}]}})");
    QVERIFY(hasDiag(bad, 0, "/data/result/0/value/1", Severity::Error));
    QVERIFY(hasDiag(bad, 0, "/data/result/1/metric/__name__", Severity::Error));
    QCOMPARE(bad.samples.size(), std::size_t(1));
    // Syntax error: the line of the offending byte is named.
    const Snapshot syntax = parsePrometheusJson("{\"status\":\n\"success\",\n\"data\": [}");
    QCOMPARE(syntax.diagnostics.size(), std::size_t(1));
    QCOMPARE(syntax.diagnostics.front().line, 3);
    // Deep nesting is refused before parsing (no recursion blow-up).
    const Snapshot deep = parsePrometheusJson(std::string(100000, '['));
    QCOMPARE(deep.diagnostics.front().field, std::string("json"));
    QCOMPARE(
      parsePrometheusJson(R"({"status":"success","data":{"resultType":"scalar","result":[1,"2"]}})")
        .diagnostics.front()
        .field,
      std::string("/data/resultType"));
  }

  void formatDetection()
  {
    QCOMPARE(detectFormat(sample("dcgm-exporter.prom")), SourceFormat::PrometheusText);
    QCOMPARE(detectFormat(sample("prometheus-query.json")), SourceFormat::PrometheusJson);
    QCOMPARE(detectFormat(sample("nvidia-smi.csv")), SourceFormat::NvidiaSmiCsv);
    QCOMPARE(detectFormat(sample("redfish-thermal-legacy.json")), SourceFormat::Redfish);
    QCOMPARE(detectFormat("metric 1\n"), SourceFormat::PrometheusText);
    const Snapshot unknown = parseSnapshot("\x01\x02");
    QCOMPARE(unknown.diagnostics.front().field, std::string("format"));
    const Snapshot missing = parseSnapshotFile("/nonexistent/file.prom");
    QCOMPARE(missing.diagnostics.front().field, std::string("file"));
  }
};

QTEST_APPLESS_MAIN(TestTelemetryPrometheus)
#include "test_telemetry_prometheus.moc"
