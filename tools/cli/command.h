#pragma once
/**
 * @file command.h
 * Sub-command registry of myriad-cli. Each tools/cli/cmd_*.cpp file registers one command with
 * a static MYRIAD_CLI_COMMAND(...) object, so commands are added without touching main.cpp.
 *
 * Error convention: a command throws UsageError for bad arguments (exit 2, usage shown) and
 * engine::Error for bad input files or specs (exit 1, message shown); it returns its exit code.
 */

#include "myriad/engine/error.h"

#include <functional>
#include <string>
#include <vector>

namespace myriad::cli
{

/** Wrong command-line arguments: the message names the argument and the expected form. */
class UsageError : public engine::Error
{
public:
  using engine::Error::Error;
};

struct Command
{
  std::string name;
  std::string summary; ///< one line for `myriad-cli help`
  std::string usage;   ///< full usage text, options one per line
  std::function<int(const std::vector<std::string>& args)> run;
};

/** Register a command (called from static initialisers). Returns true. */
bool registerCommand(Command command);
/** All registered commands, sorted by name. */
std::vector<const Command*> commands();
const Command* findCommand(const std::string& name);

/** Small argument helper: positional arguments and --name value / --flag options. */
class Args
{
public:
  /** `valueOptions` take a value ("-o", "--view"); `flags` take none. Unknown options throw. */
  Args(const std::vector<std::string>& args, const std::vector<std::string>& valueOptions,
       const std::vector<std::string>& flags = {});
  const std::vector<std::string>& positional() const { return m_positional; }
  bool has(const std::string& option) const;
  std::string value(const std::string& option, const std::string& fallback = {}) const;
  /** The value parsed as a number; throws UsageError naming the option when it is not one. */
  double number(const std::string& option, double fallback) const;
  /** All values of an option given several times. */
  std::vector<std::string> values(const std::string& option) const;

private:
  std::vector<std::string> m_positional;
  std::vector<std::pair<std::string, std::string>> m_options;
};

} // namespace myriad::cli

#define MYRIAD_CLI_CONCAT_INNER(a, b) a##b
#define MYRIAD_CLI_CONCAT(a, b) MYRIAD_CLI_CONCAT_INNER(a, b)
/** Register a command at static-initialisation time: MYRIAD_CLI_COMMAND({"name", ...}); */
#define MYRIAD_CLI_COMMAND(...)                                                                    \
  static const bool MYRIAD_CLI_CONCAT(myriadCliRegistered_, __LINE__) =                            \
    ::myriad::cli::registerCommand(::myriad::cli::Command __VA_ARGS__)
