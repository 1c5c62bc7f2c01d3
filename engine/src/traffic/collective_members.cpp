// Members of a single collective: the NICs of the first nodes, rail by rail or node by node.
#include "myriad/engine/traffic/collective_members.h"

#include "myriad/engine/error.h"

#include <algorithm>
#include <set>
#include <tuple>

namespace myriad::engine::traffic
{

namespace fab = fabric;

const char* toString(MemberOrder order)
{
  return order == MemberOrder::Rail ? "rail" : "node";
}

bool parseMemberOrder(const std::string& name, MemberOrder& out)
{
  for (const MemberOrder o : { MemberOrder::Rail, MemberOrder::Node })
  {
    if (name == toString(o))
    {
      out = o;
      return true;
    }
  }
  return false;
}

std::vector<int> computeNics(const fab::FabricGraph& graph)
{
  std::vector<int> nics;
  for (int d = 0; d < static_cast<int>(graph.devices().size()); ++d)
  {
    if (graph.device(d).kind == fab::DeviceKind::Nic && graph.device(d).rail >= 0)
    {
      nics.push_back(d);
    }
  }
  return nics;
}

std::vector<int> collectiveMembers(const fab::FabricGraph& graph, int gpus, MemberOrder order)
{
  const std::vector<int> nics = computeNics(graph);
  if (gpus < 2 || gpus > static_cast<int>(nics.size()))
  {
    throw SpecError("collective: " + std::to_string(gpus) + " GPUs; the fabric has " +
                    std::to_string(nics.size()) + " compute NICs and a collective needs 2 to " +
                    std::to_string(nics.size()));
  }
  // Fabric order is node by node: keep the whole nodes that hold the first `gpus` NICs.
  std::vector<int> chosen(nics.begin(), nics.begin() + gpus);
  const int lastHost = graph.device(chosen.back()).host;
  for (std::size_t i = gpus; i < nics.size() && graph.device(nics[i]).host == lastHost; ++i)
  {
    chosen.push_back(nics[i]);
  }
  if (order == MemberOrder::Rail)
  {
    std::stable_sort(chosen.begin(), chosen.end(),
                     [&](int a, int b)
                     {
                       return std::tie(graph.device(a).rail, graph.device(a).host) <
                              std::tie(graph.device(b).rail, graph.device(b).host);
                     });
  }
  chosen.resize(gpus);
  return chosen;
}

MemberSpan memberSpan(const fab::FabricGraph& graph, const std::vector<int>& members)
{
  MemberSpan span;
  if (members.empty())
  {
    return span;
  }
  std::set<int> hosts;
  std::set<int> rails;
  for (const int m : members)
  {
    hosts.insert(graph.device(m).host);
    rails.insert(graph.device(m).rail);
  }
  span.gpus = static_cast<int>(members.size());
  span.nodes = static_cast<int>(hosts.size());
  span.rails = static_cast<int>(rails.size());
  span.first = graph.device(members.front()).id;
  span.last = graph.device(members.back()).id;
  return span;
}

std::string describeMembers(const fab::FabricGraph& graph, const std::vector<int>& members,
                            MemberOrder order)
{
  const MemberSpan s = memberSpan(graph, members);
  return std::to_string(s.gpus) + " GPUs on " + std::to_string(s.nodes) +
         (s.nodes == 1 ? " node × " : " nodes × ") + std::to_string(s.rails) +
         (s.rails == 1 ? " rail, " : " rails, ") +
         (order == MemberOrder::Rail ? "rail by rail: " : "node by node: ") + s.first + " → … → " +
         s.last;
}

} // namespace myriad::engine::traffic
