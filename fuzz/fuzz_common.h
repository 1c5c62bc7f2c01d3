#pragma once
/**
 * @file fuzz_common.h
 * Shared by the libFuzzer targets (fuzz/CMakeLists.txt, docs/dev/FUZZING.md): the exception
 * policy and the invariant checks. Given arbitrary bytes, a reader must return a value or throw
 * its documented error (engine::LoadError for the document readers, nothing for the telemetry
 * parsers); any other exception, a broken invariant, a crash, a sanitizer report, a leak or a hang
 * is a finding. A finding aborts, so libFuzzer saves the input as a crash artifact.
 */

#include "myriad/engine/error.h"
#include "myriad/engine/telemetry/parsers.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cxxabi.h>
#include <exception>
#include <memory>
#include <string>
#include <typeinfo>

namespace myriad::fuzz
{

/** The fuzzer's bytes as the text a reader takes. */
inline std::string text(const std::uint8_t* data, std::size_t size)
{
  return std::string(reinterpret_cast<const char*>(data), size);
}

/** Report a finding and abort (libFuzzer writes the input to crash-<sha1>). */
[[noreturn]] inline void fail(const std::string& what)
{
  std::fprintf(stderr, "\n==== FUZZ FINDING: %s\n", what.c_str());
  std::fflush(stderr);
  std::abort();
}

/** "myriad::engine::SpecError" rather than a mangled name, for the finding's message. */
inline std::string typeName(const std::exception& e)
{
  int status = 0;
  const std::unique_ptr<char, void (*)(void*)> name(
    abi::__cxa_demangle(typeid(e).name(), nullptr, nullptr, &status), std::free);
  return status == 0 && name ? name.get() : typeid(e).name();
}

/**
 * Call `read`: true when it returned, false when it threw `Allowed` (its documented refusal of
 * bad input). Any other exception is a finding naming `what`, the type and the message.
 */
template <class Allowed, class Read>
bool accepts(const char* what, Read&& read)
{
  try
  {
    read();
    return true;
  }
  catch (const Allowed&)
  {
    return false;
  }
  catch (const std::exception& e)
  {
    fail(std::string(what) + " threw " + typeName(e) + ": " + e.what());
  }
  catch (...)
  {
    fail(std::string(what) + " threw a non-std::exception");
  }
}

/** `call()`'s result; any exception is a finding (for steps that must not fail on good data). */
template <class Call>
auto mustSucceed(const char* what, Call&& call) -> decltype(call())
{
  try
  {
    return call();
  }
  catch (const std::exception& e)
  {
    fail(std::string(what) + " threw " + typeName(e) + ": " + e.what());
  }
  catch (...)
  {
    fail(std::string(what) + " threw a non-std::exception");
  }
}

/** The telemetry targets' parse options: a small diagnostics cap, so checkSnapshot can check it. */
inline engine::telemetry::ParseOptions fuzzOptions()
{
  engine::telemetry::ParseOptions o;
  o.fileName = "fuzz";
  o.hostname = "fuzz-host";
  o.maxDiagnostics = 64;
  return o;
}

/** Whatever the input, a snapshot's samples reference existing entities and metrics, and its
 *  diagnostics stay within the cap. */
inline void checkSnapshot(const engine::telemetry::Snapshot& s)
{
  for (const auto& x : s.samples)
    if (x.entity < 0 || std::size_t(x.entity) >= s.entities.size() || x.metric < 0 ||
        std::size_t(x.metric) >= s.metrics.size())
      fail("a sample references a missing entity or metric");
  if (s.diagnostics.size() > 64)
    fail("more diagnostics than ParseOptions::maxDiagnostics");
  for (const auto& d : s.diagnostics)
    (void)d.toString();
}

/** A telemetry parser never throws on bad input (parsers.h): run it and check the snapshot. */
template <class Parse>
void checkTelemetryParser(const char* what, const std::uint8_t* data, std::size_t size,
                          Parse&& parse)
{
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  checkSnapshot(mustSucceed(what, [&] { return parse(text, fuzzOptions()); }));
}

} // namespace myriad::fuzz
