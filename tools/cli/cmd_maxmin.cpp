// myriad-cli maxmin: max-min fair rates of flows over links given as CSV (the flows interface
// of issue 4, for comparison with other solvers), and with byte counts the completion time of
// every flow from the event-driven flow simulation.
//   links.csv: id,capacity            (capacity in bit/s)
//   flows.csv: id,links[,bytes][,bound] (links: link ids separated by ';'; bound in bit/s)
// The first line of each file is a header naming the columns (any order).
#include "backend_option.h"
#include "command.h"
#include "maxmin_change.h"

#include "myriad/engine/csv.h"
#include "myriad/engine/error.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/string_index.h"
#include "myriad/engine/traffic/maxmin.h"
#include "myriad/engine/traffic/maxmin_solver.h"

#include <algorithm>
#include <chrono>
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
  const Args args(raw, { "--flows", "--links", kOut, "--backend", "--change" }, { "--verify" });
  if (!args.positional().empty() || !args.has("--flows") || !args.has("--links"))
  {
    throw UsageError("maxmin: --flows FILE and --links FILE are required");
  }
  if (args.has("--change") && args.has("--backend") && args.value("--backend") != "cpu")
  {
    throw UsageError("maxmin: --change re-solves on the CPU: give --backend cpu or none");
  }
  if (args.has("--verify") && !args.has("--change"))
  {
    throw UsageError("maxmin: --verify goes with --change");
  }
  // The solvers before the files: a bad --backend is a usage error whatever the files hold.
  // --change re-solves on the CPU reference and asks for no backend (no device probe).
  const bool change = args.has("--change");
  const backend::Solvers solvers = change ? backend::Solvers{} : solversFromArgs(args, "maxmin");
  const CsvTable links = CsvTable::read(args.value("--links"));
  const CsvTable flows = CsvTable::read(args.value("--flows"));
  tr::MaxMinProblem problem;
  problem.reserve(links.rowCount(), flows.rowCount(), 8 * flows.rowCount());
  const auto linkIndex = readLinks(links, problem);
  const std::vector<double> bytes = readFlows(flows, linkIndex, problem);
  if (change)
  {
    return runMaxMinChange(std::move(problem), flows, linkIndex, args.value("--change"),
                           args.value("--out"), args.has("--verify"));
  }
  tr::RecordingMaxMinSolver solver(*solvers.maxMin);
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
    appendId(csv, flows.field(f, fid));
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
    "                         [--backend cpu|cuda|auto] [--change changes.csv [--verify]]\n"
    "  --links  CSV with header id,capacity (bit/s)\n"
    "  --flows  CSV with header id,links[,bytes][,bound]: links are link ids\n"
    "           separated by ';', bound an optional rate cap in bit/s\n"
    "  -o, --out FILE  write id,rateBps[,finishS] as CSV (default: stdout); with\n"
    "           bytes, finishS is the completion time of the flow simulation\n"
    "  --backend where the rates and the simulation are solved: cpu (the\n"
    "           reference), cuda (the rounds algorithm on the GPU; fails without\n"
    "           one) or auto (default: cuda when a device is present); the last line\n"
    "           names the backend that ran and why\n"
    "  --change FILE  solve, then apply the changes of FILE as one batch and re-solve\n"
    "           only the flows they reach (CPU); writes id,rateBps of the flows in\n"
    "           progress. FILE is CSV op,id,capacity,links,bound, a row per change:\n"
    "             capacity,LINK,BPS,,   a link's new capacity in bit/s\n"
    "             fail,LINK,,,          a link fails (capacity 0)\n"
    "             leave,FLOW,,,         a flow leaves\n"
    "             arrive,NEWFLOW,,L1;L2,[BPS]  a new flow (bound optional)\n"
    "           bytes in flows.csv are not simulated with --change\n"
    "  --verify with --change: also solve the changed problem in full and print\n"
    "           the largest difference (exit 1 above 1e-9)",
    &runMaxMin });

} // namespace myriad::cli
