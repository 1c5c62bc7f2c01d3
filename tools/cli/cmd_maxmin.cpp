// myriad-cli maxmin: max-min fair rates of flows over links given as CSV (the flows interface
// of issue 4, for comparison with other solvers), and with byte counts the completion time of
// every flow from the event-driven flow simulation.
//   links.csv: id,capacity            (capacity in bit/s)
//   flows.csv: id,links[,bytes][,bound] (links: link ids separated by ';'; bound in bit/s)
// The first line of each file is a header naming the columns (any order).
#include "backend_option.h"
#include "command.h"

#include "myriad/engine/error.h"
#include "myriad/engine/scene_io.h"
#include "myriad/engine/traffic/maxmin.h"
#include "myriad/engine/traffic/maxmin_solver.h"

#include <chrono>
#include <cstdio>
#include <map>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

namespace myriad::cli
{

namespace
{

namespace tr = engine::traffic;

std::vector<std::string> split(const std::string& s, char sep)
{
  std::vector<std::string> out;
  std::string cell;
  std::istringstream in(s);
  while (std::getline(in, cell, sep))
  {
    while (!cell.empty() && (cell.back() == '\r' || cell.back() == ' '))
    {
      cell.pop_back();
    }
    out.push_back(cell);
  }
  return out;
}

struct Table
{
  std::string file;
  std::map<std::string, std::size_t> column;
  std::vector<std::vector<std::string>> rows;
  std::vector<int> lines;

  int col(const std::string& name, bool required) const
  {
    const auto it = column.find(name);
    if (it == column.end() && required)
    {
      throw engine::LoadError(file, "line 1", "no column '" + name + "'", "a header naming it");
    }
    return it == column.end() ? -1 : static_cast<int>(it->second);
  }
  std::string cell(std::size_t row, int c) const
  {
    return c >= 0 && c < static_cast<int>(rows[row].size()) ? rows[row][c] : std::string();
  }
  double number(std::size_t row, int c, const std::string& what) const
  {
    const std::string s = cell(row, c);
    std::size_t used = 0;
    double v = 0;
    try
    {
      v = std::stod(s, &used);
    }
    catch (const std::exception&)
    {
      used = 0;
    }
    if (s.empty() || used != s.size())
    {
      throw engine::LoadError(file, "line " + std::to_string(lines[row]),
                              what + " '" + s + "' is not a number", "a number");
    }
    return v;
  }
};

Table readTable(const std::string& file)
{
  Table t;
  t.file = file;
  std::istringstream in(engine::readFile(file));
  std::string line;
  int number = 0;
  while (std::getline(in, line))
  {
    ++number;
    if (line.empty() || line == "\r")
    {
      continue;
    }
    auto cells = split(line, ',');
    if (t.column.empty())
    {
      for (std::size_t i = 0; i < cells.size(); ++i)
      {
        t.column[cells[i]] = i;
      }
      continue;
    }
    t.rows.push_back(std::move(cells));
    t.lines.push_back(number);
  }
  return t;
}

std::string g(double v)
{
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

/** Links of links.csv into `problem`; returns the index of each link id. */
std::unordered_map<std::string, int> readLinks(const Table& links, tr::MaxMinProblem& problem)
{
  std::unordered_map<std::string, int> linkIndex;
  const int lid = links.col("id", true), lcap = links.col("capacity", true);
  for (std::size_t r = 0; r < links.rows.size(); ++r)
  {
    if (!linkIndex.emplace(links.cell(r, lid), problem.linkCount()).second)
    {
      throw engine::LoadError(links.file, "line " + std::to_string(links.lines[r]),
                              "duplicate link id '" + links.cell(r, lid) + "'", "unique ids");
    }
    const double c = links.number(r, lcap, "capacity");
    if (!(c >= 0))
    {
      throw engine::LoadError(links.file, "line " + std::to_string(links.lines[r]),
                              "capacity " + g(c) + " < 0", "bit/s ≥ 0");
    }
    problem.addLink(c);
  }
  return linkIndex;
}

/** Flows of flows.csv into `problem`; returns their byte counts (empty without a bytes column). */
std::vector<double> readFlows(const Table& flows,
                              const std::unordered_map<std::string, int>& linkIndex,
                              tr::MaxMinProblem& problem)
{
  flows.col("id", true);
  const int flinks = flows.col("links", true);
  const int fbytes = flows.col("bytes", false), fbound = flows.col("bound", false);
  std::vector<double> bytes;
  for (std::size_t r = 0; r < flows.rows.size(); ++r)
  {
    const std::string at = "line " + std::to_string(flows.lines[r]);
    std::vector<int> ids;
    for (const std::string& l : split(flows.cell(r, flinks), ';'))
    {
      const auto it = linkIndex.find(l);
      if (it == linkIndex.end())
      {
        throw engine::LoadError(flows.file, at, "unknown link '" + l + "'", "an id of links.csv");
      }
      ids.push_back(it->second);
    }
    const bool bounded = fbound >= 0 && !flows.cell(r, fbound).empty();
    try
    {
      problem.addFlow(ids,
                      bounded ? flows.number(r, fbound, "bound") : tr::MaxMinProblem::kUnbounded);
    }
    catch (const engine::SpecError& e)
    {
      throw engine::LoadError(flows.file, at, e.what(), "a link list or a bound > 0");
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
  const Table links = readTable(args.value("--links"));
  const Table flows = readTable(args.value("--flows"));
  tr::MaxMinProblem problem;
  const auto linkIndex = readLinks(links, problem);
  const std::vector<double> bytes = readFlows(flows, linkIndex, problem);
  const int fid = flows.col("id", true), fbytes = flows.col("bytes", false);
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
  double total = 0;
  for (std::size_t f = 0; f < rates.size(); ++f)
  {
    total += rates[f];
    csv += flows.cell(f, fid) + "," + g(rates[f]) +
           (fbytes >= 0 ? "," + g(sim.finishS[f]) : std::string()) + "\n";
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
