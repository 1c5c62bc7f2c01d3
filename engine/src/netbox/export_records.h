#pragma once
// The NetBox objects of an export, one record per object (internal; export_records.cpp). Related
// objects are named by natural key: site and location slugs, rack and device names.
#include "myriad/engine/netbox/netbox.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace myriad::engine::netbox::detail
{

using CustomValues = std::vector<std::pair<std::string, std::string>>; ///< key → value text

struct CustomFieldDef
{
  std::string name, label, type, objectType, description;
};

struct LocationRecord
{
  std::string name, slug;
  CustomValues custom;
};

struct RackRecord
{
  std::string name, location;
  int uHeight = 48;
  double outerWidthMm = 600, outerDepthMm = 1200;
  CustomValues custom;
};

struct TypeRecord
{
  std::string manufacturerSlug, model, slug;
  double uHeight = 1;
};

struct DeviceRecord
{
  std::string name, typeSlug, manufacturerSlug, roleSlug, location, rack;
  int position = 1;
  CustomValues custom;
};

struct InterfaceRecord
{
  std::string device, name, type;
};

struct CableRecord
{
  std::string aDevice, aPort, bDevice, bPort, type, label;
  double lengthM = 0;
};

struct ExportRecords
{
  std::string siteName, siteSlug;
  std::vector<CustomFieldDef> customFieldDefs;
  std::map<std::string, std::string> manufacturers;                 ///< slug → name
  std::map<std::string, std::pair<std::string, std::string>> roles; ///< slug → name, colour
  std::vector<TypeRecord> types;
  std::vector<LocationRecord> locations;
  std::vector<RackRecord> racks;
  std::vector<DeviceRecord> devices;
  std::vector<InterfaceRecord> interfaces;
  std::vector<CableRecord> cables;
};

/** The custom field keys of racks, devices and locations, in column order. */
const std::vector<std::string>& rackCustomKeys();
const std::vector<std::string>& deviceCustomKeys();
const std::vector<std::string>& locationCustomKeys();
/** "decimal", "integer" or "text" for a myriad_* custom field. */
std::string customFieldType(const std::string& key);

/** Every record of `scene`: racks, devices, and the fabric's routed cables plus recorded ones. */
ExportRecords collectRecords(const Scene& scene, const Catalog& catalog,
                             const std::string& siteSlug);

/** A decimal for NetBox: at most 3 decimals, trailing zeros dropped ("2.4", "0.6", "48"). */
std::string decimalText(double value);

/** A NetBox slug of `text`: lower case, [a-z0-9_-], runs of other characters as one "-". */
std::string slugify(const std::string& text);

} // namespace myriad::engine::netbox::detail
