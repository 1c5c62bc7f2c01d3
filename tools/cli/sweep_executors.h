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

/** Write DIR/slurm/sweep-K.sbatch for `indices`, submit it and follow it (slurm executor). */
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

/** "0-5", "0,2,7-9": indices as a Slurm array range list. */
std::string arrayRanges(const std::vector<long long>& indices);

} // namespace myriad::cli
