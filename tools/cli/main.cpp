// myriad-cli: the headless front end of Myriad. Sub-commands register themselves (command.h).
#include "command.h"

#include <cstdio>
#include <exception>
#include <iostream>

namespace
{

void printHelp()
{
  std::cout << "myriad-cli " << MYRIAD_VERSION
            << " — plan and analyse AI training clusters from the command line\n\n"
               "usage: myriad-cli COMMAND [ARGS...]\n       myriad-cli help COMMAND\n\n"
               "commands:\n";
  for (const auto* command : myriad::cli::commands())
  {
    std::printf("  %-16s %s\n", command->name.c_str(), command->summary.c_str());
  }
}

int runHelp(const std::vector<std::string>& args)
{
  if (args.empty())
  {
    printHelp();
    return 0;
  }
  const auto* command = myriad::cli::findCommand(args.front());
  if (command == nullptr)
  {
    throw myriad::cli::UsageError("unknown command \"" + args.front() + "\"");
  }
  std::cout << command->usage << '\n';
  return 0;
}

} // namespace

int main(int argc, char** argv)
{
  const std::vector<std::string> all(argv + 1, argv + argc);
  if (all.empty() || all.front() == "--help" || all.front() == "-h")
  {
    printHelp();
    return all.empty() ? 2 : 0;
  }
  if (all.front() == "--version")
  {
    std::cout << "myriad-cli " << MYRIAD_VERSION << '\n';
    return 0;
  }
  const std::vector<std::string> rest(all.begin() + 1, all.end());
  const auto* command = myriad::cli::findCommand(all.front());
  try
  {
    if (all.front() == "help")
    {
      return runHelp(rest);
    }
    if (command == nullptr)
    {
      throw myriad::cli::UsageError("unknown command \"" + all.front() +
                                    "\" (see myriad-cli help)");
    }
    return command->run(rest);
  }
  catch (const myriad::cli::UsageError& error)
  {
    std::cerr << "myriad-cli: " << error.what() << '\n';
    if (command != nullptr)
    {
      std::cerr << "\n" << command->usage << '\n';
    }
    return 2;
  }
  catch (const std::exception& error)
  {
    std::cerr << "myriad-cli: " << error.what() << '\n';
    return 1;
  }
}
