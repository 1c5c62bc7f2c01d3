#pragma once
/**
 * @file topology.h
 * Fabric generators. Each returns a FabricGraph; impossible specs throw SpecError whose message
 * names the parameter, its value and the limit it breaks.
 *
 * - Rail-optimized fat-tree after the NVIDIA DGX SuperPOD reference architecture, built from a
 *   scene's explicit switches and NICs (buildSuperPod) or from an SU count alone
 *   (superPodFabric / superPodCounts, for sizing without a layout).
 * - Generic two- and three-tier Clos with an oversubscription ratio (k-ary fat-tree when the
 *   ratio is 1 and hosts = k³/4).
 * - 3D torus, dragonfly, dual-plane two-tier (Alibaba HPN), NVLink domains (8-GPU NVSwitch node,
 *   NVL72 rack).
 * The equations and sources are in the files of engine/src/fabric and docs/models/fabric.md.
 * References: docs/references.md#superpod-h100-ra, #superpod-b200-ra, #al-fares2008,
 *   #dragonfly2008, #alibaba-hpn.
 */

#include "myriad/engine/fabric/fabric_graph.h"
#include "myriad/engine/model.h"

#include <cstdint>

namespace myriad::engine
{
class Catalog;
}

namespace myriad::engine::fabric
{

/** Switch counts per tier and cable counts per tier of a SuperPOD of a given size. */
struct SuperPodCounts
{
  int scalableUnits = 0;
  int nodes = 0;
  int leaves = 0;
  int spines = 0;
  int cores = 0;
  int nodeLeafCables = 0;
  int leafSpineCables = 0;
  int spineCoreCables = 0;
  int tiers = 2; ///< 2 (leaf–spine) or 3 (with core)
};

/** Parameters of the SuperPOD sizing rule (defaults: DGX H100 + QM9700). */
struct SuperPodSpec
{
  int scalableUnits = 4;
  int nodesPerScalableUnit = 32;
  int rails = 8;                   ///< compute NICs per node = leaves per SU
  int switchRadix = 64;            ///< QM9700: 64 × 400 Gb/s
  double linkRateBps = 400e9;      ///< NDR
  int maxTwoTierScalableUnits = 8; ///< above this a core tier is added (B200 RA table)
};

/** Counts of the SuperPOD rule; throws SpecError for an impossible spec. */
SuperPodCounts superPodCounts(const SuperPodSpec& spec);
/** Abstract (unplaced) SuperPOD fabric of `spec`: NICs, leaves, spines, cores and all links. */
FabricGraph superPodFabric(const SuperPodSpec& spec);
/**
 * SuperPOD fabric of a scene: every Leaf (scalableUnit, rail), Spine and Core switch of the
 * scene and every NIC with a rail; nodes connect to the leaf of their SU and rail. Devices keep
 * their location (hall/row/rack/U) for cabling. Throws SpecError when a NIC has no leaf, a leaf
 * runs out of ports, or the switch counts cannot be wired evenly. A scene with sites gets one
 * SuperPOD per site and no fabric link between sites (fabric/multi_site_fabric.h).
 */
FabricGraph buildSuperPod(const Scene& scene, const Catalog& catalog);
/**
 * How many times buildSuperPod has been called in this process (any thread). Lets tests check
 * that one edit builds the fabric once, whoever shows it.
 */
std::uint64_t superPodBuildCount();

/** Generic Clos. */
struct ClosSpec
{
  int hosts = 1024;            ///< host NIC ports to attach
  int radix = 64;              ///< ports per switch
  int tiers = 2;               ///< 2 (leaf–spine) or 3 (leaf–spine–core)
  double oversubscription = 1; ///< leaf downlinks : uplinks (≥ 1)
  double linkRateBps = 400e9;
};
FabricGraph closFabric(const ClosSpec& spec);

/** 3D torus of x·y·z switches, each with `hostsPerSwitch` hosts (TPU-style cube). */
struct TorusSpec
{
  int x = 4, y = 4, z = 4;
  int hosts = 64;
  int radix = 8; ///< ports per switch: 6 torus ports + host ports
  double linkRateBps = 400e9;
};
FabricGraph torusFabric(const TorusSpec& spec);
/** Choose x ≥ y ≥ z close to a cube with x·y·z = switches; SpecError when none divides. */
TorusSpec torusForHosts(int hosts, int hostsPerSwitch, double linkRateBps);

/** Dragonfly (Kim et al. 2008): a routers per group, p hosts and h global links per router. */
struct DragonflySpec
{
  int hosts = 1056;
  int routersPerGroup = 8; ///< a
  int hostsPerRouter = 4;  ///< p
  int globalPerRouter = 4; ///< h
  int radix = 16;          ///< must be ≥ p + (a − 1) + h
  double linkRateBps = 400e9;
};
FabricGraph dragonflyFabric(const DragonflySpec& spec);

/** Dual-plane two-tier (Alibaba HPN): each NIC has two ports to ToRs of two planes. */
struct DualPlaneSpec
{
  int hosts = 128;     ///< nodes
  int nicsPerHost = 8; ///< rails
  int radix = 128;     ///< ToR / spine radix (e.g. 128 × 400G on a 51.2T chip)
  double nicPortRateBps = 200e9;
  double oversubscription = 1.0; ///< ToR downlinks : uplinks (HPN uses 15:16 ≈ 1.067)
};
FabricGraph dualPlaneFabric(const DualPlaneSpec& spec);

/** NVLink domain: `gpus` GPUs each with `linksPerGpu` links spread over `switchChips` chips. */
struct NvLinkSpec
{
  int domains = 1;
  int gpus = 8;
  int switchChips = 4;
  int linksPerGpu = 18;
  int chipPorts = 64;
  double linkRateBps = 200e9; ///< per direction per link
};
/** DGX H100/H200: 8 GPUs × 18 NVLink4 links over 4 NVSwitch chips (900 GB/s per GPU). */
NvLinkSpec dgxH100NvLink();
/** GB200 NVL72: 72 GPUs × 18 NVLink5 links, one to each of 18 chips (1.8 TB/s per GPU). */
NvLinkSpec nvl72NvLink();
FabricGraph nvLinkFabric(const NvLinkSpec& spec);

/** Names accepted by generateForScene: superpod clos torus dragonfly dual-plane. */
const std::vector<std::string>& topologyNames();
/**
 * Generate the topology called `name` for the scene's nodes. "superpod" uses the scene's
 * switches (buildSuperPod); the others create switches from the scene's NIC count and the
 * leaf switch model, then place them into the scene's network racks (placeSwitches).
 */
FabricGraph generateForScene(const std::string& name, const Scene& scene, const Catalog& catalog);

/**
 * Put every unplaced switch into a network rack of the scene with free rack units, filling
 * racks in scene order. Throws SpecError when the network racks have no room left.
 */
void placeSwitches(FabricGraph& graph, const Scene& scene, const Catalog& catalog);
/**
 * (Re-)place every leaf, spine and core switch of `graph` (the scene's own ones included) by
 * `placement`, from the racks' current positions: each leaf goes to the network rack with free
 * units nearest its hosts' SU (per-su), its hosts' row end or middle (end-of-row,
 * middle-of-row) or into the central network row (central-row); spines and cores go to the
 * central network row nearest the hall centre. A rack takes at most the spec's
 * switchesPerNetworkRack switches, from U2 up. See engine/src/fabric/placement.cpp. Throws
 * SpecError when the network racks have no room left.
 */
void placeSwitches(FabricGraph& graph, const Scene& scene, const Catalog& catalog,
                   SwitchPlacement placement);
/** generateForScene, then placeSwitches(…, placement) on the result. */
FabricGraph generateForScene(const std::string& name, const Scene& scene, const Catalog& catalog,
                             SwitchPlacement placement);

/** Ratio of downlink to uplink capacity of the switches at `level` (1: leaf); 0 if none. */
double oversubscription(const FabricGraph& graph, int level);
/**
 * Bisection bandwidth estimate in bit/s per direction: min over the switch tiers of half the
 * tier capacity, and half the host injection capacity (exact for symmetric Clos; for torus and
 * dragonfly the analytic cut is used, see docs/models/fabric.md).
 */
double bisectionBandwidthBps(const FabricGraph& graph);

} // namespace myriad::engine::fabric
