#pragma once
/**
 * @file child_process.h
 * Starting other programs from myriad-cli without a shell: the sweep's local pool starts one
 * `myriad-cli sweep run DIR --index N` per scenario, the Slurm executor runs sbatch, squeue and
 * sacct. Arguments are passed as they are (no quoting, no word splitting).
 */
#include <string>
#include <sys/types.h>
#include <vector>

namespace myriad::cli
{

/** The running executable's absolute path (/proc/self/exe), for starting copies of itself. */
std::string selfExecutable();

/** Start `argv` (argv[0] looked up in PATH) with stdout and stderr to `logPath` ("" = inherit). */
pid_t startProcess(const std::vector<std::string>& argv, const std::string& logPath = {});

/** What a finished program printed and how it ended. */
struct ProcessOutput
{
  int exitCode = -1; ///< -1: could not start, or killed by a signal
  std::string out;   ///< its standard output
  std::string err;   ///< its standard error
};

/** Run `argv` to completion, capturing its output. Never throws for a program that fails. */
ProcessOutput runProcess(const std::vector<std::string>& argv);

} // namespace myriad::cli
