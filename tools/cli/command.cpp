#include "command.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>

namespace myriad::cli
{

namespace
{
std::map<std::string, Command>& registry()
{
  static std::map<std::string, Command> commands;
  return commands;
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
  {
    list.push_back(&command);
  }
  return list;
}

const Command* findCommand(const std::string& name)
{
  const auto it = registry().find(name);
  return it == registry().end() ? nullptr : &it->second;
}

Args::Args(const std::vector<std::string>& args, const std::vector<std::string>& valueOptions,
           const std::vector<std::string>& flags)
{
  auto contains = [](const std::vector<std::string>& list, const std::string& item)
  { return std::find(list.begin(), list.end(), item) != list.end(); };
  for (std::size_t i = 0; i < args.size(); ++i)
  {
    std::string arg = args[i];
    if (arg.size() < 2 || arg[0] != '-' || arg == "--")
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
    if (contains(flags, arg))
    {
      if (inlineValue)
      {
        throw UsageError("option " + arg + " takes no value");
      }
      m_options.emplace_back(arg, "");
    }
    else if (contains(valueOptions, arg))
    {
      if (!inlineValue)
      {
        if (i + 1 >= args.size())
        {
          throw UsageError("option " + arg + " needs a value");
        }
        value = args[++i];
      }
      m_options.emplace_back(arg, value);
    }
    else
    {
      std::string known;
      for (const auto& list : { valueOptions, flags })
      {
        for (const auto& option : list)
        {
          known += (known.empty() ? "" : " ") + option;
        }
      }
      throw UsageError("unknown option " + arg + (known.empty() ? "" : " (known: " + known + ")"));
    }
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
  {
    if (it->first == option)
    {
      return it->second;
    }
  }
  return fallback;
}

double Args::number(const std::string& option, double fallback) const
{
  if (!has(option))
  {
    return fallback;
  }
  const std::string text = value(option);
  try
  {
    std::size_t used = 0;
    const double number = std::stod(text, &used);
    if (used != text.size() || !std::isfinite(number))
    {
      throw std::invalid_argument(text);
    }
    return number;
  }
  catch (const std::exception&)
  {
    throw UsageError("option " + option + " expects a number, got \"" + text + "\"");
  }
}

std::vector<std::string> Args::values(const std::string& option) const
{
  std::vector<std::string> list;
  for (const auto& [name, value] : m_options)
  {
    if (name == option)
    {
      list.push_back(value);
    }
  }
  return list;
}

} // namespace myriad::cli
