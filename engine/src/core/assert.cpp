/**
 * @file assert.cpp
 * The failure path of MYRIAD_ASSERT (myriad/engine/assert.h). Defined in every build so that a
 * target built with assertions links against an engine built without.
 */

#include "myriad/engine/assert.h"

#include <cstdio>
#include <cstdlib>

namespace myriad::engine::detail
{

void assertionFailed(const char* file, int line, const char* condition,
                     const char* message) noexcept
{
  std::fprintf(stderr, "%s:%d: assertion failed: %s (%s)\n", file, line, condition, message);
  std::fflush(stderr);
  std::abort();
}

} // namespace myriad::engine::detail
