// myriad-cli maxmin: max-min fair rates of flows over links given as CSV (the flows interface
// of issue 4, for comparison with other solvers), and with byte counts the completion time of
// every flow from the event-driven flow simulation.
//   links.csv: id,capacity            (capacity in bit/s)
//   flows.csv: id,links[,bytes][,bound] (links: link ids separated by ';'; bound in bit/s)
// The first line of each file is a header naming the columns (any order).
#include "backend_option.h"
#include "command.h"

#include "myriad/engine/csv.h"
#include "myriad/engine/error.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/string_index.h"
#include "myriad/engine/traffic/maxmin.h"
#include "myriad/engine/traffic/maxmin_solver.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

namespace myriad::cli
{

namespace
{

namespace tr = engine::traffic;
using engine::CsvTable;

/**
 * Appends the shortest digits that read back as exactly `v` (std::to_chars): in plain decimals
 * for 1e-5 ≤ |v| < 1e17 (rates in bit/s, times in s), in exponent form outside.
 */
void appendNumber(std::string& out, double v)
{
  char buf[64];
  const double a = std::abs(v);
  const auto form =
    a == 0 || (a >= 1e-5 && a < 1e17) ? std::chars_format::fixed : std::chars_format::general;
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v, form);
  out.append(buf, ec == std::errc() ? end : buf);
}

std::string g(double v)
{
  std::string s;
  appendNumber(s, v);
  return s;
}

/** Links of links.csv into `problem`; returns the index of each link id (its names are views into
 * `links`). */
engine::StringIndex readLinks(const CsvTable& links, tr::MaxMinProblem& problem)
{
  engine::StringIndex linkIndex(links.rowCount());
  const int lid = links.requireColumn("id"), lcap = links.requireColumn("capacity");
  for (std::size_t r = 0; r < links.rowCount(); ++r)
  {
    if (!linkIndex.insert(links.field(r, lid), problem.linkCount()))
    {
      throw engine::LoadError(links.file(), links.where(r),
                              "duplicate link id '" + std::string(links.field(r, lid)) + "'",
                              "unique ids");
    }
    const double c = links.number(r, lcap, "capacity");
    if (!(c >= 0))
    {
      throw engine::LoadError(links.file(), links.where(r), "capacity " + g(c) + " < 0",
                              "bit/s ≥ 0");
    }
    problem.addLink(c);
  }
  return linkIndex;
}

/** Flows of flows.csv into `problem`; returns their byte counts (empty without a bytes column). */
std::vector<double> readFlows(const CsvTable& flows, const engine::StringIndex& linkIndex,
                              tr::MaxMinProblem& problem)
{
  flows.requireColumn("id");
  const int flinks = flows.requireColumn("links");
  const int fbytes = flows.column("bytes"), fbound = flows.column("bound");
  std::vector<double> bytes;
  bytes.reserve(fbytes >= 0 ? flows.rowCount() : 0);
  std::vector<int> ids;
  std::vector<std::string_view> names;
  std::vector<std::uint64_t> hashes;
  for (std::size_t r = 0; r < flows.rowCount(); ++r)
  {
    names.clear();
    hashes.clear();
    const std::string_view list = flows.field(r, flinks);
    for (std::size_t begin = 0; begin <= list.size();)
    {
      const std::size_t end = std::min(list.find(';', begin), list.size());
      names.push_back(list.substr(begin, end - begin));
      hashes.push_back(engine::StringIndex::hash(names.back()));
      linkIndex.prefetch(hashes.back());
      begin = end + 1;
    }
    ids.clear();
    for (std::size_t k = 0; k < names.size(); ++k)
    {
      const int link = linkIndex.find(names[k], hashes[k]);
      if (link < 0)
      {
        throw engine::LoadError(flows.file(), flows.where(r),
                                "unknown link '" + std::string(names[k]) + "'",
                                "an id of links.csv");
      }
      ids.push_back(link);
    }
    const bool bounded = fbound >= 0 && !flows.field(r, fbound).empty();
    try
    {
      problem.addFlow(ids,
                      bounded ? flows.number(r, fbound, "bound") : tr::MaxMinProblem::kUnbounded);
    }
    catch (const engine::SpecError& e)
    {
      throw engine::LoadError(flows.file(), flows.where(r), e.what(), "a link list or a bound > 0");
    }
    if (fbytes >= 0)
    {
      bytes.push_back(flows.number(r, fbytes, "bytes"));
    }
  }
  return bytes;
}

int runMaxMin(const std::vector<std::string>& raw)
{
  const Args args(raw, { "--flows", "--links", kOut, "--backend" });
  if (!args.positional().empty() || !args.has("--flows") || !args.has("--links"))
  {
    throw UsageError("maxmin: --flows FILE and --links FILE are required");
  }
  const backend::Solvers solvers = solversFromArgs(args, "maxmin");
  tr::RecordingMaxMinSolver solver(*solvers.maxMin);
  const CsvTable links = CsvTable::read(args.value("--links"));
  const CsvTable flows = CsvTable::read(args.value("--flows"));
  tr::MaxMinProblem problem;
  problem.reserve(links.rowCount(), flows.rowCount(), 8 * flows.rowCount());
  const auto linkIndex = readLinks(links, problem);
  const std::vector<double> bytes = readFlows(flows, linkIndex, problem);
  const int fid = flows.requireColumn("id"), fbytes = flows.column("bytes");
  const auto t0 = std::chrono::steady_clock::now();
  const std::vector<double> rates = solver.solve(problem);
  const double solveMs =
    std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  tr::FlowSimResult sim;
  if (fbytes >= 0)
  {
    sim = tr::simulateFlows(problem, bytes, {}, &solver);
  }
  std::string csv = fbytes >= 0 ? "id,rateBps,finishS\n" : "id,rateBps\n";
  csv.reserve(csv.size() + rates.size() * 48);
  double total = 0;
  for (std::size_t f = 0; f < rates.size(); ++f)
  {
    total += rates[f];
    const std::string_view id = flows.field(f, fid);
    if (id.find_first_of(",\"\r\n") == std::string_view::npos)
    {
      csv.append(id);
    }
    else
    {
      csv += engine::csvField(std::string(id)); // written back quoted as it was read
    }
    csv += ',';
    appendNumber(csv, rates[f]);
    if (fbytes >= 0)
    {
      csv += ',';
      appendNumber(csv, sim.finishS[f]);
    }
    csv += '\n';
  }
  if (args.has("--out"))
  {
    engine::writeFileAtomically(args.value("--out"), csv);
  }
  else
  {
    std::fputs(csv.c_str(), stdout);
  }
  std::printf("Flows %d, links %d, total rate %.6g bit/s, solved in %.3f ms on %s%s\n",
              problem.flowCount(), problem.linkCount(), total, solveMs,
              describeRun(solver.lastRun()).c_str(),
              fbytes >= 0 ? (", makespan " + g(sim.makespanS) + " s").c_str() : "");
  return 0;
}

} // namespace

MYRIAD_CLI_COMMAND(
  { "maxmin", "max-min fair rates of flows over links (CSV in, CSV out)",
    "usage: myriad-cli maxmin --flows flows.csv --links links.csv [-o rates.csv]\n"
    "                         [--backend cpu|cuda|auto]\n"
    "  --links  CSV with header id,capacity (bit/s)\n"
    "  --flows  CSV with header id,links[,bytes][,bound]: links are link ids\n"
    "           separated by ';', bound an optional rate cap in bit/s\n"
    "  -o, --out FILE  write id,rateBps[,finishS] as CSV (default: stdout); with\n"
    "           bytes, finishS is the completion time of the flow simulation\n"
    "  --backend where the rates and the simulation are solved: cpu (the\n"
    "           reference), cuda (the rounds algorithm on the GPU; fails without\n"
    "           one) or auto (default: cuda when a device is present); the last line\n"
    "           names the backend that ran and why",
    &runMaxMin });

} // namespace myriad::cli
