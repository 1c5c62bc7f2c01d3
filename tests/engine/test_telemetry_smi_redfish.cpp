// Tests of the nvidia-smi CSV and Redfish parsers: committed samples (with and without units,
// [N/A]; legacy Thermal/Power and ThermalMetrics/EnvironmentMetrics/PowerSupplyMetrics/Fan),
// real-device quirks (numeric strings, null, "N/A", "ReadingCelcius") and bad input.
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

ParseOptions host(const std::string& h)
{
  ParseOptions o;
  o.hostname = h;
  o.fileName = "in";
  return o;
}

const Sample* find(const Snapshot& s, const std::string& name, int gpu,
                   const std::string& sensor = {})
{
  const int m = s.metricIndex(name);
  for (const Sample& x : s.samples)
  {
    const Entity& e = s.entities[std::size_t(x.entity)];
    if (x.metric == m && e.gpu == gpu && e.sensor == sensor)
      return &x;
  }
  return nullptr;
}

} // namespace

class TestTelemetrySmiRedfish final : public QObject
{
  Q_OBJECT

private slots:
  void smiWithUnits()
  {
    const Snapshot s = parseNvidiaSmiCsv(sample("nvidia-smi.csv"), host("dgx-r01-k01-n1"));
    QCOMPARE(s.errorCount(), std::size_t(0));
    QCOMPARE(s.entities.size(), std::size_t(3));
    QCOMPARE(s.entities[0].hostname, std::string("dgx-r01-k01-n1"));
    QCOMPARE(s.entities[0].uuid, std::string("GPU-c4529c8d-69c4-b61d-e0bc-7b2460096005"));
    // "95 %" → 0.95; "70120 MiB" → 70120·2^20 B; "612.40 W" → 612.4 W; "1980 MHz" → 1.98e9 Hz.
    QCOMPARE(find(s, metric::GpuUtilization, 0)->value, 0.95);
    QCOMPARE(find(s, "gpu.memory_used", 0)->value, 70120.0 * 1048576.0);
    QCOMPARE(find(s, metric::GpuPower, 0)->value, 612.4);
    QCOMPARE(find(s, metric::GpuSmClock, 1)->value, 1.755e9);
    QCOMPARE(find(s, metric::GpuTemperature, 1)->value, 87.0); // no unit suffix in the header
    // [N/A] → missing sample, not an error.
    QVERIFY(find(s, metric::GpuPower, 2)->missing);
    QVERIFY(find(s, metric::GpuMemoryTemperature, 1)->missing);
    // timestamp 2026/01/01 00:00:00.000 read as UTC = 1767225600000 ms.
    QCOMPARE(s.timeMs, std::int64_t(1767225600000));
  }

  void smiNoUnits()
  {
    const Snapshot s = parseNvidiaSmiCsv(sample("nvidia-smi-nounits.csv"), host("h"));
    QCOMPARE(s.errorCount(), std::size_t(0));
    // nounits: "95" under "utilization.gpu [%]" is still 95 % = 0.95.
    QCOMPARE(find(s, metric::GpuUtilization, 0)->value, 0.95);
    QCOMPARE(find(s, metric::GpuPower, 1)->value, 698.12);
    QVERIFY(find(s, "gpu.fan_speed", 1)->missing); // [Not Supported]
  }

  void smiBadRowsAndRounds()
  {
    const std::string text = "index, temperature.gpu, power.draw [W]\n"
                             "0, 50, 300 W\n"
                             "1, 51\n"
                             "x, 52, 302 W\n"
                             "2, warm, 303 W\n"
                             "0, 60, 400 W\n"
                             "3, 53, [GPU is lost]\n";
    const Snapshot s = parseNvidiaSmiCsv(text, host("h"));
    QVERIFY(hasDiag(s, 3, "row", Severity::Error)); // 2 fields, header has 3
    QVERIFY(hasDiag(s, 4, "index", Severity::Error));
    QVERIFY(hasDiag(s, 5, "temperature.gpu", Severity::Error)); // not a number
    QVERIFY(hasDiag(s, 7, "power.draw", Severity::Warning));    // odd bracket value → missing
    QVERIFY(hasDiag(s, 0, "rows", Severity::Warning));          // earlier round of GPU 0 dropped
    // GPU 0: the later sampling round (line 6) wins; GPU 2 keeps its power despite bad temp.
    QCOMPARE(find(s, metric::GpuTemperature, 0)->value, 60.0);
    QCOMPARE(find(s, metric::GpuPower, 2)->value, 303.0);
    QVERIFY(find(s, metric::GpuPower, 3)->missing);
    // noheader output cannot be read: the header error names line 1.
    QVERIFY(hasDiag(parseNvidiaSmiCsv("0, 50, 300\n", host("h")), 1, "header", Severity::Error));
    QVERIFY(hasDiag(parseNvidiaSmiCsv("", host("h")), 1, "header", Severity::Error));
  }

  void redfishLegacyThermal()
  {
    const Snapshot s = parseRedfish(sample("redfish-thermal-legacy.json"), host("dgx-r01-k01-n1"));
    QCOMPARE(s.errorCount(), std::size_t(0));
    // PhysicalContext Intake → inlet temperature; "41.5" (a string) is read as a number.
    QCOMPARE(find(s, metric::InletTemperature, -1, "Inlet Temp")->value, 22.0);
    QCOMPARE(find(s, metric::ExhaustTemperature, -1, "Exhaust Temp")->value, 41.5);
    QVERIFY(find(s, metric::SensorTemperature, -1, "CPU1 Temp")->missing); // null
    QVERIFY(find(s, metric::SensorTemperature, -1, "CPU2 Temp")->missing); // "N/A"
    QVERIFY(!find(s, metric::SensorTemperature, -1, "PCIe Slot 9"));       // Status Absent
    QCOMPARE(find(s, metric::FanSpeedRpm, -1, "System Board Fan1A")->value, 7680.0);
    QCOMPARE(find(s, metric::FanSpeedRatio, -1, "Fan 2")->value, 0.42); // "42" Percent
    QCOMPARE(s.entities.front().hostname, std::string("dgx-r01-k01-n1"));
  }

  void redfishLegacyPower()
  {
    const Snapshot s = parseRedfish(sample("redfish-power-legacy.json"), host("h"));
    QCOMPARE(find(s, metric::NodePower, -1, "System Power Control")->value, 10240.0);
    QCOMPARE(find(s, metric::PsuInputPower, -1, "PSU 2")->value, 1745.0);
    QCOMPARE(find(s, metric::PsuOutputPower, -1, "PSU 1")->value, 1690.0); // LastPowerOutputWatts
    QVERIFY(find(s, metric::PsuInputPower, -1, "PSU 3")->missing);
  }

  void redfishCurrentShapes()
  {
    const Snapshot t = parseRedfish(sample("redfish-thermal-subsystem.json"), host("h"));
    QCOMPARE(find(t, metric::InletTemperature, -1, "Intake")->value, 22.0);
    QCOMPARE(find(t, metric::ExhaustTemperature, -1, "Exhaust")->value, 39.5);
    QVERIFY(find(t, metric::SensorTemperature, -1, "Ambient")->missing);
    QCOMPARE(find(t, metric::SensorTemperature, -1, "PCIE_0_Temp")->value, 23.75);
    // EnergykWh 1234.5 kWh = 1234.5 × 3.6e6 J.
    QCOMPARE(find(t, metric::NodeEnergy, -1, "ThermalMetrics")->value, 1234.5 * 3.6e6);
    const Snapshot e = parseRedfish(sample("redfish-environment-metrics.json"), host("h"));
    QCOMPARE(find(e, metric::NodePower, -1, "EnvironmentMetrics")->value, 10150.0);
    const Snapshot p = parseRedfish(sample("redfish-power-subsystem.json"), host("h"));
    QCOMPARE(find(p, metric::PsuInputPower, -1, "PSU0")->value, 1752.0);
    QCOMPARE(find(p, metric::FanSpeedRatio, -1, "Fan0")->value, 0.55);
    QCOMPARE(find(p, metric::FanSpeedRpm, -1, "Fan0")->value, 9100.0);
  }

  void redfishQuirksAndBadInput()
  {
    const Snapshot s = parseRedfish(R"({"Temperatures":[
      {"Name":"Inlet","ReadingCelcius":23,"PhysicalContext":"Intake"},
      {"Name":"Bad","ReadingCelsius":"warm"},
      {"Name":"Obj","ReadingCelsius":{"x":1}}],
      "Fans":[{"Name":"F","Reading":5000}]})",
                                    host("h"));
    QVERIFY(hasDiag(s, 0, "/Temperatures/0/ReadingCelcius", Severity::Warning));
    QCOMPARE(find(s, metric::InletTemperature, -1, "Inlet")->value, 23.0);
    QVERIFY(hasDiag(s, 0, "/Temperatures/1/ReadingCelsius", Severity::Error));
    QVERIFY(hasDiag(s, 0, "/Temperatures/2/ReadingCelsius", Severity::Error));
    QVERIFY(hasDiag(s, 0, "/Fans/0/ReadingUnits", Severity::Warning)); // assumed RPM
    QCOMPARE(find(s, metric::FanSpeedRpm, -1, "F")->value, 5000.0);
    // Truncated JSON: one syntax error with its line; nothing else.
    const std::string full = sample("redfish-thermal-legacy.json");
    const Snapshot cut = parseRedfish(full.substr(0, full.size() / 2), host("h"));
    QCOMPARE(cut.samples.size(), std::size_t(0));
    QCOMPARE(cut.diagnostics.front().field, std::string("json"));
    QVERIFY(cut.diagnostics.front().line > 1);
    // A JSON document with nothing Redfish in it says so.
    QCOMPARE(parseRedfish(R"({"hello":1})", host("h")).diagnostics.size(), std::size_t(1));
    QCOMPARE(parseRedfish("42", host("h")).errorCount(), std::size_t(1));
  }

  void nonStringIdentifiersDoNotThrow()
  {
    // Fuzz regression (fuzz/regressions/redfish-nonstring-id.json): a non-string "Id",
    // "PhysicalContext", "ReadingUnits" or Status.State made json::value() throw.
    const Snapshot s = parseRedfish(R"({"Id":5,"PowerWatts":{"Reading":7},
      "Temperatures":[{"Name":"T","PhysicalContext":3,"ReadingCelsius":1,"Status":{"State":[]}}],
      "Fans":[{"Name":"F","ReadingUnits":{},"Reading":2}]})",
                                    host("h"));
    QCOMPARE(s.errorCount(), std::size_t(0));
    QCOMPARE(s.samples.size(), std::size_t(3));
    QCOMPARE(find(s, metric::NodePower, -1, "")->value, 7.0);
    const Snapshot p = parsePrometheusJson(R"({"status":1,"error":[]})", host("h"));
    QCOMPARE(p.errorCount(), std::size_t(1));
    QCOMPARE(p.diagnostics.front().field, std::string("/status"));
  }

  void mergeKeepsEverything()
  {
    const Snapshot a = parseRedfish(sample("redfish-thermal-legacy.json"), host("n1"));
    const Snapshot b = parseNvidiaSmiCsv(sample("nvidia-smi.csv"), host("n1"));
    const Snapshot m = mergeSnapshots({ a, b });
    QCOMPARE(m.format, SourceFormat::Merged);
    QCOMPARE(m.samples.size(), a.samples.size() + b.samples.size());
    QCOMPARE(m.entities.size(), a.entities.size() + b.entities.size());
    QCOMPARE(find(m, metric::GpuTemperature, 1)->value, 87.0);
    QCOMPARE(m.timeMs, b.timeMs);
  }
};

QTEST_APPLESS_MAIN(TestTelemetrySmiRedfish)
#include "test_telemetry_smi_redfish.moc"
