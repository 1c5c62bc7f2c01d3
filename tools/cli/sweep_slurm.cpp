// The sweep's Slurm executor: job array scripts, sbatch, squeue (sweep_executors.h).
#include "sweep_executors.h"

#include "child_process.h"

#include "myriad/engine/scene_io.h"
#include "myriad/engine/sweep/sweep.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <sstream>
#include <thread>

namespace myriad::cli
{

namespace sweep = engine::sweep;
namespace fs = std::filesystem;

namespace
{

std::string shellQuoted(const std::string& text)
{
  std::string out = "'";
  for (const char c : text)
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

/** One job array: scenarios offset + task id, for the task ids `tasks`. */
struct ArrayChunk
{
  long long offset = 0;
  std::vector<long long> tasks;
  std::size_t size() const { return tasks.size(); }
};

/** Slurm's MaxArraySize (`scontrol show config`); its default 1001 when it cannot be read. */
long long maxArraySize()
{
  const auto config = runProcess({ "scontrol", "show", "config" });
  std::istringstream in(config.out);
  for (std::string line; std::getline(in, line);)
    if (line.rfind("MaxArraySize", 0) == 0)
    {
      const auto eq = line.find('=');
      try
      {
        return std::max(1LL, std::stoll(line.substr(eq + 1)));
      }
      catch (const std::exception&)
      {
        break;
      }
    }
  return 1001;
}

/** `indices` (ascending) cut into arrays whose task ids stay below `maxSize`. */
std::vector<ArrayChunk> chunks(const std::vector<long long>& indices, long long maxSize)
{
  std::vector<ArrayChunk> out;
  for (const long long index : indices)
  {
    if (out.empty() || index - out.back().offset >= maxSize)
      out.push_back({ index, {} });
    out.back().tasks.push_back(index - out.back().offset);
  }
  return out;
}

std::string sbatchScript(const std::string& dir, const ArrayChunk& chunk, const SlurmOptions& o)
{
  std::ostringstream s;
  s << "#!/bin/bash\n"
    << "# A Myriad design-space sweep as a Slurm job array: task T evaluates scenario "
    << chunk.offset << " + T\n# of " << dir
    << " (written by myriad-cli sweep run --executor slurm).\n"
    << "#SBATCH --job-name=myriad-sweep\n"
    << "#SBATCH --array=" << arrayRanges(chunk.tasks) << "%" << o.maxParallel << "\n"
    << "#SBATCH --output=" << (fs::path(dir) / "slurm" / "task-%A_%a.out").string() << "\n"
    << "#SBATCH --cpus-per-task=" << o.cpusPerTask << "\n";
  if (!o.partition.empty())
    s << "#SBATCH --partition=" << o.partition << "\n";
  if (!o.time.empty())
    s << "#SBATCH --time=" << o.time << "\n";
  if (!o.mem.empty())
    s << "#SBATCH --mem=" << o.mem << "\n";
  if (!o.account.empty())
    s << "#SBATCH --account=" << o.account << "\n";
  s << "exec " << shellQuoted(o.cli) << " sweep run " << shellQuoted(dir) << " --index \"$(("
    << "SLURM_ARRAY_TASK_ID + " << chunk.offset << "))\"";
  if (!o.backend.empty())
    s << " --backend " << shellQuoted(o.backend);
  s << "\n";
  return s.str();
}

/** The next free DIR/slurm/sweep-K.sbatch. */
std::string nextScriptPath(const fs::path& folder)
{
  int n = 0;
  while (fs::exists(folder / ("sweep-" + std::to_string(n) + ".sbatch")))
    ++n;
  return (folder / ("sweep-" + std::to_string(n) + ".sbatch")).string();
}

/** squeue's lines for the jobs (one per pending or running task); empty when they ended. */
std::size_t queuedTasks(const std::string& jobIds)
{
  const auto q = runProcess({ "squeue", "-h", "-j", jobIds, "-o", "%i %T" });
  if (q.exitCode != 0 && q.err.find("Invalid job id") == std::string::npos)
    throw engine::Error("squeue -j " + jobIds + " failed: " + q.err);
  std::size_t lines = 0;
  std::istringstream in(q.out);
  for (std::string line; std::getline(in, line);)
    lines += line.empty() ? 0 : 1;
  return lines;
}

std::size_t tally(const std::string& dir, const std::vector<long long>& indices)
{
  std::size_t ok = 0;
  for (const long long i : indices)
    ok += sweep::resultStatus(dir, i) == "ok" ? 1 : 0;
  return ok;
}

/** Follow the jobs until squeue lists none of their tasks; progress on stderr. */
void follow(const std::string& dir, const std::vector<long long>& indices,
            const std::string& jobIds)
{
  const auto started = std::chrono::steady_clock::now();
  std::size_t lastOk = indices.size() + 1;
  for (;;)
  {
    const std::size_t queued = queuedTasks(jobIds);
    const std::size_t done = tally(dir, indices);
    if (done != lastOk)
    {
      printProgress(
        done, indices.size(), 0,
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
      lastOk = done;
    }
    if (queued == 0)
      return;
    // Polling the scheduler, as squeue users do: the tasks run on other machines.
    std::this_thread::sleep_for(std::chrono::seconds(1));
  }
}

} // namespace

int runSlurm(const std::string& dir, const std::vector<long long>& indices, const SlurmOptions& o)
{
  if (indices.empty())
  {
    std::printf("nothing to submit: every scenario of %s has a result\n", dir.c_str());
    return 0;
  }
  const fs::path folder = fs::path(dir) / "slurm";
  fs::create_directories(folder);
  const long long maxSize = o.submit ? maxArraySize() : 1001;
  std::string jobIds;
  for (const ArrayChunk& chunk : chunks(indices, maxSize))
  {
    const std::string script = nextScriptPath(folder);
    engine::writeFileAtomically(script, sbatchScript(dir, chunk, o));
    std::printf("wrote %s: %zu task(s) from scenario %lld, at most %d at once\n", script.c_str(),
                chunk.size(), chunk.offset, o.maxParallel);
    if (!o.submit)
      continue;
    const auto submitted = runProcess({ "sbatch", "--parsable", script });
    if (submitted.exitCode != 0)
      throw engine::Error("sbatch " + script +
                          " failed: " + (submitted.err.empty() ? submitted.out : submitted.err));
    const std::string jobId = submitted.out.substr(0, submitted.out.find_first_of(";\n"));
    std::printf("submitted Slurm job %s\n", jobId.c_str());
    jobIds += (jobIds.empty() ? "" : ",") + jobId;
  }
  std::fflush(stdout);
  if (!o.submit || !o.wait)
    return 0;
  follow(dir, indices, jobIds);
  const auto acct =
    runProcess({ "sacct", "-n", "-X", "-P", "-j", jobIds, "-o", "JobID,State,ExitCode" });
  if (acct.exitCode == 0 && !acct.out.empty())
    std::printf("sacct:\n%s", acct.out.c_str());
  const std::size_t ok = tally(dir, indices);
  std::printf("Slurm job(s) %s ended: %zu of %zu scenario(s) ok; gather with: myriad-cli sweep "
              "gather %s\n",
              jobIds.c_str(), ok, indices.size(), dir.c_str());
  return ok == indices.size() ? 0 : 1;
}

} // namespace myriad::cli
