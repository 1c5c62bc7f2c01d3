/**
 * @file fuzz_tour.cpp
 * libFuzzer target: tour::parseTour (tour.h) on arbitrary bytes, then, for a tour it accepts,
 * checkTour and renderText on the 256-GPU lab: a Tour or LoadError, and the checks never throw
 * (a failing edit of an action is a finding, not an exception).
 */
#include "fuzz_common.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/generator.h"
#include "myriad/engine/tour/tour.h"

namespace engine = myriad::engine;
namespace fuzz = myriad::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  static const engine::Scene lab =
    engine::generateScene(engine::builtinSpec("lab-256"), engine::Catalog::builtin());
  const std::string text = fuzz::text(data, size);
  engine::tour::Tour tour;
  if (!fuzz::accepts<engine::LoadError>("parseTour",
                                        [&] { tour = engine::tour::parseTour(text, "fuzz.json"); }))
    return 0;
  if (tour.steps.empty())
    fuzz::fail("parseTour accepted a tour without steps");
  engine::tour::checkTour(tour, lab, engine::Catalog::builtin());
  for (const engine::tour::Step& step : tour.steps)
    engine::tour::renderText(step.text.en, lab, tour);
  return 0;
}
