#pragma once
/**
 * @file fabric_graph.h
 * The fabric as plain engine types: devices (NICs, switches, GPUs on an NVLink domain) with
 * numbered ports, and links between two ports with a rate and a tier. Generators in
 * topology.h build it; cabling.h turns its links into physical cables. Boost.Graph is used
 * only inside engine/src (paths.h exposes the results).
 *
 * Port conservation is enforced when a link is added: a port index is in [0, ports) and is
 * used by at most one link, otherwise SpecError names the device, the port and the radix.
 * Rates are in bit/s per direction.
 */

#include <cstdint>
#include <string>
#include <vector>

namespace myriad::engine::fabric
{

/** What a fabric device is. */
enum class DeviceKind
{
  Nic,     ///< a host adapter port group (one NIC of a node)
  Switch,  ///< a packet switch (leaf, spine, core, ToR, torus router, dragonfly router)
  Gpu,     ///< a GPU as an NVLink endpoint
  NvSwitch ///< an NVLink switch chip
};
const char* toString(DeviceKind kind);

/** Which layer a link belongs to. Access = NIC to first switch. */
enum class Tier
{
  NodeLeaf,  ///< NIC ↔ leaf / ToR
  LeafSpine, ///< leaf ↔ spine (aggregation)
  SpineCore, ///< spine ↔ core
  Torus,     ///< torus neighbour link
  Local,     ///< dragonfly intra-group link
  Global,    ///< dragonfly inter-group link
  NvLink     ///< GPU ↔ NVSwitch inside a node or rack
};
const char* toString(Tier tier);
/** All tiers in declaration order (for reports). */
const std::vector<Tier>& allTiers();

/** Where a device sits in the scene: indices into Site::halls/rows/racks; −1 when unplaced. */
struct Location
{
  int hall = -1;
  int row = -1;
  int rack = -1;
  int slotU = 1;   ///< lowest rack unit of the host (node or switch)
  int heightU = 1; ///< height of the host in rack units
  bool placed() const { return rack >= 0; }
};

/** One device with `ports` ports of `portRateBps` each. */
struct Device
{
  DeviceKind kind = DeviceKind::Switch;
  std::string id;    ///< scene id (switch) or "<node id>-NIC<i>" (NIC)
  std::string model; ///< catalog part id, may be empty for abstract devices
  int level = 0;     ///< 0 NIC/GPU, 1 leaf/ToR, 2 spine, 3 core (topology-specific)
  int ports = 1;     ///< radix
  double portRateBps = 0;
  int scalableUnit = -1;
  int rail = -1;
  int group = -1; ///< spine/core group, dragonfly group, torus z-plane, NVLink domain
  int plane = -1; ///< dual-plane fabrics: plane index
  int host = -1;  ///< NICs of a scene: index of their node in scene order
  Location location;
};

/** One port of one device. */
struct PortRef
{
  int device = -1;
  int port = -1;
  bool operator==(const PortRef&) const = default;
};

/** A link between two ports. */
struct Link
{
  PortRef a;
  PortRef b;
  double rateBps = 0;
  Tier tier = Tier::NodeLeaf;
};

/** A fabric: devices, links, and an index by id. */
class FabricGraph
{
public:
  /** Free-form name of the generator that built it ("superpod", "clos", ...). */
  std::string topology;
  /** Bisection bandwidth from the generator's analytic cut (bit/s), 0 when not known. */
  double analyticBisectionBps = 0;

  /** Add a device; returns its index. Throws SpecError for a duplicate id or ports < 1. */
  int addDevice(Device device);
  /**
   * Link the lowest free port of `a` to the lowest free port of `b`. Throws SpecError naming
   * the device and its radix when either has no free port. Returns the link index.
   */
  int connect(int a, int b, double rateBps, Tier tier);
  /** Link two given ports. Throws SpecError when a port is out of range or already used. */
  int connectPorts(PortRef a, PortRef b, double rateBps, Tier tier);

  const std::vector<Device>& devices() const { return m_devices; }
  const std::vector<Link>& links() const { return m_links; }
  const Device& device(int index) const { return m_devices.at(index); }
  /** Mutable access for placement (location only should be changed). */
  Device& device(int index) { return m_devices.at(index); }
  /** Index of the device called `id`, −1 when absent. */
  int find(const std::string& id) const;
  /** Links touching `device` (indices into links()). */
  const std::vector<int>& linksOf(int device) const { return m_adjacency.at(device); }
  /** Number of ports of `device` in use. */
  int usedPorts(int device) const { return m_used.at(device); }
  /** The device at the other end of `link` seen from `device`. */
  int peer(int link, int device) const;

  /** Number of devices of `kind` at `level` (level −1: any level). */
  int countDevices(DeviceKind kind, int level = -1) const;
  /** Number of links of `tier`. */
  int countLinks(Tier tier) const;
  /** Sum of link rates of `tier`, bit/s per direction. */
  double capacityBps(Tier tier) const;
  void reserve(std::size_t devices, std::size_t links);

private:
  std::vector<Device> m_devices;
  std::vector<Link> m_links;
  std::vector<int> m_used;
  std::vector<int> m_nextFree;
  std::vector<std::vector<int>> m_adjacency;
  /** Port use of every device, flat: device d's ports start at m_portStart[d]. */
  std::vector<unsigned char> m_portTaken;
  std::vector<std::size_t> m_portStart;
  /**
   * Index by id: open-addressing table of device indices (−1 empty), keyed by the hash of
   * Device::id and compared against m_devices, so no id is stored twice.
   */
  std::vector<int> m_idSlots;
  std::size_t m_indexed = 0; ///< devices with a non-empty id in m_idSlots

  /** Slot of `id` in m_idSlots: the one holding it, or the empty one where it would go. */
  std::size_t idSlot(const std::string& id) const;
  void growIndex(std::size_t devices);
};

} // namespace myriad::engine::fabric
