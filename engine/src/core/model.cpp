#include "myriad/engine/model.h"

#include <array>
#include <utility>

namespace myriad::engine
{

namespace
{

// One table per enum keeps the file spelling and the parser in one place.
template <typename Enum, std::size_t N>
using Names = std::array<std::pair<Enum, const char*>, N>;

constexpr Names<RackKind, 5> kRackKinds{ { { RackKind::Compute, "compute" },
                                           { RackKind::Network, "network" },
                                           { RackKind::Storage, "storage" },
                                           { RackKind::Power, "power" },
                                           { RackKind::Cooling, "cooling" } } };
constexpr Names<Facing, 2> kFacings{ { { Facing::PlusY, "+y" }, { Facing::MinusY, "-y" } } };
constexpr Names<CoolingStyle, 3> kCoolingStyles{ { { CoolingStyle::Air, "air" },
                                                   { CoolingStyle::Liquid, "liquid" },
                                                   { CoolingStyle::Immersion, "immersion" } } };
constexpr Names<CoolerKind, 4> kCoolerKinds{ { { CoolerKind::Crah, "crah" },
                                               { CoolerKind::InRow, "inrow" },
                                               { CoolerKind::RearDoor, "reardoor" },
                                               { CoolerKind::Cdu, "cdu" } } };
constexpr Names<Containment, 4> kContainments{ { { Containment::None, "none" },
                                                 { Containment::HotAisle, "hot-aisle" },
                                                 { Containment::ColdAisle, "cold-aisle" },
                                                 { Containment::ColdAisleDoors,
                                                   "cold-aisle-doors" } } };
constexpr Names<Redundancy, 3> kRedundancies{
  { { Redundancy::N, "N" }, { Redundancy::NPlus1, "N+1" }, { Redundancy::TwoN, "2N" } }
};
constexpr Names<SwitchRole, 5> kSwitchRoles{ { { SwitchRole::Leaf, "leaf" },
                                               { SwitchRole::Spine, "spine" },
                                               { SwitchRole::Core, "core" },
                                               { SwitchRole::Management, "management" },
                                               { SwitchRole::NvLink, "nvlink" } } };
constexpr Names<SwitchPlacement, 4> kSwitchPlacements{
  { { SwitchPlacement::PerScalableUnit, "per-su" },
    { SwitchPlacement::EndOfRow, "end-of-row" },
    { SwitchPlacement::MiddleOfRow, "middle-of-row" },
    { SwitchPlacement::CentralRow, "central-row" } }
};
constexpr Names<PowerSource, 3> kPowerSources{ { { PowerSource::Measured, "measured" },
                                                 { PowerSource::Budget, "budget" },
                                                 { PowerSource::Nameplate, "nameplate" } } };

template <typename Enum, std::size_t N>
const char* nameOf(const Names<Enum, N>& names, Enum value)
{
  for (const auto& [v, name] : names)
  {
    if (v == value)
    {
      return name;
    }
  }
  return "?";
}

template <typename Enum, std::size_t N>
std::optional<Enum> valueOf(const Names<Enum, N>& names, const std::string& text)
{
  for (const auto& [v, name] : names)
  {
    if (text == name)
    {
      return v;
    }
  }
  return std::nullopt;
}

} // namespace

const char* toString(RackKind kind)
{
  return nameOf(kRackKinds, kind);
}
const char* toString(Facing facing)
{
  return nameOf(kFacings, facing);
}
const char* toString(CoolingStyle style)
{
  return nameOf(kCoolingStyles, style);
}
const char* toString(CoolerKind kind)
{
  return nameOf(kCoolerKinds, kind);
}
const char* toString(Containment containment)
{
  return nameOf(kContainments, containment);
}
const char* toString(Redundancy redundancy)
{
  return nameOf(kRedundancies, redundancy);
}
const char* toString(SwitchRole role)
{
  return nameOf(kSwitchRoles, role);
}
const char* toString(SwitchPlacement placement)
{
  return nameOf(kSwitchPlacements, placement);
}
const char* toString(PowerSource source)
{
  return nameOf(kPowerSources, source);
}

std::optional<RackKind> rackKindFromString(const std::string& t)
{
  return valueOf(kRackKinds, t);
}
std::optional<Facing> facingFromString(const std::string& t)
{
  return valueOf(kFacings, t);
}
std::optional<CoolingStyle> coolingStyleFromString(const std::string& t)
{
  return valueOf(kCoolingStyles, t);
}
std::optional<CoolerKind> coolerKindFromString(const std::string& t)
{
  return valueOf(kCoolerKinds, t);
}
std::optional<Containment> containmentFromString(const std::string& t)
{
  return valueOf(kContainments, t);
}
std::optional<Redundancy> redundancyFromString(const std::string& t)
{
  return valueOf(kRedundancies, t);
}
std::optional<SwitchRole> switchRoleFromString(const std::string& t)
{
  return valueOf(kSwitchRoles, t);
}
std::optional<SwitchPlacement> switchPlacementFromString(const std::string& t)
{
  return valueOf(kSwitchPlacements, t);
}
std::optional<PowerSource> powerSourceFromString(const std::string& t)
{
  return valueOf(kPowerSources, t);
}

std::string gpuId(const Node& node, const Gpu& gpu)
{
  return node.id + "-G" + std::to_string(gpu.index);
}

} // namespace myriad::engine
