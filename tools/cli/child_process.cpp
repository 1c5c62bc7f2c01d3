// Starting programs with posix_spawnp and collecting their output (child_process.h).
#include "child_process.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace myriad::cli
{

std::string selfExecutable()
{
  std::error_code ec;
  const auto path = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("myriad-cli") : path.string();
}

namespace
{

std::vector<char*> argvPointers(const std::vector<std::string>& argv)
{
  std::vector<char*> out;
  for (const auto& a : argv)
    out.push_back(const_cast<char*>(a.c_str()));
  out.push_back(nullptr);
  return out;
}

std::string readAll(int fd)
{
  std::string out;
  char buffer[4096];
  for (;;)
  {
    const ssize_t n = read(fd, buffer, sizeof buffer);
    if (n > 0)
      out.append(buffer, static_cast<std::size_t>(n));
    else if (n == 0 || errno != EINTR)
      break;
  }
  return out;
}

} // namespace

pid_t startProcess(const std::vector<std::string>& argv, const std::string& logPath)
{
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (!logPath.empty())
  {
    posix_spawn_file_actions_addopen(&actions, 1, logPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                     0644);
    posix_spawn_file_actions_adddup2(&actions, 1, 2);
  }
  pid_t pid = -1;
  auto args = argvPointers(argv);
  const int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  return rc == 0 ? pid : -1;
}

ProcessOutput runProcess(const std::vector<std::string>& argv)
{
  ProcessOutput result;
  int outPipe[2];
  int errPipe[2];
  if (pipe(outPipe) != 0)
    return result;
  if (pipe(errPipe) != 0)
  {
    close(outPipe[0]);
    close(outPipe[1]);
    return result;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1);
  posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2);
  posix_spawn_file_actions_addclose(&actions, outPipe[0]);
  posix_spawn_file_actions_addclose(&actions, errPipe[0]);
  pid_t pid = -1;
  auto args = argvPointers(argv);
  const int rc = posix_spawnp(&pid, args[0], &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(outPipe[1]);
  close(errPipe[1]);
  if (rc != 0)
  {
    close(outPipe[0]);
    close(errPipe[0]);
    result.err = argv[0] + ": cannot start it (" + std::string(std::strerror(rc)) + ")";
    return result;
  }
  // The programs run here print little (sbatch, squeue, sacct), so reading stdout to its end
  // before stderr cannot fill the stderr pipe.
  result.out = readAll(outPipe[0]);
  result.err = readAll(errPipe[0]);
  close(outPipe[0]);
  close(errPipe[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
  {
  }
  result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return result;
}

} // namespace myriad::cli
