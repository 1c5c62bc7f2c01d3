// NetBox round trip of the 10,240-GPU sample (docs/netbox.md): export (bulk JSON + CSV files),
// NetBox's list answers for what was exported (tests/engine/netbox_bulk_to_api.h), reading them
// back from the folder and importing, and comparing recorded cable lengths with Myriad's routes.
// Best of 3 per stage; peak resident memory of the whole run (getrusage).
#include "bench_support.h"

#include "../tests/engine/netbox_bulk_to_api.h"
#include "myriad/engine/catalog.h"
#include "myriad/engine/netbox/netbox.h"
#include "myriad/engine/scene_io.h"

#include <sys/resource.h>

#include <cstdio>
#include <filesystem>

using namespace myriad::engine;
namespace nb = myriad::engine::netbox;

int main()
{
  const Catalog& catalog = Catalog::builtin();
  const Scene scene = loadScene(MYRIAD_SOURCE_DIR "/samples/h100-superpod-10k.json", catalog);
  nb::ExportFiles files;
  const double exportMs =
    myriad::bench::bestMs(3, [&] { files = nb::exportScene(scene, catalog, "dc1"); });
  std::size_t bytes = 0;
  for (const auto& [name, text] : files.files)
    bytes += text.size();
  const auto dir = std::filesystem::temp_directory_path() / "myriad-bench-netbox";
  std::filesystem::remove_all(dir);
  myriad::test::NetboxFromBulk(nlohmann::json::parse(files.files.at("netbox-bulk.json")))
    .writeFolder(dir);
  std::size_t answerBytes = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir))
    if (entry.is_regular_file())
      answerBytes += entry.file_size();
  nb::Inventory inventory;
  const double readMs =
    myriad::bench::bestMs(3, [&] { inventory = nb::readInventoryFolder(dir.string()); });
  nb::ImportResult result;
  const double importMs =
    myriad::bench::bestMs(3, [&] { result = nb::importScene(inventory, catalog, {}); });
  std::size_t differences = 0;
  const double compareMs = myriad::bench::bestMs(
    3, [&] { differences = nb::compareCableLengths(result.scene, catalog).size(); });
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  std::printf("netbox round trip, h100-superpod-10k: %d racks, %d devices, %d interfaces, %d "
              "cables\n",
              files.racks, files.devices, files.interfaces, files.cables);
  std::printf("  export (bulk JSON + 10 CSV files, %.1f MiB)      %8.1f ms\n", bytes / 1048576.0,
              exportMs);
  std::printf("  read NetBox answers (%.1f MiB of JSON)            %8.1f ms\n",
              answerBytes / 1048576.0, readMs);
  std::printf("  import (scene, %d cables recorded)             %8.1f ms\n", result.cables,
              importMs);
  std::printf("  compare recorded lengths with routes (%zu differ) %8.1f ms\n", differences,
              compareMs);
  std::printf("  peak resident memory                              %8.1f MiB\n",
              usage.ru_maxrss / 1024.0);
  std::filesystem::remove_all(dir);
  return result.partial ? 1 : 0;
}
