/**
 * @file latency.cpp
 * NCCL-like α-β cost of a collective call and the choice of algorithm and protocol (latency.h);
 * the figures come from samples/reference/traffic/collective_latency.json.
 */

#include "myriad/engine/traffic/latency.h"

#include "myriad/engine/error.h"
#include "myriad/engine/traffic/traffic_data.h"

#include <cmath>

namespace myriad::engine::traffic
{

namespace
{

const char* suffix(Protocol p)
{
  return p == Protocol::Ll ? "Ll" : p == Protocol::Ll128 ? "Ll128" : "Simple";
}

const char* name(Protocol p)
{
  return p == Protocol::Ll ? "LL" : p == Protocol::Ll128 ? "LL128" : "Simple";
}

double us(const std::string& part, const std::string& key)
{
  return trafficFigure(part, key) * 1e-6;
}

void check(const CollectiveCall& c)
{
  if (c.ranks < 1 || c.nodes < 1 || c.nodes > c.ranks || !(c.bytes >= 0) ||
      !(c.busBwBytesPerS > 0) || c.extraSwitchHops < 0)
  {
    throw SpecError("collective cost: ranks ≥ 1, 1 ≤ nodes ≤ ranks, bytes ≥ 0, bus bandwidth > 0 "
                    "and extra switch hops ≥ 0 expected");
  }
}

/** Fabric step latency: NIC and first switch (NCCL's NET figure) plus the extra switch hops. */
double netStep(const std::string& part, Protocol p, int extraHops)
{
  return us(part, std::string("net") + suffix(p) + "Us") +
         extraHops * us("switch-hop", "latencyUs");
}

/**
 * The bus bandwidth NCCL's Simple protocol reaches of the flows' line-rate bandwidth: NVLink
 * inside one node, the NICs across nodes (protocol headers, synchronisation, chunking).
 */
CollectiveCall atProtocolRate(CollectiveCall c)
{
  c.busBwBytesPerS *=
    trafficFigure("nccl-ring", c.nodes > 1 ? "netEfficiency" : "nvlinkEfficiency");
  return c;
}

} // namespace

CallCost ringAllReduceCost(const CollectiveCall& c, Protocol p)
{
  check(c);
  CallCost out{ "ring", name(p), 0, 0 };
  if (c.ranks == 1)
  {
    return out;
  }
  const std::string part = "nccl-ring";
  const int steps = 2 * (c.ranks - 1), inter = 2 * (c.nodes - 1);
  double intra = us(part, std::string("nvlink") + suffix(p) + "Us");
  if (c.nodes > 1 && p == Protocol::Ll)
  {
    intra *= 1.8; // NCCL: LL intra-node latency of a multi-node ring
  }
  double lat = us(part, std::string("base") + suffix(p) + "Us") + (steps - inter) * intra +
               inter * netStep(part, p, c.extraSwitchHops);
  if (p == Protocol::Simple && c.nodes > 1 && c.bytes >= c.ranks / 16.0 * 65536)
  {
    lat *= trafficFigure(part, "simplePlateau");
  }
  const double factor = p == Protocol::Simple ? 1.0
                        : p == Protocol::Ll   ? trafficFigure(part, "llBandwidth")
                                              : trafficFigure(part, "ll128Bandwidth");
  out.latencyS = lat;
  out.timeS = lat + static_cast<double>(steps) / c.ranks * c.bytes / (factor * c.busBwBytesPerS);
  return out;
}

CallCost treeAllReduceCost(const CollectiveCall& c, Protocol p)
{
  check(c);
  if (c.nodes < 2)
  {
    throw SpecError("collective cost: the tree all-reduce is modelled across nodes only");
  }
  const std::string part = "nccl-tree";
  const double perNode = static_cast<double>(c.ranks) / c.nodes;
  const double lat =
    us(part, std::string("base") + suffix(p) + "Us") +
    2 * ((perNode - 1) * us(part, std::string("nvlink") + suffix(p) + "Us") +
         std::ceil(std::log2(static_cast<double>(c.nodes))) * netStep(part, p, c.extraSwitchHops));
  const double factor = trafficFigure(part, "bandwidth") *
                        (p == Protocol::Simple ? 1.0
                         : p == Protocol::Ll   ? trafficFigure(part, "llBandwidth")
                                               : trafficFigure(part, "ll128Bandwidth"));
  // A tree moves S up and S down: algbw = busbw / 2.
  return { "tree", name(p), lat + c.bytes / (0.5 * factor * c.busBwBytesPerS), lat };
}

CallCost ncclCallCost(const CollectiveCall& lineRate, bool ringOnly)
{
  check(lineRate);
  const CollectiveCall c = atProtocolRate(lineRate);
  if (c.kind != CollectiveKind::AllReduce)
  {
    const bool net = c.nodes > 1;
    const double lat = us("nccl-ring", "baseSimpleUs") +
                       (net ? netStep("nccl-ring", Protocol::Simple, c.extraSwitchHops)
                            : us("nccl-ring", "nvlinkSimpleUs"));
    const double moved =
      c.kind == CollectiveKind::AllToAll ? c.bytes * (c.ranks - 1) / c.ranks : c.bytes;
    return { c.kind == CollectiveKind::AllToAll ? "alltoall" : "sendrecv", "Simple",
             lat + moved / c.busBwBytesPerS, lat };
  }
  CallCost best = ringAllReduceCost(c, Protocol::Simple);
  for (const Protocol p : { Protocol::Ll, Protocol::Ll128, Protocol::Simple })
  {
    const CallCost ring = ringAllReduceCost(c, p);
    best = ring.timeS < best.timeS ? ring : best;
    if (c.nodes > 1 && !ringOnly)
    {
      const CallCost tree = treeAllReduceCost(c, p);
      best = tree.timeS < best.timeS ? tree : best;
    }
  }
  return best;
}

} // namespace myriad::engine::traffic
