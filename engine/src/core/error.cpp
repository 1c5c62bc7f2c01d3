#include "myriad/engine/error.h"

namespace myriad::engine
{

namespace
{
std::string composeLoadMessage(const std::string& file, const std::string& jsonPath,
                               const std::string& message, const std::string& expected)
{
  std::string text = file.empty() ? std::string("<input>") : file;
  if (!jsonPath.empty())
  {
    text += ": " + jsonPath;
  }
  text += ": " + message;
  if (!expected.empty())
  {
    text += " (expected " + expected + ")";
  }
  return text;
}
} // namespace

LoadError::LoadError(std::string file, std::string jsonPath, std::string message,
                     std::string expected)
  : Error(composeLoadMessage(file, jsonPath, message, expected))
  , m_file(std::move(file))
  , m_jsonPath(std::move(jsonPath))
  , m_message(std::move(message))
  , m_expected(std::move(expected))
{
}

} // namespace myriad::engine
