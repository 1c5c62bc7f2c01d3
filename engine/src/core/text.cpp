/**
 * @file text.cpp
 * English formatting of the engine's message patterns (text.h).
 */

#include "myriad/engine/text.h"

namespace myriad::engine
{

std::string formatText(const std::string& pattern, const std::vector<std::string>& args)
{
  std::string out;
  out.reserve(pattern.size() + 16 * args.size());
  for (std::size_t i = 0; i < pattern.size(); ++i)
  {
    const char next = i + 1 < pattern.size() ? pattern[i + 1] : '\0';
    const std::size_t index = next >= '1' && next <= '9' ? std::size_t(next - '1') : args.size();
    if (pattern[i] == '%' && index < args.size())
    {
      out += args[index];
      ++i; // the digit
      continue;
    }
    out += pattern[i];
  }
  return out;
}

std::vector<std::string> Text::values() const
{
  std::vector<std::string> all = args;
  for (const Text& part : parts)
    all.push_back(part.str());
  return all;
}

std::string Text::str() const
{
  return formatText(pattern, values());
}

} // namespace myriad::engine
