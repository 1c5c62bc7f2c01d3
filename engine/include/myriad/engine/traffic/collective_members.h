#pragma once
/**
 * @file collective_members.h
 * Which GPUs take part in a single collective (`myriad-cli traffic --ring-allreduce-gpus N`,
 * the Collective Animation dock), and in which ring order, chosen the same way everywhere so
 * that the CLI and the app report the same time for the same request.
 *
 * A member is a compute NIC (a fabric NIC on a rail: one GPU per NIC). The members are the NICs
 * of the first ⌈N/rails⌉ nodes in scene order, cut to N, in one of two orders:
 * - Rail (default): rail 0 of every chosen node, then rail 1, ... A ring's neighbours share a
 *   rail (one leaf) except where it passes from one rail to the next: the rail-aligned ring of
 *   rail-optimised fabrics (docs/models/traffic.md, "Members").
 * - Node: node by node, rail by rail inside a node (fabric order). A ring's neighbours sit on
 *   different rails, so every step crosses the spines of a rail-optimised fabric.
 * For N a multiple of the rail count both orders hold the same GPUs; only the ring differs.
 */

#include "myriad/engine/fabric/fabric_graph.h"

#include <string>
#include <vector>

namespace myriad::engine::traffic
{

enum class MemberOrder
{
  Rail,
  Node
};
/** "rail", "node". */
const char* toString(MemberOrder order);
/** The order called `name` (toString's names); false, `out` unchanged, when unknown. */
bool parseMemberOrder(const std::string& name, MemberOrder& out);
/** The allowed names, for error messages. */
constexpr const char* kMemberOrderNames = "rail or node";

/** Compute NICs (NICs on a rail) of `graph`, in fabric order (node by node). */
std::vector<int> computeNics(const fabric::FabricGraph& graph);

/**
 * The `gpus` members of a collective in ring order (see the file comment). Throws SpecError
 * when `gpus` < 2 or exceeds the fabric's compute NICs, naming both numbers.
 */
std::vector<int> collectiveMembers(const fabric::FabricGraph& graph, int gpus, MemberOrder order);

/** What a member list spans: its nodes and rails, and its first and last NIC in ring order. */
struct MemberSpan
{
  int gpus = 0;
  int nodes = 0;
  int rails = 0;
  std::string first; ///< NIC id
  std::string last;  ///< NIC id
};
MemberSpan memberSpan(const fabric::FabricGraph& graph, const std::vector<int>& members);

/**
 * The members in words, for the CLI: "64 GPUs on 8 nodes × 8 rails, rail by rail:
 * <first NIC id> → … → <last NIC id>".
 */
std::string describeMembers(const fabric::FabricGraph& graph, const std::vector<int>& members,
                            MemberOrder order);

} // namespace myriad::engine::traffic
