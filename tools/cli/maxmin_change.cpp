// myriad-cli maxmin --change (maxmin_change.h). The changes file, one batch:
//   op,id,capacity,links,bound
//   capacity,L17,200e9,,        a link's new capacity (bit/s)
//   fail,L18,,,                 a link fails (capacity 0)
//   leave,f3,,,                 a flow leaves
//   arrive,f9,,L1;L17;L40,      a new flow over links (bound optional, bit/s)
#include "maxmin_change.h"

#include "myriad/engine/error.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/traffic/maxmin_incremental.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

namespace myriad::cli
{

namespace tr = engine::traffic;
using engine::CsvTable;
using engine::LoadError;

void appendNumber(std::string& out, double v)
{
  char buf[64];
  const double a = std::abs(v);
  const auto form =
    a == 0 || (a >= 1e-5 && a < 1e17) ? std::chars_format::fixed : std::chars_format::general;
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v, form);
  out.append(buf, ec == std::errc() ? end : buf);
}

void appendId(std::string& out, std::string_view id)
{
  if (id.find_first_of(",\"\r\n") == std::string_view::npos)
    out.append(id);
  else
    out += engine::csvField(std::string(id)); // written back quoted as it was read
}

namespace
{

double msSince(std::chrono::steady_clock::time_point t0)
{
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

int lookup(const engine::StringIndex& index, const CsvTable& t, std::size_t row,
           std::string_view id, const char* what)
{
  const int i = index.find(id);
  if (i < 0)
    throw LoadError(t.file(), t.where(row),
                    "unknown " + std::string(what) + " '" + std::string(id) + "'",
                    std::string("an id of ") + (what[0] == 'l' ? "links.csv" : "flows.csv"));
  return i;
}

/** The changes of `file` as one batch; `arrivalIds` gets the ids of the arriving flows. */
tr::MaxMinChanges readChanges(const std::string& file, const engine::StringIndex& linkIndex,
                              engine::StringIndex& flowIndex, std::vector<std::string>& arrivalIds)
{
  const CsvTable t = CsvTable::read(file);
  const int op = t.requireColumn("op"), id = t.requireColumn("id");
  const int cap = t.column("capacity"), links = t.column("links"), bound = t.column("bound");
  tr::MaxMinChanges c;
  for (std::size_t r = 0; r < t.rowCount(); ++r)
  {
    const std::string_view o = t.field(r, op), name = t.field(r, id);
    if (o == "capacity" || o == "fail")
    {
      const double value = o == "fail" ? 0.0 : t.number(r, cap, "capacity");
      c.capacities.push_back({ lookup(linkIndex, t, r, name, "link"), value });
    }
    else if (o == "leave")
      c.departures.push_back(lookup(flowIndex, t, r, name, "flow"));
    else if (o == "arrive")
    {
      tr::MaxMinChanges::Arrival a;
      const std::string_view list = t.field(r, links);
      for (std::size_t b = 0; !list.empty() && b <= list.size();)
      {
        const std::size_t e = std::min(list.find(';', b), list.size());
        a.links.push_back(lookup(linkIndex, t, r, list.substr(b, e - b), "link"));
        b = e + 1;
      }
      if (bound >= 0 && !t.field(r, bound).empty())
        a.boundBps = t.number(r, bound, "bound");
      arrivalIds.emplace_back(name);
      c.arrivals.push_back(std::move(a));
    }
    else
      throw LoadError(t.file(), t.where(r), "op '" + std::string(o) + "'",
                      "capacity, fail, leave or arrive");
  }
  // Arriving ids must be new: checked against the flows and each other before anything changes.
  for (std::size_t i = 0; i < arrivalIds.size(); ++i)
    if (flowIndex.find(arrivalIds[i]) >= 0 ||
        std::count(arrivalIds.begin(), arrivalIds.begin() + static_cast<std::ptrdiff_t>(i),
                   arrivalIds[i]) > 0)
      throw LoadError(file, "", "arriving flow '" + arrivalIds[i] + "' already exists",
                      "a new flow id");
  return c;
}

} // namespace

int runMaxMinChange(tr::MaxMinProblem problem, const CsvTable& flows,
                    const engine::StringIndex& linkIndex, const std::string& changesFile,
                    const std::string& out, bool verify)
{
  const int fid = flows.requireColumn("id");
  engine::StringIndex flowIndex(flows.rowCount());
  for (std::size_t r = 0; r < flows.rowCount(); ++r)
    if (!flowIndex.insert(flows.field(r, fid), static_cast<int>(r)))
      throw LoadError(flows.file(), flows.where(r),
                      "duplicate flow id '" + std::string(flows.field(r, fid)) + "'", "unique ids");
  std::vector<std::string> arrivalIds;
  const tr::MaxMinChanges changes = readChanges(changesFile, linkIndex, flowIndex, arrivalIds);
  auto t0 = std::chrono::steady_clock::now();
  tr::IncrementalMaxMin inc(std::move(problem));
  const double fullMs = msSince(t0);
  t0 = std::chrono::steady_clock::now();
  tr::MaxMinUpdate update;
  try
  {
    update = inc.apply(changes);
  }
  catch (const engine::SpecError& e)
  {
    throw LoadError(changesFile, "", e.what(), "changes of flows in progress and known links");
  }
  const double updateMs = msSince(t0);

  std::string csv = "id,rateBps\n";
  const int original = static_cast<int>(flows.rowCount());
  for (int f = 0; f < inc.problem().flowCount(); ++f)
  {
    if (!inc.active()[f])
      continue;
    appendId(csv, f < original ? flows.field(f, fid) : std::string_view(arrivalIds[f - original]));
    csv += ',';
    appendNumber(csv, inc.rates()[f]);
    csv += '\n';
  }
  if (!out.empty())
    engine::writeFileAtomically(out, csv);
  else
    std::fputs(csv.c_str(), stdout);
  std::printf("Flows %d, links %d; change: %zu capacities, %zu leaving, %zu arriving\n",
              inc.problem().flowCount(), inc.problem().linkCount(), changes.capacities.size(),
              changes.departures.size(), changes.arrivals.size());
  if (update.fullSolve)
    std::printf("The change reaches %d flows, most of the problem: solved in full in %.3f ms on "
                "CPU (the first solve took %.3f ms)\n",
                update.resolvedFlows, updateMs, fullMs);
  else if (update.resolvedFlows == 0)
    std::printf("No rate changes: nothing to re-solve (%.3f ms on CPU; the first solve took "
                "%.3f ms)\n",
                updateMs, fullMs);
  else
    std::printf("Re-solved %d flows over %d links in %.3f ms on CPU; every flow below %.6g bit/s "
                "kept its rate (the first solve took %.3f ms)\n",
                update.resolvedFlows, update.resolvedLinks, updateMs, update.levelBps, fullMs);
  if (verify)
  {
    t0 = std::chrono::steady_clock::now();
    const std::vector<double> full = tr::maxMinRates(inc.problem(), inc.active());
    const double verifyMs = msSince(t0);
    double worst = 0;
    for (std::size_t f = 0; f < full.size(); ++f)
      worst = std::max(worst, std::abs(full[f] - inc.rates()[f]) /
                                std::max({ std::abs(full[f]), std::abs(inc.rates()[f]), 1.0 }));
    std::printf("Verified: a full solve of the changed problem took %.3f ms; largest relative "
                "difference %.3g\n",
                verifyMs, worst);
    if (worst > 1e-9)
      throw engine::Error("maxmin --change: the update differs from a full solve by " +
                          std::to_string(worst));
  }
  return 0;
}

} // namespace myriad::cli
