#pragma once
/**
 * @file assert.h
 * MYRIAD_ASSERT(condition, message): an invariant the code relies on (an index inside its
 * array, a count that cannot go negative, a solver state that cannot occur). It is checked in
 * debug and sanitizer builds (MYRIAD_ENABLE_ASSERTS, set by cmake/MyriadWarnings.cmake) and
 * compiled out of release builds, where it costs nothing.
 *
 * An invariant is not input checking: bad input (files, edits, CLI arguments) gets an
 * engine::Error naming the field, in every build. A failed assertion is a bug in Myriad: it
 * prints the file, line, condition and message to stderr and aborts, so that tests, sanitizer
 * runs and fuzzers stop at the first broken invariant instead of computing on.
 */

namespace myriad::engine::detail
{
/** Prints "file:line: assertion failed: condition (message)" to stderr and aborts. */
[[noreturn]] void assertionFailed(const char* file, int line, const char* condition,
                                  const char* message) noexcept;
} // namespace myriad::engine::detail

#if defined(MYRIAD_ENABLE_ASSERTS)

#define MYRIAD_ASSERT(condition, message)                                                          \
  ((condition)                                                                                     \
     ? static_cast<void>(0)                                                                        \
     : ::myriad::engine::detail::assertionFailed(__FILE__, __LINE__, #condition, message))
#else
// Not evaluated (no side effects run), but still compiled: the expression stays valid code.
#define MYRIAD_ASSERT(condition, message) static_cast<void>(sizeof((condition) ? 1 : 0))
#endif
