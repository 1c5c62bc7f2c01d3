#include "myriad/engine/log.h"

#include <iostream>
#include <mutex>

namespace myriad::engine
{

namespace
{
std::mutex g_mutex;
LogSink g_sink;
LogLevel g_level = LogLevel::Info;

const char* levelName(LogLevel level)
{
  switch (level)
  {
    case LogLevel::Debug:
      return "debug";
    case LogLevel::Info:
      return "info";
    case LogLevel::Warning:
      return "warning";
    case LogLevel::Error:
      return "error";
  }
  return "?";
}
} // namespace

void setLogSink(LogSink sink)
{
  const std::lock_guard lock(g_mutex);
  g_sink = std::move(sink);
}

void setLogLevel(LogLevel level)
{
  const std::lock_guard lock(g_mutex);
  g_level = level;
}

void log(LogLevel level, const std::string& message)
{
  const std::lock_guard lock(g_mutex);
  if (level < g_level)
  {
    return;
  }
  if (g_sink)
  {
    g_sink(level, message);
    return;
  }
  std::cerr << "myriad [" << levelName(level) << "] " << message << '\n';
}

} // namespace myriad::engine
