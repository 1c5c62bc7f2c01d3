// The sweep executors: a local process pool, a Slurm job array, a Kubernetes Indexed Job
// (sweep_executors.h).
#include "sweep_executors.h"

#include "child_process.h"

#include "myriad/engine/scene_io.h"
#include "myriad/engine/sweep/sweep.h"

#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <map>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace myriad::cli
{

namespace sweep = engine::sweep;
namespace fs = std::filesystem;

std::vector<long long> pendingIndices(const std::string& dir, bool retryFailed)
{
  std::vector<long long> out;
  const long long count = sweep::plannedScenarioCount(dir);
  for (long long i = 0; i < count; ++i)
  {
    const std::string status = sweep::resultStatus(dir, i);
    if (status.empty() || (retryFailed && status != "ok"))
      out.push_back(i);
  }
  return out;
}

std::string arrayRanges(const std::vector<long long>& indices)
{
  std::string out;
  for (std::size_t k = 0; k < indices.size();)
  {
    std::size_t end = k;
    while (end + 1 < indices.size() && indices[end + 1] == indices[end] + 1)
      ++end;
    out += (out.empty() ? "" : ",") + std::to_string(indices[k]);
    if (end > k)
      out += "-" + std::to_string(indices[end]);
    k = end + 1;
  }
  return out;
}

namespace
{

std::string duration(double seconds)
{
  const long long s = std::llround(seconds);
  char buffer[32];
  if (s >= 3600)
    std::snprintf(buffer, sizeof buffer, "%lld h %02lld min", s / 3600, (s / 60) % 60);
  else if (s >= 60)
    std::snprintf(buffer, sizeof buffer, "%lld min %02lld s", s / 60, s % 60);
  else
    std::snprintf(buffer, sizeof buffer, "%lld s", s);
  return buffer;
}

} // namespace

void printProgress(std::size_t done, std::size_t total, std::size_t failed, double elapsedS)
{
  const int width = 30;
  const int filled = total ? static_cast<int>(width * done / total) : width;
  const double eta =
    done ? elapsedS / static_cast<double>(done) * static_cast<double>(total - done) : 0;
  const bool terminal = isatty(2) != 0;
  std::fprintf(stderr, "%s[%s%s] %zu/%zu done, %zu failed, %s%s%s", terminal ? "\r" : "",
               std::string(static_cast<std::size_t>(filled), '#').c_str(),
               std::string(static_cast<std::size_t>(width - filled), '-').c_str(), done, total,
               failed, duration(elapsedS).c_str(), done < total ? ", ETA " : "",
               done < total ? duration(eta).c_str() : "");
  std::fprintf(stderr, terminal && done < total ? "" : "\n");
  std::fflush(stderr);
}

namespace
{

/** The first error a scenario's result records, or why there is none. */
std::string failureOf(const std::string& dir, long long index, const std::string& log)
{
  if (!fs::exists(sweep::resultPath(dir, index)))
    return "no result written (the task ended early; see " + log + ")";
  const std::string error = sweep::resultError(dir, index);
  return error.empty() ? std::string("failed") : error;
}

} // namespace

namespace
{

volatile std::sig_atomic_t g_stopSignal = 0;

extern "C" void stopPool(int signal)
{
  g_stopSignal = signal;
}

/**
 * SIGINT and SIGTERM while the pool runs: recorded, and waitpid returns (no SA_RESTART), so the
 * pool stops its tasks instead of leaving them orphaned. Restores the previous handlers on exit.
 */
class StopSignals
{
public:
  StopSignals()
  {
    struct sigaction action = {};
    action.sa_handler = &stopPool;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, &m_int);
    sigaction(SIGTERM, &action, &m_term);
  }
  ~StopSignals()
  {
    sigaction(SIGINT, &m_int, nullptr);
    sigaction(SIGTERM, &m_term, nullptr);
  }
  StopSignals(const StopSignals&) = delete;
  StopSignals& operator=(const StopSignals&) = delete;

private:
  struct sigaction m_int = {};
  struct sigaction m_term = {};
};

/** Stop the running tasks (their results are written atomically: a stopped one has none). */
int stopTasks(const std::map<pid_t, long long>& running, std::size_t done, std::size_t total)
{
  for (const auto& [pid, index] : running)
    kill(pid, SIGTERM);
  for (const auto& [pid, index] : running)
    while (waitpid(pid, nullptr, 0) < 0 && errno == EINTR)
    {
    }
  std::fprintf(stderr,
               "\nstopped: %zu of %zu scenario(s) done; run the same command again to go on\n",
               done, total);
  return 128 + g_stopSignal;
}

} // namespace

int runLocalPool(const std::string& dir, const std::vector<long long>& indices, int jobs,
                 const std::string& backend)
{
  if (indices.empty())
  {
    std::printf("nothing to run: every scenario of %s has a result\n", dir.c_str());
    return 0;
  }
  fs::create_directories(fs::path(dir) / "logs");
  g_stopSignal = 0;
  const StopSignals stopSignals;
  const auto started = std::chrono::steady_clock::now();
  std::map<pid_t, long long> running;
  std::size_t next = 0, done = 0, failed = 0;
  const std::string self = selfExecutable();
  std::fprintf(stderr, "running %zu scenario(s), %d at a time\n", indices.size(), jobs);
  while (next < indices.size() || !running.empty())
  {
    if (g_stopSignal != 0)
      return stopTasks(running, done, indices.size());
    while (static_cast<int>(running.size()) < jobs && next < indices.size())
    {
      const long long index = indices[next++];
      const std::string log = (fs::path(dir) / "logs" / (std::to_string(index) + ".log")).string();
      std::vector<std::string> argv = {
        self, "sweep", "run", dir, "--index", std::to_string(index)
      };
      if (!backend.empty())
        argv.insert(argv.end(), { "--backend", backend });
      const pid_t pid = startProcess(argv, log);
      if (pid < 0)
        throw engine::Error("sweep: cannot start " + self);
      running[pid] = index;
    }
    int status = 0;
    const pid_t pid = waitpid(-1, &status, 0);
    if (pid < 0)
    {
      if (errno == EINTR)
        continue;
      break;
    }
    const auto it = running.find(pid);
    if (it == running.end())
      continue;
    const long long index = it->second;
    running.erase(it);
    ++done;
    if (sweep::resultStatus(dir, index) != "ok")
    {
      ++failed;
      const std::string log = (fs::path(dir) / "logs" / (std::to_string(index) + ".log")).string();
      std::fprintf(stderr, "%sscenario %lld failed: %s\n", isatty(2) ? "\n" : "", index,
                   failureOf(dir, index, log).c_str());
    }
    printProgress(
      done, indices.size(), failed,
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
  }
  return failed == 0 ? 0 : 1;
}

std::string writeKubernetesJob(const std::string& dir, long long count, const KubernetesOptions& o)
{
  std::ostringstream y;
  y << "# A Myriad design-space sweep as a Kubernetes Indexed Job: pod N evaluates scenario N\n"
    << "# (JOB_COMPLETION_INDEX) of the sweep folder on the shared volume. Apply with\n"
    << "#   kubectl apply -f sweep-job.yaml\n"
    << "# after copying the folder to the volume claim \"myriad-sweep\" (docs/sweeps.md).\n"
    << "apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: myriad-sweep\nspec:\n"
    << "  completionMode: Indexed\n  completions: " << count << "\n  parallelism: " << o.maxParallel
    << "\n  backoffLimit: " << std::max<long long>(6, count / 10) << "\n"
    << "  template:\n    spec:\n      restartPolicy: Never\n      containers:\n"
    << "        - name: scenario\n          image: " << o.image << "\n"
    << "          command: [\"sh\", \"-c\", \"exec myriad-cli sweep run \\\"$SWEEP_DIR\\\" --index "
       "\\\"$JOB_COMPLETION_INDEX\\\"\"]\n"
    << "          env:\n            - name: SWEEP_DIR\n              value: \"" << o.dir << "\"\n"
    << "          resources:\n            requests: {cpu: \"" << o.cpu << "\", memory: \""
    << o.memory << "\"}\n            limits: {memory: \"" << o.memory << "\"}\n"
    << "          volumeMounts:\n            - name: sweep\n              mountPath: \"" << o.dir
    << "\"\n"
    << "      volumes:\n        - name: sweep\n          persistentVolumeClaim:\n"
    << "            claimName: myriad-sweep\n";
  const fs::path folder = fs::path(dir) / "k8s";
  fs::create_directories(folder);
  std::string path = (folder / "sweep-job.yaml").string();
  engine::writeFileAtomically(path, y.str());
  return path;
}

} // namespace myriad::cli
