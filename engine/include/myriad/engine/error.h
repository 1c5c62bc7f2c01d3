#pragma once
/**
 * @file error.h
 * The engine's exception hierarchy. Every engine failure is a myriad::engine::Error; messages
 * name the file, the JSON path or object and the expected form, so the app and the CLI can show
 * them to the user as they are.
 */

#include <stdexcept>
#include <string>

namespace myriad::engine
{

/** Root of all engine errors. */
class Error : public std::runtime_error
{
public:
  using std::runtime_error::runtime_error;
};

/**
 * A document could not be read: I/O failure, bad JSON, wrong schema version, wrong type or
 * value at a JSON path, unknown catalog part. what() reads
 * "FILE: PATH: MESSAGE (expected EXPECTED)".
 */
class LoadError : public Error
{
public:
  LoadError(std::string file, std::string jsonPath, std::string message, std::string expected = {});

  const std::string& file() const { return m_file; }
  const std::string& jsonPath() const { return m_jsonPath; }
  const std::string& detail() const { return m_message; }
  const std::string& expected() const { return m_expected; }

private:
  std::string m_file;
  std::string m_jsonPath;
  std::string m_message;
  std::string m_expected;
};

/** A document could not be written (the previous file on disk is left untouched). */
class SaveError : public Error
{
public:
  using Error::Error;
};

/** A generator spec or an edit asks for something impossible; names the parameter and limit. */
class SpecError : public Error
{
public:
  using Error::Error;
};

} // namespace myriad::engine
