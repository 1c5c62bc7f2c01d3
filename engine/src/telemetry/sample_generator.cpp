/**
 * @file sample_generator.cpp
 * Synthetic DCGM exporter scrape of a whole scene — a deterministic fixture, not a simulation.
 *
 * Model per GPU (all noise from a seeded SplitMix64 + Box–Muller, so the same seed gives the
 * same bytes on every platform):
 *   inlet   T_in = T_supply + 2.0 K · x_row + N(0, 0.3 K)     x_row ∈ [0,1]: rack position in
 *                  its row (end-of-row recirculation); hot-spot racks get +12 K
 *   load    u    = 0.92 + N(0, 0.03), clamped to [0,1]; every 20th node idles at u = 0.02
 *   power   P    = P_idle + (P_tdp − P_idle) · u + N(0, 5 W)  P_idle = 75 W (unsourced estimate),
 *                  P_tdp = 700 W (H100 SXM TDP, NVIDIA H100 datasheet)
 *   die     T    = T_in + R_th · P + N(0, 1 K)               R_th = 0.06 K/W (unsourced estimate,
 *                  gives ≈ 62 °C at full load with 20 °C air, typical of DGX H100 reports)
 *   HBM     T_m  = T + 5 K + N(0, 1 K)
 *   clocks  SM 1980 MHz loaded, 1755 MHz when T > 85 °C (thermal slowdown), 345 MHz idle;
 *           memory 2619 MHz
 *   energy  E    = P · 30 days (mJ counter since boot); violation counters (ns) grow only
 *           for GPUs above 85 °C.
 * Faults: `hotRacks` compute racks with the +12 K inlet, `deadGpus` GPUs missing from the
 * scrape (fell off the bus), `xidGpus` GPUs with XID 79 and DCGM blank sentinels
 * (9223372036854775794) in every other field. T_supply is the hall's first cooler setpoint
 * (20 °C when the hall has none).
 * References: docs/references.md#nvidia-gpu-datasheets.
 */
#include "myriad/engine/telemetry/sample_generator.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <set>

namespace myriad::engine::telemetry
{
namespace
{

class Rng
{
public:
  explicit Rng(std::uint64_t seed)
    : m_state(seed)
  {
  }
  std::uint64_t next()
  {
    std::uint64_t z = (m_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  double uniform() { return double(next() >> 11) * 0x1.0p-53; }
  double normal(double sigma)
  {
    const double u1 = std::max(uniform(), 1e-300), u2 = uniform();
    return sigma * std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
  }

private:
  std::uint64_t m_state;
};

struct GpuRow
{
  std::string labels; ///< label text inside the braces
  std::string id;
  int rack = 0; ///< global compute-rack ordinal
  std::string rackId;
  double util = 0, powerW = 0, tempC = 0, memTempC = 0;
  bool dead = false, xid = false;
};

constexpr const char* kBusIds[8] = { "18", "2A", "3A", "5D", "9A", "AB", "BA", "DB" };
constexpr double kIdleW = 75, kTdpW = 700, kRth = 0.06, kUptimeS = 30 * 86400.0;

std::string uuidFor(const std::string& id, std::uint64_t seed)
{
  std::uint64_t h = 1469598103934665603ull ^ seed;
  for (char c : id)
    h = (h ^ std::uint8_t(c)) * 1099511628211ull;
  Rng r(h);
  char buf[48];
  const std::uint64_t a = r.next(), b = r.next();
  std::snprintf(buf, sizeof buf, "GPU-%08x-%04x-%04x-%04x-%012llx", unsigned(a >> 32),
                unsigned((a >> 16) & 0xffff), unsigned(a & 0xffff), unsigned(b >> 48),
                static_cast<unsigned long long>(b & 0xffffffffffffull));
  return buf;
}

std::vector<GpuRow> buildRows(const Scene& scene, const GeneratorOptions& o, Rng& rng)
{
  std::vector<GpuRow> rows;
  int rackOrdinal = 0, nodeOrdinal = 0;
  const char* hostLabel = o.newHostLabel ? "hostname" : "Hostname";
  for (const Hall& hall : scene.site.halls)
  {
    const double supplyC = hall.coolers.empty() ? 20.0 : hall.coolers.front().supplySetpointC;
    for (const Row& row : hall.rows)
      for (std::size_t k = 0; k < row.racks.size(); ++k)
      {
        const Rack& rack = row.racks[k];
        if (rack.nodes.empty())
          continue;
        const double xRow = row.racks.size() > 1 ? double(k) / double(row.racks.size() - 1) : 0;
        for (const Node& node : rack.nodes)
        {
          const bool idle = nodeOrdinal++ % 20 == 19;
          const std::string host = node.hostname.empty() ? node.id : node.hostname;
          for (const Gpu& gpu : node.gpus)
          {
            GpuRow g;
            g.id = gpuId(node, gpu);
            g.rack = rackOrdinal;
            g.rackId = rack.id;
            const std::string uuid = gpu.uuid.empty() ? uuidFor(g.id, o.seed) : gpu.uuid;
            g.labels = "gpu=\"" + std::to_string(gpu.index) + "\",UUID=\"" + uuid +
                       "\",pci_bus_id=\"00000000:" + kBusIds[gpu.index & 7] +
                       ":00.0\",device=\"nvidia" + std::to_string(gpu.index) +
                       "\",modelName=\"NVIDIA H100 80GB HBM3\"," + hostLabel + "=\"" + host + "\"";
            const double inlet = supplyC + 2.0 * xRow + rng.normal(0.3);
            g.util = idle ? 0.02 : std::clamp(0.92 + rng.normal(0.03), 0.0, 1.0);
            g.powerW = kIdleW + (kTdpW - kIdleW) * g.util + rng.normal(5);
            g.tempC = inlet + kRth * g.powerW + rng.normal(1);
            g.memTempC = g.tempC + 5 + rng.normal(1);
            rows.push_back(std::move(g));
          }
        }
        ++rackOrdinal;
      }
  }
  return rows;
}

void injectFaults(std::vector<GpuRow>& rows, const GeneratorOptions& o, Rng& rng,
                  GeneratedFaults* faults)
{
  if (rows.empty())
    return;
  const int racks = rows.back().rack + 1;
  std::set<int> hot;
  while (int(hot.size()) < std::min(o.hotRacks, racks))
    hot.insert(int(rng.next() % std::uint64_t(racks)));
  for (auto& g : rows)
    if (hot.count(g.rack))
    {
      g.tempC += 12;
      g.memTempC += 12;
    }
  for (int r : hot)
    for (const auto& g : rows)
      if (g.rack == r && faults)
      {
        faults->hotRackIds.push_back(g.rackId);
        break;
      }
  const auto pick = [&](int count, bool GpuRow::*flag, std::vector<std::string>* ids)
  {
    for (int n = 0, guard = 0; n < count && guard < 100000; ++guard)
    {
      GpuRow& g = rows[std::size_t(rng.next() % rows.size())];
      if (g.dead || g.xid)
        continue;
      g.*flag = true;
      if (ids)
        ids->push_back(g.id);
      ++n;
    }
  };
  pick(o.deadGpus, &GpuRow::dead, faults ? &faults->deadGpuIds : nullptr);
  pick(o.xidGpus, &GpuRow::xid, faults ? &faults->xidGpuIds : nullptr);
}

struct Field
{
  const char *name, *type, *help;
  double (*value)(const GpuRow&);
  int decimals;
};
constexpr Field kFields[] = {
  { "DCGM_FI_DEV_SM_CLOCK", "gauge", "SM clock frequency (in MHz).",
    [](const GpuRow& g) { return g.util < 0.1   ? 345.0
                                 : g.tempC > 85 ? 1755.0
                                                : 1980.0; }, 0 },
  { "DCGM_FI_DEV_MEM_CLOCK", "gauge", "Memory clock frequency (in MHz).",
    [](const GpuRow&) { return 2619.0; }, 0 },
  { "DCGM_FI_DEV_MEMORY_TEMP", "gauge", "Memory temperature (in C).",
    [](const GpuRow& g) { return g.memTempC; }, 0 },
  { "DCGM_FI_DEV_GPU_TEMP", "gauge", "GPU temperature (in C).",
    [](const GpuRow& g) { return g.tempC; }, 0 },
  { "DCGM_FI_DEV_POWER_USAGE", "gauge", "Power draw (in W).",
    [](const GpuRow& g) { return g.powerW; }, 3 },
  { "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", "counter",
    "Total energy consumption since boot (in mJ).",
    [](const GpuRow& g) { return g.powerW * kUptimeS * 1000.0; }, 0 },
  { "DCGM_FI_DEV_PCIE_REPLAY_COUNTER", "counter", "Total number of PCIe retries.",
    [](const GpuRow&) { return 0.0; }, 0 },
  { "DCGM_FI_DEV_GPU_UTIL", "gauge", "GPU utilization (in %).",
    [](const GpuRow& g) { return g.util * 100.0; }, 0 },
  { "DCGM_FI_DEV_MEM_COPY_UTIL", "gauge", "Memory utilization (in %).",
    [](const GpuRow& g) { return g.util * 38.0; }, 0 },
  { "DCGM_FI_DEV_XID_ERRORS", "gauge", "Value of the last XID error encountered.",
    [](const GpuRow& g) { return g.xid ? 79.0 : 0.0; }, 0 },
  { "DCGM_FI_DEV_THERMAL_VIOLATION", "counter",
    "Throttling duration due to thermal constraints (in ns).",
    [](const GpuRow& g) { return g.tempC > 85 ? (g.tempC - 85) * 6e11 : 0.0; }, 0 },
  { "DCGM_FI_DEV_POWER_VIOLATION", "counter",
    "Throttling duration due to power constraints (in ns).",
    [](const GpuRow& g) { return g.powerW > 690 ? 2.5e10 : 0.0; }, 0 },
  { "DCGM_FI_DEV_FB_FREE", "gauge", "Frame buffer memory free (in MiB).",
    [](const GpuRow& g) { return 81559.0 - 637.0 - std::round(70000.0 * g.util); }, 0 },
  { "DCGM_FI_DEV_FB_USED", "gauge", "Frame buffer memory used (in MiB).",
    [](const GpuRow& g) { return std::round(70000.0 * g.util); }, 0 },
  { "DCGM_FI_DEV_FB_RESERVED", "gauge", "Frame buffer memory reserved (in MiB).",
    [](const GpuRow&) { return 637.0; }, 0 },
  { "DCGM_FI_PROF_GR_ENGINE_ACTIVE", "gauge", "Ratio of time the graphics engine is active.",
    [](const GpuRow& g) { return g.util * 0.98; }, 6 },
  { "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE", "gauge", "Ratio of cycles the tensor (HMMA) pipe is active.",
    [](const GpuRow& g) { return g.util * 0.45; }, 6 },
  { "DCGM_FI_PROF_DRAM_ACTIVE", "gauge", "Ratio of cycles the device memory interface is active.",
    [](const GpuRow& g) { return g.util * 0.35; }, 6 },
  { "DCGM_FI_PROF_PCIE_TX_BYTES", "gauge", "The rate of data transmitted over the PCIe bus.",
    [](const GpuRow& g) { return g.util * 2.1e9; }, 0 },
  { "DCGM_FI_PROF_PCIE_RX_BYTES", "gauge", "The rate of data received over the PCIe bus.",
    [](const GpuRow& g) { return g.util * 1.7e9; }, 0 },
};

void appendNumber(std::string& out, double v, int decimals)
{
  char buf[64];
  auto res = decimals > 0
               ? std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, decimals)
               : std::to_chars(buf, buf + sizeof buf, std::llround(v));
  out.append(buf, res.ptr);
}

} // namespace

std::string generateDcgmSnapshot(const Scene& scene, const GeneratorOptions& o,
                                 GeneratedFaults* faults)
{
  Rng rng(o.seed);
  std::vector<GpuRow> rows = buildRows(scene, o, rng);
  injectFaults(rows, o, rng, faults);
  std::string out;
  out.reserve(rows.size() * std::size(kFields) * 230 + 4096);
  std::string stamp;
  if (o.timeMs >= 0)
    stamp = " " + std::to_string(o.timeMs);
  for (const Field& f : kFields)
  {
    out += "# HELP ";
    out += f.name;
    out += ' ';
    out += f.help;
    out += "\n# TYPE ";
    out += f.name;
    out += ' ';
    out += f.type;
    out += '\n';
    const bool isXid = std::string_view(f.name) == "DCGM_FI_DEV_XID_ERRORS";
    for (const GpuRow& g : rows)
    {
      if (g.dead)
        continue;
      out += f.name;
      out += '{';
      out += g.labels;
      out += "} ";
      if (g.xid && !isXid)
        out += "9223372036854775794";
      else
        appendNumber(out, f.value(g), f.decimals);
      out += stamp;
      out += '\n';
    }
  }
  return out;
}

} // namespace myriad::engine::telemetry
