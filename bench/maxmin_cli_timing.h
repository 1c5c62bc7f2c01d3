#pragma once
// The whole `myriad-cli maxmin` command (read links.csv and flows.csv, solve, write rates.csv)
// timed as a user runs it: a child process, wall time from fork to exit, median of N runs.
// bench_maxmin_simgrid --cli=PATH puts it beside SimGrid's first solve on the same case.

#include "myriad/engine/csv.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

namespace myriad::bench
{

/** links.csv (id,capacity in bit/s) and flows.csv (id,links) of a case, in `dir`. */
template <typename Flows>
void writeMaxMinCsv(const std::string& dir, const std::vector<double>& capacityBps,
                    const Flows& flows)
{
  std::ofstream links(dir + "/links.csv");
  links.precision(17);
  links << "id,capacity\n";
  for (std::size_t l = 0; l < capacityBps.size(); ++l)
  {
    links << 'L' << l << ',' << capacityBps[l] << '\n';
  }
  std::ofstream out(dir + "/flows.csv");
  out << "id,links\n";
  for (std::size_t f = 0; f < flows.size(); ++f)
  {
    out << 'f' << f << ',';
    const auto& path = flows[f].links;
    for (std::size_t k = 0; k < path.size(); ++k)
    {
      out << (k ? ";L" : "L") << path[k];
    }
    out << '\n';
  }
}

struct CliTiming
{
  double medianMs = 0, minMs = 0;
  std::vector<double> ratesBps; ///< read back from rates.csv, in flow order
};

/** Runs `cli maxmin --backend cpu` on dir's CSVs `runs` times; stdout goes to /dev/null. */
inline CliTiming timeMaxMinCli(const std::string& cli, const std::string& dir, int runs)
{
  CliTiming t;
  std::vector<double> ms;
  for (int i = 0; i < runs; ++i)
  {
    const auto t0 = std::chrono::steady_clock::now();
    const pid_t pid = fork();
    if (pid == 0)
    {
      const int null = open("/dev/null", O_WRONLY);
      dup2(null, STDOUT_FILENO);
      const std::string flows = dir + "/flows.csv", links = dir + "/links.csv",
                        rates = dir + "/rates.csv";
      execl(cli.c_str(), cli.c_str(), "maxmin", "--flows", flows.c_str(), "--links", links.c_str(),
            "-o", rates.c_str(), "--backend", "cpu", static_cast<char*>(nullptr));
      _exit(127);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    ms.push_back(
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    {
      std::fprintf(stderr, "%s maxmin failed (status %d)\n", cli.c_str(), status);
      return t;
    }
  }
  std::sort(ms.begin(), ms.end());
  t.medianMs = ms[ms.size() / 2];
  t.minMs = ms.front();
  const engine::CsvTable rates = engine::CsvTable::read(dir + "/rates.csv");
  const int col = rates.requireColumn("rateBps");
  for (std::size_t r = 0; r < rates.rowCount(); ++r)
  {
    t.ratesBps.push_back(rates.number(r, col, "rateBps"));
  }
  return t;
}

} // namespace myriad::bench
