/**
 * @file main.cpp
 * myriad-cli: the headless front end of Myriad. Sub-commands register themselves (command.h);
 * this file dispatches, answers --help and maps failures to the exit-status convention:
 * 0 done, 1 a file, scene or model failed, 2 wrong arguments.
 *
 * Built twice (tools/CMakeLists.txt): the lean myriad-cli (MYRIAD_CLI_LEAN, engine and backends
 * only) hands the commands that need Qt or VTK — render, report, netbox with a URL, thermal
 * --slice — to myriad-cli-full by exec, with the same arguments; exit status, output and
 * signals are then that program's own.
 */
#include "command.h"
#include "scene_input.h"

#include <algorithm>
#include <cstdio>
#include <exception>
#include <iostream>
#include <new>

#if MYRIAD_CLI_LEAN
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <unistd.h>
#endif

namespace
{

using myriad::cli::Command;

void printOverview(std::ostream& out)
{
  out << "myriad-cli " << MYRIAD_VERSION
      << " — plan and analyse AI training clusters from the command line\n\n"
         "usage: myriad-cli COMMAND [ARGS...]\n"
         "       myriad-cli COMMAND --help     (or -h) the command's usage and options\n"
         "       myriad-cli help [COMMAND]\n"
         "       myriad-cli --help | -h | --version\n\n"
         "commands:\n";
  for (const auto* command : myriad::cli::commands())
  {
    char line[256];
    std::snprintf(line, sizeof line, "  %-18s %s\n", command->name.c_str(),
                  command->summary.c_str());
    out << line;
  }
  out << "  help               this list, or the usage of one command\n\n"
         "A command that writes a file takes it as -o FILE (or --out FILE).\n"
         "exit status: 0 done, 1 a file, scene or model failed, 2 wrong arguments\n";
}

void printUsage(const Command& command)
{
  std::cout << command.usage << '\n' << myriad::cli::commonHelpFooter() << '\n';
}

int runHelp(const std::vector<std::string>& args)
{
  if (args.empty())
  {
    printOverview(std::cout);
    return 0;
  }
  const auto* command = myriad::cli::findCommand(args.front());
  if (command == nullptr)
    throw myriad::cli::UsageError("unknown command \"" + args.front() + "\"");
  printUsage(*command);
  return 0;
}

/** A usage error on one line: "myriad-cli CMD: MESSAGE (myriad-cli CMD --help ...)". */
int usageError(const Command* command, std::string message)
{
  if (command == nullptr)
  {
    std::cerr << "myriad-cli: " << message << "; see myriad-cli --help\n";
    return 2;
  }
  const std::string prefix = command->name + ": ";
  if (message.rfind(prefix, 0) == 0)
    message.erase(0, prefix.size());
  std::cerr << "myriad-cli " << command->name << ": " << message << " (myriad-cli " << command->name
            << " --help shows the usage)\n";
  return 2;
}

int runCommand(const Command* command, const std::string& name,
               const std::vector<std::string>& rest)
{
  try
  {
    if (name == "help")
      return runHelp(rest);
    if (command == nullptr)
      throw myriad::cli::UsageError("unknown command \"" + name + "\"");
    return command->run(rest);
  }
  catch (const myriad::cli::HelpRequested&)
  {
    printUsage(*command);
    return 0;
  }
  catch (const myriad::cli::UsageError& error)
  {
    return usageError(command, error.what());
  }
  catch (const myriad::engine::Error& error)
  {
    std::cerr << "myriad-cli: " << error.what() << '\n';
    return 1;
  }
  catch (const std::bad_alloc&)
  {
    std::cerr << "myriad-cli: " << name << ": out of memory\n";
    return 1;
  }
  catch (const std::exception& error)
  {
    // Not an engine error: a library's own message, said in words without its codes.
    std::cerr << "myriad-cli: " << name << ": " << myriad::cli::libraryMessage(error) << '\n';
    return 1;
  }
}

#if MYRIAD_CLI_LEAN
/** Whether `command` with `args` needs a layer the lean CLI does not link. */
bool needsFullCli(const std::string& command, const std::vector<std::string>& args)
{
  const auto any = [&args](bool (*test)(const std::string&))
  { return std::any_of(args.begin(), args.end(), test); };
  if (command == "render" || command == "report")
    return true;
  if (command == "netbox") // a live NetBox (Qt Network); folders and files need no network
    return any([](const std::string& a)
               { return a.rfind("http://", 0) == 0 || a.rfind("https://", 0) == 0; });
  if (command == "thermal") // drawing the slice needs the scenes layer
    return any([](const std::string& a) { return a.rfind("--slice", 0) == 0; });
  return false;
}

/** myriad-cli-full next to this program (build tree), else where it is installed. */
std::string fullCliPath()
{
  std::error_code error;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error)
  {
    const auto beside = self.parent_path() / "myriad-cli-full";
    if (std::filesystem::exists(beside, error))
      return beside.string();
  }
  return MYRIAD_CLI_FULL_INSTALLED;
}

/** Replace this process by myriad-cli-full with the same arguments; returns only on failure. */
int execFullCli(int argc, char** argv)
{
  const std::string path = fullCliPath();
  std::vector<char*> args(argv, argv + argc);
  args.push_back(nullptr);
  execv(path.c_str(), args.data());
  std::cerr << "myriad-cli: " << argv[1] << " needs " << path << ", which could not start ("
            << std::strerror(errno) << "); reinstall Myriad\n";
  return 1;
}
#endif

} // namespace

int main(int argc, char** argv)
{
  const std::vector<std::string> all(argv + 1, argv + argc);
#if MYRIAD_CLI_LEAN
  if (!all.empty() && needsFullCli(all.front(), { all.begin() + 1, all.end() }))
    return execFullCli(argc, argv);
#endif
  if (all.empty())
  {
    printOverview(std::cerr);
    return 2;
  }
  if (all.front() == "--help" || all.front() == "-h")
  {
    printOverview(std::cout);
    return 0;
  }
  if (all.front() == "--version")
  {
    std::cout << "myriad-cli " << MYRIAD_VERSION << '\n';
    return 0;
  }
  const std::vector<std::string> rest(all.begin() + 1, all.end());
  try
  {
    return runCommand(myriad::cli::findCommand(all.front()), all.front(), rest);
  }
  catch (...)
  {
    std::cerr << "myriad-cli: " << all.front() << ": internal error (please report it)\n";
    return 1;
  }
}
