// Implausible telemetry: readings outside their quantity's plausible range (a GPU at −500 °C,
// negative power, 150 % utilisation) and non-finite readings (1e999, NaN, +Inf) are reported
// per line/field as warnings and left out of the snapshot, in every format; a JSON number
// beyond the range of a double costs only its own field, never the whole document.
#include "myriad/engine/error.h"
#include "myriad/engine/telemetry/mapping.h"
#include "myriad/engine/telemetry/parsers.h"
#include "telemetry_test_support.h"

#include <QtTest/QtTest>

#include <cmath>

using namespace myriad::engine::telemetry;
using myriad::engine::telemetry::test::hasDiag;

namespace
{

/** The samples of metric `name` (any entity). */
std::vector<double> values(const Snapshot& s, const std::string& name)
{
  std::vector<double> out;
  const int m = s.metricIndex(name);
  for (const Sample& x : s.samples)
    if (x.metric == m)
      out.push_back(x.value);
  return out;
}

/** A diagnostic whose field contains `field` and whose message contains `text`. */
const Diagnostic* diagWith(const Snapshot& s, const std::string& field, const std::string& text)
{
  for (const Diagnostic& d : s.diagnostics)
    if (d.field.find(field) != std::string::npos && d.message.find(text) != std::string::npos)
      return &d;
  return nullptr;
}

ParseOptions host(const std::string& h)
{
  ParseOptions o;
  o.hostname = h;
  o.fileName = "input";
  return o;
}

} // namespace

class TestTelemetryStrict final : public QObject
{
  Q_OBJECT

private slots:
  void rangesPerQuantity()
  {
    QCOMPARE(plausibleRange(metric::GpuTemperature, "degC").minimum, -40.0);
    QCOMPARE(plausibleRange(metric::GpuTemperature, "degC").maximum, 150.0);
    QCOMPARE(plausibleRange(metric::GpuPower, "W").minimum, 0.0);
    QCOMPARE(plausibleRange(metric::GpuPower, "W").maximum, 5000.0);
    QCOMPARE(plausibleRange(metric::NodePower, "W").maximum, 1e6);
    QCOMPARE(plausibleRange(metric::GpuUtilization, "ratio").maximum, 1.0);
    QVERIFY(std::isinf(plausibleRange("custom_metric", "").maximum));
  }

  void prometheusTextExcludesImplausibleReadings()
  {
    const Snapshot s = parsePrometheusText("DCGM_FI_DEV_GPU_TEMP{gpu=\"0\",hostname=\"h\"} 61\n"
                                           "DCGM_FI_DEV_GPU_TEMP{gpu=\"1\",hostname=\"h\"} -500\n"
                                           "DCGM_FI_DEV_GPU_TEMP{gpu=\"2\",hostname=\"h\"} 1e999\n"
                                           "DCGM_FI_DEV_GPU_TEMP{gpu=\"3\",hostname=\"h\"} 151\n"
                                           "DCGM_FI_DEV_POWER_USAGE{gpu=\"0\",hostname=\"h\"} -5\n"
                                           "DCGM_FI_DEV_POWER_USAGE{gpu=\"1\",hostname=\"h\"} 700\n"
                                           "DCGM_FI_DEV_GPU_UTIL{gpu=\"0\",hostname=\"h\"} 150\n"
                                           "DCGM_FI_DEV_GPU_UTIL{gpu=\"1\",hostname=\"h\"} 100\n"
                                           "DCGM_FI_DEV_GPU_TEMP{gpu=\"4\",hostname=\"h\"} NaN\n",
                                           host("h"));
    // Only the plausible readings are samples: 61 °C, 700 W and 100 % (= 1).
    QCOMPARE(values(s, metric::GpuTemperature), std::vector<double>{ 61.0 });
    QCOMPARE(values(s, metric::GpuPower), std::vector<double>{ 700.0 });
    QCOMPARE(values(s, metric::GpuUtilization), std::vector<double>{ 1.0 });
    // Each other one is a warning on its line, naming the field, with the range.
    for (int line : { 2, 3, 4, 9 })
      QVERIFY2(hasDiag(s, line, "DCGM_FI_DEV_GPU_TEMP", Severity::Warning),
               std::to_string(line).c_str());
    QVERIFY(hasDiag(s, 5, "DCGM_FI_DEV_POWER_USAGE", Severity::Warning));
    QVERIFY(hasDiag(s, 7, "DCGM_FI_DEV_GPU_UTIL", Severity::Warning));
    const Diagnostic* cold = diagWith(s, "DCGM_FI_DEV_GPU_TEMP", "-500");
    QVERIFY(cold);
    QVERIFY2(cold->message.find("-40 to 150 °C") != std::string::npos, cold->message.c_str());
    QVERIFY2(cold->message.find("excluded") != std::string::npos, cold->message.c_str());
    const Diagnostic* inf = diagWith(s, "DCGM_FI_DEV_GPU_TEMP", "+Inf");
    QVERIFY(inf && inf->line == 3);
    QCOMPARE(s.rowsRejected, std::size_t(6));
  }

  void nvidiaSmiCsvExcludesImplausibleReadings()
  {
    const Snapshot s =
      parseNvidiaSmiCsv("index, temperature.gpu, power.draw [W], utilization.gpu [%]\n"
                        "0, 55, 300 W, 50 %\n"
                        "1, -500, 1e999 W, 250 %\n",
                        host("h"));
    QCOMPARE(values(s, metric::GpuTemperature), std::vector<double>{ 55.0 });
    QCOMPARE(values(s, metric::GpuPower), std::vector<double>{ 300.0 });
    QCOMPARE(values(s, metric::GpuUtilization), std::vector<double>{ 0.5 });
    QVERIFY(hasDiag(s, 3, "temperature.gpu", Severity::Warning));
    QVERIFY(hasDiag(s, 3, "power.draw", Severity::Warning));
    QVERIFY(hasDiag(s, 3, "utilization.gpu", Severity::Warning));
  }

  void redfishOverflowCostsOnlyItsField()
  {
    // 1e999 stops a JSON parser; here it is one excluded reading and the rest is kept.
    const Snapshot s = parseRedfish(
      R"({"@odata.type":"#ThermalMetrics.v1_3_0.ThermalMetrics",
          "TemperatureReadingsCelsius":[
            {"DeviceName":"A","Reading":1e999},
            {"DeviceName":"B","Reading":24.5},
            {"DeviceName":"C","Reading":-500}]})",
      host("h"));
    QCOMPARE(s.errorCount(), std::size_t(0));
    QCOMPARE(s.samples.size(), std::size_t(1));
    QCOMPARE(s.samples.front().value, 24.5);
    QVERIFY(diagWith(s, "TemperatureReadingsCelsius/0", "+Inf"));
    QVERIFY(diagWith(s, "TemperatureReadingsCelsius/2", "-500"));
  }

  void jsonSyntaxErrorsArePlainWords()
  {
    const Snapshot s = parseRedfish("{\"Reading\": NaN}", host("h"));
    QCOMPARE(s.errorCount(), std::size_t(1));
    const std::string& message = s.diagnostics.front().message;
    QVERIFY2(message.find("NaN and Infinity are not JSON numbers") != std::string::npos,
             message.c_str());
    QVERIFY2(message.find("json.exception") == std::string::npos, message.c_str());
    const Snapshot cut = parsePrometheusJson("{\"status\":\"success\",\"data\":{");
    QVERIFY(cut.diagnostics.front().message.find("ends before") != std::string::npos);
  }

  void mappingFileErrorsArePlainWords()
  {
    try
    {
      (void)mappingOptionsFromJson(R"({"hosts": {"a": 1e999}})", "map.json");
      QFAIL("expected a LoadError");
    }
    catch (const myriad::engine::LoadError& e)
    {
      QCOMPARE(e.jsonPath(), std::string("/hosts/a"));
      QVERIFY2(std::string(e.what()).find("json.exception") == std::string::npos, e.what());
    }
  }
};

QTEST_APPLESS_MAIN(TestTelemetryStrict)
#include "test_telemetry_strict.moc"
