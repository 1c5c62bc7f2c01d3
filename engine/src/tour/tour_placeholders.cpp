// Placeholders of tour texts (tour_placeholders.h).
#include "tour_placeholders.h"

#include "myriad/engine/tour/tour_figures.h"

#include <cctype>

namespace myriad::engine::tour
{

namespace
{

bool isNameChar(char c)
{
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-';
}

} // namespace

std::vector<Placeholder> placeholders(const std::string& text)
{
  std::vector<Placeholder> out;
  const auto skipSpaces = [&](std::size_t i)
  {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t'))
      ++i;
    return i;
  };
  for (std::size_t open = text.find("{{"); open != std::string::npos;
       open = text.find("{{", open + 2))
  {
    std::size_t i = skipSpaces(open + 2);
    Placeholder p;
    std::size_t afterWord = 0;
    if (text.compare(i, 5, "count") == 0)
      afterWord = i + 5;
    else if (text.compare(i, 3, "kpi") == 0)
    {
      afterWord = i + 3;
      p.kind = Placeholder::Figure;
    }
    else
      continue;
    i = skipSpaces(afterWord);
    const std::size_t nameBegin = i;
    while (i < text.size() && isNameChar(text[i]))
      ++i;
    if (i == nameBegin || nameBegin == afterWord)
      continue; // no name, or no space between the word and the name
    const std::size_t nameEnd = i;
    i = skipSpaces(i);
    if (text.compare(i, 2, "}}") != 0)
      continue;
    p.begin = open;
    p.end = i + 2;
    p.name = text.substr(nameBegin, nameEnd - nameBegin);
    out.push_back(std::move(p));
  }
  return out;
}

std::string figureNames()
{
  std::string out;
  for (const FigureSpec& f : figureSpecs())
    out += (out.empty() ? "" : ", ") + std::string(f.name);
  return out;
}

} // namespace myriad::engine::tour
