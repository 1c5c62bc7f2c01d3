// CSV fields (csv.h).
#include "myriad/engine/csv.h"

namespace myriad::engine
{

std::string csvField(const std::string& text)
{
  if (text.find_first_of(",\"\r\n") == std::string::npos)
  {
    return text;
  }
  std::string quoted = "\"";
  for (const char c : text)
  {
    quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  }
  return quoted + "\"";
}

} // namespace myriad::engine
