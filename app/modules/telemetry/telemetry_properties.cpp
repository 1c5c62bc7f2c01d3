#include "telemetry_properties.h"

#include "status_text.h"

#include <QDateTime>
#include <QObject>

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <vector>

namespace tel = myriad::engine::telemetry;

namespace myriad::app
{

namespace
{

/** Readable names of the canonical metrics; others show the source's own name. */
QString metricLabel(const tel::MetricInfo& info)
{
  static const std::map<std::string, const char*> labels = {
    { tel::metric::GpuTemperature, "GPU temperature" },
    { tel::metric::GpuMemoryTemperature, "Memory temperature" },
    { tel::metric::GpuPower, "Power" },
    { tel::metric::GpuEnergy, "Energy since boot" },
    { tel::metric::GpuUtilization, "Utilisation" },
    { tel::metric::GpuSmClock, "SM clock" },
    { tel::metric::GpuXid, "XID error (last)" },
    { tel::metric::GpuThermalViolation, "Thermal throttling time" },
    { tel::metric::GpuPowerViolation, "Power throttling time" },
  };
  const auto it = labels.find(info.name);
  if (it != labels.end())
    return QObject::tr(it->second);
  return QString::fromStdString(info.sourceName.empty() ? info.name : info.sourceName);
}

/** A value in the snapshot's SI unit, shown in the unit people read it in. */
QString valueText(double value, const std::string& unit)
{
  if (!std::isfinite(value))
    return QString::number(value); // NaN/Inf as read: visibly odd, never hidden
  if (unit == "degC")
    return QStringLiteral("%1 °C").arg(value, 0, 'f', 1);
  if (unit == "W")
    return QStringLiteral("%1 W").arg(value, 0, 'f', 1);
  if (unit == "J")
    return QStringLiteral("%1 kWh").arg(value / 3.6e6, 0, 'f', 2);
  if (unit == "ratio")
    return QStringLiteral("%1 %").arg(100 * value, 0, 'f', 0);
  if (unit == "Hz")
    return QStringLiteral("%1 MHz").arg(value / 1e6, 0, 'f', 0);
  if (unit == "s")
    return QStringLiteral("%1 s").arg(value, 0, 'f', 3);
  if (unit == "B")
    return QStringLiteral("%1 GiB").arg(value / double(1ull << 30), 0, 'f', 2);
  if (unit == "1" || unit.empty())
    return QString::number(value, 'g', 10);
  return QStringLiteral("%1 %2").arg(value, 0, 'g', 6).arg(QString::fromStdString(unit));
}

QString celsius(double c)
{
  return QStringLiteral("%1 °C").arg(c, 0, 'f', 1);
}

bool inside(const engine::ObjectRef& ref, const engine::ObjectRef& object)
{
  if (ref.hall != object.hall || ref.row != object.row || ref.rack != object.rack)
    return false;
  return object.kind == engine::ObjectKind::Rack || ref.node == object.node;
}

/** GPU rows: one per metric; a non-MIG entity's reading wins over a MIG slice's. */
void gpuRows(const tel::Snapshot& snapshot, const tel::MappingResult& mapping,
             const engine::ObjectRef& gpu, MeasuredRows& out)
{
  struct Reading
  {
    const tel::Sample* sample = nullptr;
    bool mig = false;
  };
  std::map<int, Reading> byMetric; // ordered by metric index: the snapshot's column order
  for (const tel::Sample& s : snapshot.samples)
  {
    if (std::size_t(s.entity) >= mapping.entityRefs.size() || mapping.entityRefs[s.entity] != gpu)
      continue;
    const bool mig = snapshot.entities[std::size_t(s.entity)].migInstance >= 0;
    Reading& r = byMetric[s.metric];
    if (!r.sample || (r.mig && !mig))
      r = { &s, mig };
  }
  bool anyValue = false;
  bool xid = false; // an XID error: the GPU is dead, as in the overlay (report.h)
  for (const auto& [metric, r] : byMetric)
  {
    const tel::MetricInfo& info = snapshot.metrics[std::size_t(metric)];
    anyValue = anyValue || !r.sample->missing;
    xid = xid || (info.name == tel::metric::GpuXid && !r.sample->missing && r.sample->value != 0);
    out.rows.append({ metricLabel(info), r.sample->missing
                                           ? QObject::tr("no data")
                                           : valueText(r.sample->value, info.unit) });
  }
  if (byMetric.empty())
    out.rows.append({ QObject::tr("Readings"), QObject::tr("none in this snapshot") });
  out.stale = out.stale || !anyValue || xid;
}

/** Node and rack rows: their GPUs' temperature and power, Redfish inlet/outlet/chassis. */
void groupRows(const engine::Scene& scene, const tel::Snapshot& snapshot,
               const tel::MappingResult& mapping, const engine::ObjectRef& object,
               MeasuredRows& out)
{
  const int temperature = snapshot.metricIndex(tel::metric::GpuTemperature);
  const int power = snapshot.metricIndex(tel::metric::GpuPower);
  const int inlet = snapshot.metricIndex(tel::metric::InletTemperature);
  const int outlet = snapshot.metricIndex(tel::metric::ExhaustTemperature);
  const int chassis = snapshot.metricIndex(tel::metric::NodePower);
  std::map<std::pair<int, int>, double> gpuTemp, gpuPower; // (node, gpu) → first reading
  std::map<int, double> nodePower;                         // node → chassis power
  std::vector<double> inlets, outlets;
  for (const tel::Sample& s : snapshot.samples)
  {
    if (s.missing || !std::isfinite(s.value) || std::size_t(s.entity) >= mapping.entityRefs.size())
      continue;
    const engine::ObjectRef& ref = mapping.entityRefs[s.entity];
    if (!ref.valid() || !inside(ref, object))
      continue;
    if (ref.kind == engine::ObjectKind::Gpu && s.metric == temperature)
      gpuTemp.emplace(std::pair(ref.node, ref.item), s.value);
    else if (ref.kind == engine::ObjectKind::Gpu && s.metric == power)
      gpuPower.emplace(std::pair(ref.node, ref.item), s.value);
    else if (ref.kind == engine::ObjectKind::Node && s.metric == inlet)
      inlets.push_back(s.value);
    else if (ref.kind == engine::ObjectKind::Node && s.metric == outlet)
      outlets.push_back(s.value);
    else if (ref.kind == engine::ObjectKind::Node && s.metric == chassis)
      nodePower.emplace(ref.node, s.value);
  }
  const auto& rack = scene.site.halls[std::size_t(object.hall)]
                       .rows[std::size_t(object.row)]
                       .racks[std::size_t(object.rack)];
  std::size_t sceneGpus = 0;
  for (std::size_t n = 0; n < rack.nodes.size(); ++n)
    if (object.kind == engine::ObjectKind::Rack || int(n) == object.node)
      sceneGpus += rack.nodes[n].gpus.size();
  const auto sum = [](const auto& values)
  {
    double total = 0;
    for (const auto& [key, v] : values)
      total += v;
    return total;
  };
  const auto maxOf = [](const std::vector<double>& v)
  { return *std::max_element(v.begin(), v.end()); };
  const auto meanOf = [](const std::vector<double>& v)
  { return std::accumulate(v.begin(), v.end(), 0.0) / double(v.size()); };

  if (!inlets.empty())
    out.rows.append({ QObject::tr("Inlet (Redfish)"),
                      inlets.size() == 1 ? celsius(inlets.front())
                                         : QObject::tr("%1 mean, %2 max (%3 sensors)")
                                             .arg(celsius(meanOf(inlets)), celsius(maxOf(inlets)))
                                             .arg(inlets.size()) });
  if (!outlets.empty())
    out.rows.append({ QObject::tr("Outlet (Redfish)"),
                      outlets.size() == 1
                        ? celsius(outlets.front())
                        : QObject::tr("%1 mean, %2 max (%3 sensors)")
                            .arg(celsius(meanOf(outlets)), celsius(maxOf(outlets)))
                            .arg(outlets.size()) });
  if (!nodePower.empty())
    out.rows.append(
      { QObject::tr("Chassis power (Redfish)"),
        QObject::tr("%1 (%2 nodes)").arg(formatPower(sum(nodePower))).arg(nodePower.size()) });
  out.rows.append({ QObject::tr("GPUs with temperature"),
                    QStringLiteral("%1 / %2").arg(gpuTemp.size()).arg(sceneGpus) });
  if (!gpuTemp.empty())
  {
    std::vector<double> temps;
    for (const auto& [key, v] : gpuTemp)
      temps.push_back(v);
    if (object.kind == engine::ObjectKind::Node)
      out.rows.append({ QObject::tr("GPU temperature (mean)"), celsius(meanOf(temps)) });
    out.rows.append({ QObject::tr("GPU temperature (max)"), celsius(maxOf(temps)) });
  }
  if (!gpuPower.empty())
    out.rows.append({ QObject::tr("GPU power (total)"), formatPower(sum(gpuPower)) });
  out.stale = out.stale || (gpuTemp.empty() && gpuPower.empty() && inlets.empty() &&
                            outlets.empty() && nodePower.empty());
}

} // namespace

MeasuredRows measuredRows(const engine::Scene& scene, const tel::Snapshot& snapshot,
                          const tel::MappingResult& mapping, const engine::ObjectRef& ref,
                          bool sourceStale)
{
  MeasuredRows out;
  if (ref.kind != engine::ObjectKind::Gpu && ref.kind != engine::ObjectKind::Node &&
      ref.kind != engine::ObjectKind::Rack)
    return out;
  out.stale = sourceStale;
  if (ref.kind == engine::ObjectKind::Gpu)
    gpuRows(snapshot, mapping, ref, out);
  else
    groupRows(scene, snapshot, mapping, ref, out);
  const QString time =
    snapshot.timeMs < 0
      ? QObject::tr("no time")
      : QDateTime::fromMSecsSinceEpoch(snapshot.timeMs).toString(QStringLiteral("HH:mm:ss"));
  const QString source = snapshot.fileName.empty()
                           ? QString::fromUtf8(tel::toString(snapshot.format))
                           : QString::fromStdString(snapshot.fileName);
  out.heading = QObject::tr("Measured (snapshot %1, %2)%3")
                  .arg(time, source, out.stale ? QObject::tr(" · stale") : QString());
  return out;
}

} // namespace myriad::app
