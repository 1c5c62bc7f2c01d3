/**
 * @file fuzz_catalog.cpp
 * libFuzzer target: Catalog::fromJson (catalog.h) on arbitrary bytes: a catalog or LoadError.
 * Every id a catalog it returns lists under a category must be found again by part().
 */
#include "fuzz_common.h"

#include "myriad/engine/catalog.h"

namespace engine = myriad::engine;
namespace fuzz = myriad::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  const std::string text = fuzz::text(data, size);
  engine::Catalog catalog;
  if (!fuzz::accepts<engine::LoadError>(
        "Catalog::fromJson", [&] { catalog = engine::Catalog::fromJson(text, "fuzz.json"); }))
    return 0;
  std::size_t listed = 0;
  for (const char* category :
       { "gpu", "server", "switch", "nic", "optic", "cable", "cooler", "rack" })
    for (const std::string& id : catalog.idsOf(category))
    {
      if (fuzz::mustSucceed("Catalog::part", [&] { return catalog.part(id).category; }) != category)
        fuzz::fail("part " + id + " is listed under the wrong category");
      ++listed;
    }
  if (listed > catalog.size())
    fuzz::fail("more parts listed by category than the catalog holds");
  return 0;
}
