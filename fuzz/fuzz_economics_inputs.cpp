/**
 * @file fuzz_economics_inputs.cpp
 * libFuzzer target: the economics-input readers (economics/inputs.h) on arbitrary bytes:
 * economicsInputsFromJson (an inputs file) and inputsWithOverrides (the same file as a merge
 * patch over the defaults, as `economics --inputs` reads it); each returns inputs or throws
 * LoadError. Inputs it returns must save and read back to the same saved text, and
 * validateInputs must accept them or throw SpecError.
 */
#include "fuzz_common.h"

#include "myriad/engine/catalog.h"
#include "myriad/engine/economics/inputs.h"

namespace econ = myriad::engine::economics;
namespace engine = myriad::engine;
namespace fuzz = myriad::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  const std::string text = fuzz::text(data, size);
  econ::EconomicsInputs inputs;
  if (fuzz::accepts<engine::LoadError>(
        "economicsInputsFromJson",
        [&] { inputs = econ::economicsInputsFromJson(text, "fuzz.json"); }))
  {
    const std::string saved = fuzz::mustSucceed("economicsInputsToJson", [&]
                                                { return econ::economicsInputsToJson(inputs); });
    const econ::EconomicsInputs again =
      fuzz::mustSucceed("reading the saved inputs",
                        [&] { return econ::economicsInputsFromJson(saved, "saved.json"); });
    if (econ::economicsInputsToJson(again) != saved)
      fuzz::fail("saved inputs read back different:\n" + saved);
    (void)fuzz::accepts<engine::SpecError>(
      "validateInputs", [&] { econ::validateInputs(inputs, engine::Catalog::builtin()); });
  }
  (void)fuzz::accepts<engine::LoadError>(
    "inputsWithOverrides",
    [&] { (void)econ::inputsWithOverrides(econ::EconomicsInputs{}, text, "fuzz.json"); });
  return 0;
}
