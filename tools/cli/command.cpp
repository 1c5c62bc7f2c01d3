/**
 * @file command.cpp
 * The command registry and the shared argument parser of myriad-cli (command.h).
 */

#include "command.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace myriad::cli
{

namespace
{
std::map<std::string, Command>& registry()
{
  static std::map<std::string, Command> commands;
  return commands;
}

/** "--out|-o" → {"--out", "-o"}. */
std::vector<std::string> namesOf(const std::string& declaration)
{
  std::vector<std::string> names;
  std::size_t start = 0;
  while (true)
  {
    const std::size_t bar = declaration.find('|', start);
    names.push_back(declaration.substr(start, bar - start));
    if (bar == std::string::npos)
      return names;
    start = bar + 1;
  }
}

/** How a message names an option: its spellings, shortest first ("-o/--out"). */
std::string displayName(std::vector<std::string> names)
{
  std::stable_sort(names.begin(), names.end(),
                   [](const auto& a, const auto& b) { return a.size() < b.size(); });
  std::string text;
  for (const auto& name : names)
    text += (text.empty() ? "" : "/") + name;
  return text;
}

std::string formatNumber(double value)
{
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%g", value);
  return buffer;
}

/** A declared option: its canonical name (the first), every spelling and whether it is a flag. */
struct Declared
{
  std::string canonical;
  std::vector<std::string> names;
  bool flag = false;
};

const Declared* lookUp(const std::vector<Declared>& declared, const std::string& name)
{
  for (const auto& d : declared)
    if (std::find(d.names.begin(), d.names.end(), name) != d.names.end())
      return &d;
  return nullptr;
}

std::vector<Declared> declare(const std::vector<std::string>& valueOptions,
                              const std::vector<std::string>& flags)
{
  std::vector<Declared> declared;
  const auto add = [&](const std::string& option, bool flag)
  {
    auto names = namesOf(option);
    declared.push_back({ names.front(), names, flag });
  };
  for (const auto& option : valueOptions)
    add(option, false);
  for (const auto& option : flags)
    add(option, true);
  return declared;
}

bool isOption(const std::string& arg)
{
  return arg.size() >= 2 && arg[0] == '-' && arg != "--";
}

/** Help wins over every other argument, wherever it stands (but not as an option's value). */
void throwIfHelp(const std::vector<std::string>& args, const std::vector<Declared>& declared)
{
  for (std::size_t i = 0; i < args.size(); ++i)
  {
    if (args[i] == "--help" || args[i] == "-h")
      throw HelpRequested{};
    const Declared* d = isOption(args[i]) ? lookUp(declared, args[i]) : nullptr;
    if (d != nullptr && !d->flag)
      ++i; // skip the value
  }
}

} // namespace

bool registerCommand(Command command)
{
  const std::string name = command.name;
  registry().insert_or_assign(name, std::move(command));
  return true;
}

std::vector<const Command*> commands()
{
  std::vector<const Command*> list;
  for (const auto& [name, command] : registry())
    list.push_back(&command);
  return list;
}

const Command* findCommand(const std::string& name)
{
  const auto it = registry().find(name);
  return it == registry().end() ? nullptr : &it->second;
}

std::string commonHelpFooter()
{
  return "\ncommon to every command:\n"
         "  -h, --help       print this help and exit\n"
         "  exit status      0 done, 1 an input file, scene or model failed (the message names\n"
         "                   the file and JSON path), 2 wrong arguments (the message names the\n"
         "                   option and the expected form, nothing is read); other statuses\n"
         "                   are listed above";
}

Args::Args(const std::vector<std::string>& args, const std::vector<std::string>& valueOptions,
           const std::vector<std::string>& flags)
{
  const std::vector<Declared> declared = declare(valueOptions, flags);
  for (const auto& d : declared)
    m_spellings.push_back(d.names);
  throwIfHelp(args, declared);
  for (std::size_t i = 0; i < args.size(); ++i)
  {
    std::string arg = args[i];
    if (!isOption(arg))
    {
      m_positional.push_back(arg);
      continue;
    }
    std::string value;
    bool inlineValue = false;
    if (const auto eq = arg.find('='); eq != std::string::npos && arg.rfind("--", 0) == 0)
    {
      value = arg.substr(eq + 1);
      arg = arg.substr(0, eq);
      inlineValue = true;
    }
    const Declared* d = lookUp(declared, arg);
    if (d == nullptr)
      throw UsageError("unknown option " + arg);
    if (d->flag && inlineValue)
      throw UsageError("option " + arg + " takes no value");
    if (!d->flag && !inlineValue)
    {
      if (i + 1 >= args.size())
        throw UsageError("option " + arg + " needs a value");
      value = args[++i];
    }
    m_options.emplace_back(d->canonical, value);
  }
}

bool Args::has(const std::string& option) const
{
  return std::any_of(m_options.begin(), m_options.end(),
                     [&](const auto& entry) { return entry.first == option; });
}

std::string Args::value(const std::string& option, const std::string& fallback) const
{
  for (auto it = m_options.rbegin(); it != m_options.rend(); ++it)
    if (it->first == option)
      return it->second;
  return fallback;
}

double Args::number(const std::string& option, double fallback) const
{
  if (!has(option))
    return fallback;
  const std::string text = value(option);
  try
  {
    std::size_t used = 0;
    const double number = std::stod(text, &used);
    if (used != text.size() || !std::isfinite(number))
      throw std::invalid_argument(text);
    return number;
  }
  catch (const std::exception&)
  {
    throw UsageError("option " + option + " expects a number, got \"" + text + "\"");
  }
}

double Args::number(const std::string& option, double fallback, double min, double max) const
{
  const double n = number(option, fallback);
  if (has(option) && !(n >= min && n <= max))
    throw UsageError("option " + option + " expects a number from " + formatNumber(min) + " to " +
                     formatNumber(max) + ", got \"" + value(option) + "\"");
  return n;
}

long long Args::integer(const std::string& option, long long fallback, long long min,
                        long long max) const
{
  if (!has(option))
    return fallback;
  const std::string text = value(option);
  double n = 0;
  try
  {
    n = number(option, 0);
  }
  catch (const UsageError&)
  {
    n = NAN;
  }
  if (!(n >= static_cast<double>(min) && n <= static_cast<double>(max)) || n != std::floor(n))
    throw UsageError("option " + option + " expects a whole number from " + std::to_string(min) +
                     " to " + std::to_string(max) + ", got \"" + text + "\"");
  return static_cast<long long>(n);
}

std::string Args::choice(const std::string& option, const std::string& fallback,
                         std::initializer_list<const char*> choices) const
{
  if (!has(option))
    return fallback;
  std::string text = value(option);
  std::string expected;
  for (const char* c : choices)
  {
    if (text == c)
      return text;
    expected += (expected.empty() ? "" : ", ") + std::string(c);
  }
  throw UsageError("option " + option + " expects one of " + expected + ", got \"" + text + "\"");
}

void Args::require(const std::string& option, const std::string& form) const
{
  if (has(option))
    return;
  for (const auto& names : m_spellings)
    if (names.front() == option)
      throw UsageError("missing " + displayName(names) + " " + form);
  throw UsageError("missing " + option + " " + form);
}

std::vector<std::string> Args::values(const std::string& option) const
{
  std::vector<std::string> list;
  for (const auto& [name, value] : m_options)
    if (name == option)
      list.push_back(value);
  return list;
}

} // namespace myriad::cli
