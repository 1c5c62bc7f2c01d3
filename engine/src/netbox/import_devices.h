#pragma once
// Devices, parts and cables of a NetBox import (internal; import_devices.cpp).
#include "myriad/engine/netbox/netbox.h"

#include <map>
#include <set>
#include <string>

namespace myriad::engine
{
class Catalog;
struct Part;
} // namespace myriad::engine

namespace myriad::engine::netbox::detail
{

/**
 * Turns the NetBox devices of each rack into nodes and switches: device type → catalog part by
 * the parts map, else a placeholder part of the same height (netbox-placeholder-server-<h>u /
 * -switch-<h>u) whose power is the type's Σ maximum_draw, given as the rack's nameplate power.
 * Ids are the NetBox device names (made unique with "-<id>" when two collide).
 */
class DeviceImporter
{
public:
  DeviceImporter(const Inventory& inventory, const Catalog& catalog, const PartsMap& parts,
                 ImportResult& result);
  /** Add the devices NetBox racks in `nbRack` to `rack` (nodes, switches, rack power); the
   *  rack goes into hall `hall` of the scene. */
  void fill(const NbRack& nbRack, Rack& rack, std::size_t hall);
  /** The hall's racks by NetBox rack id (pointers into `hall`). */
  std::map<long, Rack*> racksById(Hall& hall) const;
  /** Recorded cables between imported devices, each in the hall of its A end. */
  void importCables(Scene& scene);
  /** Warn about devices of `site` that stand in no imported rack. */
  void warnUnplaced(const NbSite& site);

private:
  struct Mapped
  {
    const Part* part = nullptr;
    bool placeholder = false;
    bool isSwitch = false;
  };
  Mapped mapDevice(const NbDevice& device, const NbDeviceType& type);
  std::string uniqueId(const std::string& name, long netboxId);
  void skip(const std::string& what);

  const Inventory& m_inv;
  const Catalog& m_catalog;
  const PartsMap& m_parts;
  ImportResult& m_result;
  std::map<long, const NbDeviceType*> m_types;
  std::map<long, std::string> m_deviceIds; ///< NetBox device id → imported id
  std::map<long, std::size_t> m_hallOfDevice;
  std::map<std::string, long> m_rackIds; ///< imported rack id → NetBox rack id
  std::set<std::string> m_ids;
  std::set<std::string> m_placeholderTypes;
};

} // namespace myriad::engine::netbox::detail
