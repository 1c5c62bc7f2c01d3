#pragma once
/**
 * @file log.h
 * A minimal engine logger with levels. The app installs a sink that forwards to Qt's logging;
 * by default messages go to stderr.
 */

#include <functional>
#include <string>

namespace myriad::engine
{

enum class LogLevel
{
  Debug,
  Info,
  Warning,
  Error
};

using LogSink = std::function<void(LogLevel, const std::string&)>;

/** Replace the sink (empty function restores stderr). Not thread-safe against concurrent log(). */
void setLogSink(LogSink sink);
/** Messages below this level are dropped (default Info). */
void setLogLevel(LogLevel level);
void log(LogLevel level, const std::string& message);

} // namespace myriad::engine
