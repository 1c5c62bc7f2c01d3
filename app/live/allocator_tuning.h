#pragma once
/**
 * @file allocator_tuning.h
 * Keep the memory of one live solve for the next. Each live thermal solve on the 10k sample
 * allocates and frees tens of MB of fields and multigrid levels on its worker thread. With
 * glibc's defaults, freed blocks above the dynamic mmap threshold go back to the kernel
 * (munmap), and a thread arena's free top is trimmed (madvise), so the next solve — a few
 * hundred ms later, after the next edit — faults every page in again and zero-fills it. On the
 * 2-core machine that was most of the stage's time: bench_app_edits, worker thermal median
 * 136 ms with the defaults, 52 ms with the thresholds below (docs/benchmarks.md).
 *
 * tuneAllocatorForLiveSolves() raises the mmap threshold to its maximum (32 MiB on 64-bit: such
 * blocks come from the arenas and are reused) and the trim threshold to 512 MiB (free memory at
 * an arena's top is kept up to that). The process then keeps what its largest solve used, as a
 * cache. A no-op outside glibc; once per process; environment settings (MALLOC_MMAP_THRESHOLD_,
 * MALLOC_TRIM_THRESHOLD_) are left alone when present.
 */

namespace myriad::app
{

void tuneAllocatorForLiveSolves();

} // namespace myriad::app
