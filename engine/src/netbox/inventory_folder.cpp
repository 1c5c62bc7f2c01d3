// An inventory from a folder of saved NetBox API responses (netbox.h).
#include "myriad/engine/error.h"
#include "myriad/engine/netbox/netbox.h"
#include "myriad/engine/scene_io.h"

#include <filesystem>

namespace myriad::engine::netbox
{

Inventory readInventoryFolder(const std::string& dir)
{
  namespace fs = std::filesystem;
  if (!fs::is_directory(dir))
    throw LoadError(dir, "", "not a folder", "a folder of saved NetBox API responses");
  InventoryReader reader;
  const fs::path root(dir);
  if (const fs::path status = root / "status.json"; fs::exists(status))
    reader.addStatus(readFile(status.string()), status.string());
  for (const std::string& endpoint : importEndpoints())
  {
    const fs::path first = root / (endpoint + ".json");
    if (!fs::exists(first))
    {
      if (endpointOptional(endpoint))
        continue;
      throw LoadError(first.string(), "", "missing",
                      "the saved answer of GET /api/" + endpoint + "/ (a NetBox list response)");
    }
    reader.addPage(endpoint, readFile(first.string()), first.string());
    for (int page = 2;; ++page)
    {
      const fs::path next = root / (endpoint + "." + std::to_string(page) + ".json");
      if (!fs::exists(next))
        break;
      reader.addPage(endpoint, readFile(next.string()), next.string());
    }
  }
  return reader.take();
}

} // namespace myriad::engine::netbox
