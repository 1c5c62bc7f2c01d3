#include "allocator_tuning.h"

#include <cstdlib>
#include <mutex>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace myriad::app
{

void tuneAllocatorForLiveSolves()
{
#if defined(__GLIBC__)
  static std::once_flag once;
  std::call_once(once,
                 []
                 {
                   constexpr int kMmapThreshold = 32 * 1024 * 1024; // glibc's maximum on 64-bit
                   constexpr int kTrimThreshold = 512 * 1024 * 1024;
                   if (!std::getenv("MALLOC_MMAP_THRESHOLD_"))
                   {
                     mallopt(M_MMAP_THRESHOLD, kMmapThreshold);
                   }
                   if (!std::getenv("MALLOC_TRIM_THRESHOLD_"))
                   {
                     mallopt(M_TRIM_THRESHOLD, kTrimThreshold);
                   }
                 });
#endif
}

} // namespace myriad::app
