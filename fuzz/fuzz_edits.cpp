/**
 * @file fuzz_edits.cpp
 * libFuzzer target: the edit readers (edit/edit.h) on arbitrary bytes: editsFromJson (an edits
 * file, as `apply` reads it) and editFromJson (one edit, as a scenario holds it); each returns
 * or throws LoadError. Every edit they return must save (editToJson), read back and save to the
 * same text, and describe itself.
 */
#include "fuzz_common.h"

#include "myriad/engine/edit/edit.h"

namespace edit = myriad::engine::edit;
namespace engine = myriad::engine;
namespace fuzz = myriad::fuzz;

namespace
{

void checkRoundTrip(const edit::Edit& e)
{
  const std::string saved = fuzz::mustSucceed("editToJson", [&] { return edit::editToJson(e); });
  const edit::Edit again =
    fuzz::mustSucceed("reading the saved edit", [&] { return edit::editFromJson(saved, "saved"); });
  if (edit::editToJson(again) != saved)
    fuzz::fail("the saved edit reads back different:\n" + saved);
  (void)fuzz::mustSucceed("describeEdit", [&] { return edit::describeEdit(e); });
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  const std::string text = fuzz::text(data, size);
  std::vector<edit::Edit> edits;
  if (fuzz::accepts<engine::LoadError>("editsFromJson",
                                       [&] { edits = edit::editsFromJson(text, "fuzz.json"); }))
    for (const auto& e : edits)
      checkRoundTrip(e);
  edit::Edit one;
  if (fuzz::accepts<engine::LoadError>("editFromJson",
                                       [&] { one = edit::editFromJson(text, "fuzz.json"); }))
    checkRoundTrip(one);
  return 0;
}
