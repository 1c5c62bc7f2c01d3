#pragma once
/**
 * @file devicetype.h
 * Import of device types from the NetBox community devicetype-library
 * (github.com/netbox-community/devicetype-library, `device-types/<Manufacturer>/<Model>.yaml`)
 * into Myriad catalog parts.
 *
 * deviceTypeFromYaml() reads one library YAML document with yaml-cpp: the keys Myriad uses
 * (manufacturer, model, slug, part_number, u_height, is_full_depth, airflow, weight,
 * weight_unit, interfaces, power-ports) are checked for type and range; the other library
 * keys (console-ports, module-bays, comments, front-ports, …) are ignored. Every failure is a
 * LoadError naming the file, the key path ("/interfaces/3/type") or, for a syntax error,
 * "line L, column C", and the expected form.
 *
 * partFromDeviceType() turns a device type into a catalog Part whose every figure cites the
 * library file it came from; catalogToJson() writes parts in the schema of
 * samples/catalog/catalog.json so Catalog::fromJson() reads them back.
 */

#include "myriad/engine/catalog.h"

#include <optional>
#include <string>
#include <vector>

namespace myriad::engine::netbox
{

/** One interface template of a device type (NetBox `interfaces:` entry). */
struct DeviceTypeInterface
{
  std::string name;
  std::string type; ///< NetBox interface type slug, e.g. "400gbase-x-osfp"
  bool mgmtOnly = false;
};

/** The facts of one devicetype-library file that Myriad uses. */
struct DeviceType
{
  std::string manufacturer, model, slug, partNumber;
  double uHeight = 1; ///< rack units (NetBox allows 0.5 steps; 0 for zero-U devices)
  bool fullDepth = true;
  std::optional<double> weightKg; ///< from weight + weight_unit (kg, g, lb, oz)
  std::string airflow;            ///< front-to-rear, rear-to-front, … as given
  std::vector<DeviceTypeInterface> interfaces;
  int powerPorts = 0;
  double maximumDrawW = 0;   ///< sum of power-ports maximum_draw
  double allocatedDrawW = 0; ///< sum of power-ports allocated_draw
};

/**
 * Parse one devicetype-library YAML document. Throws LoadError naming `fileName`, the key path
 * (e.g. "/interfaces/3/type") or "line L, column C" for malformed YAML, and the expected form.
 * Never crashes on bad input: a map where a sequence belongs, a scalar where a map belongs and
 * the like are LoadErrors too.
 */
DeviceType deviceTypeFromYaml(const std::string& text, const std::string& fileName);

/**
 * Data-port speed of a NetBox interface type in Gb/s: "400gbase-x-osfp" → 400,
 * "infiniband-ndr" → 400, "1000base-t" → 1, "32gfc-sfp28" → 32; 0 when unknown or not a
 * data port ("virtual", "lag", wireless, cellular, …).
 */
double interfaceTypeGbps(const std::string& type);

/**
 * The catalog part for a device type: id = slug, category "server" or "switch" (`category` when
 * given, else "switch" when the type has at least 16 non-management data ports, else
 * "server"). Figures: heightU, weightKg (when the file gives a weight), powerMaxW (the summed
 * allocated_draw when given, else the summed maximum_draw; the source says which), and for a
 * switch ports and portRateGbps, for a server computeNics (data ports of 100 Gb/s or more).
 * Each figure's source names "netbox-community/devicetype-library
 * device-types/<Manufacturer>/<file>", where <file> is the last path component of
 * `sourceName`. Attributes: manufacturer, model, partNumber and airflow when given.
 * Throws Error when `category` is neither empty, "server" nor "switch".
 */
engine::Part partFromDeviceType(const DeviceType& type, const std::string& sourceName,
                                const std::string& category = {});

/** Parts as a catalog JSON document (samples/catalog/catalog.json schema 1), readable by
 *  Catalog::fromJson(). Throws Error when a figure is not a finite number. */
std::string catalogToJson(const std::vector<engine::Part>& parts);

} // namespace myriad::engine::netbox
