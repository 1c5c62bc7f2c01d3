#pragma once
/**
 * @file sweep_executors.h
 * Where a planned sweep's tasks run (docs/sweeps.md, "Executors"). Every executor runs the same
 * idempotent task, `myriad-cli sweep run DIR --index N`, and reads the same results folder:
 * - local: a pool of child processes over the local cores, progress and ETA on stderr;
 *   resumable (finished results are kept, so a rerun after Ctrl+C or kill goes on);
 * - slurm: an sbatch job array script, submitted and followed with squeue until it ends;
 * - k8s: a Kubernetes Indexed Job manifest (generation only).
 */
#include "command.h"

#include <string>
#include <vector>

namespace myriad::cli
{

/** The indices to run: without a result, and the failed ones too when `retryFailed`. */
std::vector<long long> pendingIndices(const std::string& dir, bool retryFailed);

/** Run `indices` with `jobs` processes at a time. Returns 0 when all are ok, else 1. */
int runLocalPool(const std::string& dir, const std::vector<long long>& indices, int jobs,
                 const std::string& backend);

struct SlurmOptions
{
  std::string partition, time, mem, account, cli;
  int cpusPerTask = 1;
  int maxParallel = 16; ///< the array's %K: tasks running at once
  bool submit = true;
  bool wait = true;
  std::string backend;
};

/**
 * The slurm executor (sweep_slurm.cpp): write DIR/slurm/sweep-K.sbatch job arrays for `indices`,
 * submit them and follow them with squeue until they end. Slurm's array task ids stay below its
 * MaxArraySize (1001 by default; `scontrol show config`), so a larger set is cut into several
 * arrays, each task adding its array's offset to SLURM_ARRAY_TASK_ID. Returns 0 when every
 * scenario ended ok, else 1.
 */
int runSlurm(const std::string& dir, const std::vector<long long>& indices,
             const SlurmOptions& options);

struct KubernetesOptions
{
  std::string image = "myriad:latest";
  std::string dir; ///< the sweep folder as the pods see it (a shared volume)
  std::string cpu = "1", memory = "2Gi";
  int maxParallel = 16;
};

/** Write DIR/k8s/sweep-job.yaml: an Indexed Job of every scenario. Returns its path. */
std::string writeKubernetesJob(const std::string& dir, long long count,
                               const KubernetesOptions& options);

/** "[#####-----] 12/64 done, 1 failed, 40 s, ETA 2 min 10 s" on stderr (one updated line on a
 *  terminal, a line per call otherwise). */
void printProgress(std::size_t done, std::size_t total, std::size_t failed, double elapsedS);

/** "0-5", "0,2,7-9": indices as a Slurm array range list. */
std::string arrayRanges(const std::vector<long long>& indices);

} // namespace myriad::cli
