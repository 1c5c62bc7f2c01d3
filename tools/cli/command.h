#pragma once
/**
 * @file command.h
 * Sub-command registry of myriad-cli and its shared argument parser. Each tools/cli/cmd_*.cpp
 * file registers one command with a static MYRIAD_CLI_COMMAND(...) object, so commands are
 * added without touching main.cpp.
 *
 * Conventions every command follows (main.cpp enforces the shared part):
 * - `myriad-cli CMD --help` / `-h` prints the command's usage on stdout and exits 0 (Args throws
 *   HelpRequested, main prints Command::usage);
 * - the main output file is `-o FILE` / `--out FILE` (kOut); other outputs are named for what
 *   they are (--bom, --links, --slice-png, ...);
 * - arguments are checked before any file is read: an unknown option, a missing value, a bad
 *   number or a missing required option throws UsageError (exit 2, one line naming the option and
 *   the expected form);
 * - a bad input file, scene or solver failure throws engine::Error (exit 1, the engine's message
 *   with file and JSON path); commands document any other exit status in their usage.
 */

#include "myriad/engine/error.h"

#include <functional>
#include <initializer_list>
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

/** `--help` or `-h` among a command's arguments: main prints the usage and exits 0. */
struct HelpRequested
{
};

/** Declaration of the main output option: `--out FILE`, alias `-o FILE`. */
inline constexpr const char* kOut = "--out|-o";

struct Command
{
  std::string name;
  std::string summary; ///< one line for `myriad-cli help`
  std::string usage;   ///< full usage text: every way to call it, options one per line
  std::function<int(const std::vector<std::string>& args)> run;
};

/** Register a command (called from static initialisers). Returns true. */
bool registerCommand(Command command);
/** All registered commands, sorted by name. */
std::vector<const Command*> commands();
const Command* findCommand(const std::string& name);

/** Footer of every command's --help: the help options and the exit-status convention. */
std::string commonHelpFooter();

/**
 * Small argument parser: positional arguments and `--name value`, `--name=value`, `--flag`.
 * An option is declared by its names separated by '|', the first being the one `has`, `value`
 * and the number getters take: "--out|-o" accepts `--out FILE` and `-o FILE`.
 */
class Args
{
public:
  /**
   * `valueOptions` take a value; `flags` take none. Throws HelpRequested when `--help` or `-h`
   * stands where an option may stand, else UsageError for an unknown option, a flag given a
   * value or an option missing its value.
   */
  Args(const std::vector<std::string>& args, const std::vector<std::string>& valueOptions,
       const std::vector<std::string>& flags = {});
  const std::vector<std::string>& positional() const { return m_positional; }
  bool has(const std::string& option) const;
  std::string value(const std::string& option, const std::string& fallback = {}) const;
  /** The value parsed as a finite number; throws UsageError naming the option when not one. */
  double number(const std::string& option, double fallback) const;
  /** A number within [min, max]; UsageError "OPTION expects a number from MIN to MAX". */
  double number(const std::string& option, double fallback, double min, double max) const;
  /** A whole number within [min, max]; UsageError "OPTION expects a whole number ...". */
  long long integer(const std::string& option, long long fallback, long long min,
                    long long max) const;
  /** The value when it is one of `choices` (or the fallback when absent), else UsageError. */
  std::string choice(const std::string& option, const std::string& fallback,
                     std::initializer_list<const char*> choices) const;
  /** UsageError "missing OPTION FORM (what)" when the option was not given. */
  void require(const std::string& option, const std::string& form) const;
  /** All values of an option given several times. */
  std::vector<std::string> values(const std::string& option) const;

private:
  std::vector<std::string> m_positional;
  std::vector<std::pair<std::string, std::string>> m_options; ///< canonical name, value
  std::vector<std::vector<std::string>> m_spellings;          ///< each declared option's names
};

} // namespace myriad::cli

#define MYRIAD_CLI_CONCAT_INNER(a, b) a##b
#define MYRIAD_CLI_CONCAT(a, b) MYRIAD_CLI_CONCAT_INNER(a, b)
/** Register a command at static-initialisation time: MYRIAD_CLI_COMMAND({"name", ...}); */
#define MYRIAD_CLI_COMMAND(...)                                                                    \
  static const bool MYRIAD_CLI_CONCAT(myriadCliRegistered_, __LINE__) =                            \
    ::myriad::cli::registerCommand(::myriad::cli::Command __VA_ARGS__)
