/**
 * @file fuzz_job.cpp
 * libFuzzer target: traffic::parseJob (workload.h) on arbitrary bytes: a JobSpec or LoadError.
 * The reader is strict about impossible values, so a job it returns has a positive parallelism
 * whose rank count tp·pp·dp is an int (UBSan reports the overflow otherwise) and, with explicit
 * placement, one GPU id per rank.
 */
#include "fuzz_common.h"

#include "myriad/engine/traffic/workload.h"

namespace engine = myriad::engine;
namespace fuzz = myriad::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  const std::string text = fuzz::text(data, size);
  engine::traffic::JobSpec job;
  if (!fuzz::accepts<engine::LoadError>("parseJob", [&]
                                        { job = engine::traffic::parseJob(text, "fuzz.json"); }))
    return 0;
  if (job.tp < 1 || job.pp < 1 || job.dp < 1)
    fuzz::fail("parseJob accepted a parallelism below 1");
  const int ranks = job.gpus();
  if (job.placement == engine::traffic::PlacementKind::Explicit && int(job.gpuIds.size()) != ranks)
    fuzz::fail("parseJob accepted explicit placement with a GPU id count other than tp*pp*dp");
  return 0;
}
