/**
 * @file media.cpp
 * Choice of cable medium by rate and reach.
 *
 * Media, in order of preference (cheapest and lowest power first): passive copper (DAC,
 * ≤ 3 m at 100G-PAM4), active copper (≤ 5 m), multimode optics (SR4, ≤ 50 m), single-mode DR
 * (≤ 500 m), single-mode FR (≤ 2 km). Reaches come from the catalog's reachM figures (NVIDIA
 * LinkX 100G-PAM4 overview; MMA4Z00-NS, MMS4X00-NM, MMS4X50-NM pages;
 * docs/references.md#nvidia-networking-manuals).
 * A medium qualifies for a link of length ℓ and rate b when ℓ ≤ reach and b ≤ the medium's
 * per-link rate (optic rateGbps / ports per optic; twin-port OSFP = 2 ports).
 * Media are named "<medium attribute>-<per-link Gb/s>g", e.g. multimode-400g, singlemode-dr-800g.
 * Copper cables without a rateGbps figure are taken as 800G (the catalog's dac-800g/acc-800g).
 * Cable diameters for tray fill are unsourced estimates: DAC 8 mm, active copper 6 mm, fibre
 * trunk 3 mm.
 */

#include "myriad/engine/catalog.h"
#include "myriad/engine/fabric/cabling.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace myriad::engine::fabric
{
namespace
{

int portsOf(const Part& optic)
{
  const double ports = optic.valueOr("ports", 0);
  if (ports >= 1)
  {
    return static_cast<int>(ports);
  }
  return optic.name.rfind("Twin-port", 0) == 0 ? 2 : 1;
}

std::string attr(const Part& part, const std::string& key)
{
  const auto it = part.attributes.find(key);
  return it == part.attributes.end() ? std::string() : it->second;
}

/** Fibre type a transceiver medium runs on ("singlemode-dr" → "singlemode"). */
std::string fibreOf(const std::string& opticMedium)
{
  const auto dash = opticMedium.find('-');
  return dash == std::string::npos ? opticMedium : opticMedium.substr(0, dash);
}

} // namespace

std::vector<Medium> mediaFromCatalog(const Catalog& catalog)
{
  std::vector<Medium> media;
  for (const std::string& id : catalog.idsOf("cable"))
  {
    const Part& cable = catalog.part(id);
    const std::string kind = attr(cable, "medium");
    if (kind != "passive-copper" && kind != "active-copper")
    {
      continue;
    }
    Medium m;
    m.cablePart = id;
    m.reachM = cable.valueOr("reachM", 0);
    m.rateBps = cable.valueOr("rateGbps", 800) * 1e9;
    m.name = kind + "-" + std::to_string(static_cast<int>(std::lround(m.rateBps / 1e9))) + "g";
    m.cablePowerW = kind == "active-copper" ? cable.valueOr("powerW", 0) : 0;
    m.diameterM = kind == "passive-copper" ? 0.008 : 0.006;
    media.push_back(m);
  }
  // One optical medium per (transceiver medium, per-link rate); the switch side takes the part
  // with the most ports (twin-port OSFP), the NIC side a single-port part of the same kind.
  std::map<std::pair<std::string, double>, Medium> optical;
  for (const std::string& id : catalog.idsOf("optic"))
  {
    const Part& optic = catalog.part(id);
    const std::string kind = attr(optic, "medium");
    const int ports = portsOf(optic);
    const double perLink = optic.valueOr("rateGbps", 400) * 1e9 / ports;
    Medium& m = optical[{ kind, perLink }];
    m.name = kind + "-" + std::to_string(static_cast<int>(std::lround(perLink / 1e9))) + "g";
    m.rateBps = perLink;
    if (m.switchOptic.empty() || ports > m.portsPerOptic)
    {
      m.switchOptic = id;
      m.portsPerOptic = ports;
      m.reachM = optic.valueOr("reachM", 0);
    }
    if (ports == 1)
    {
      m.nicOptic = id;
    }
  }
  for (auto& [key, m] : optical)
  {
    for (const std::string& id : catalog.idsOf("cable"))
    {
      const Part& cable = catalog.part(id);
      if (attr(cable, "medium") == fibreOf(key.first))
      {
        m.cablePart = id;
        m.reachM = std::min(m.reachM, cable.valueOr("reachM", m.reachM));
      }
    }
    if (!m.cablePart.empty())
    {
      media.push_back(m);
    }
  }
  // Preference: shortest reach first (copper before optics), then the lowest rate that does.
  std::stable_sort(media.begin(), media.end(),
                   [](const Medium& a, const Medium& b)
                   { return a.reachM != b.reachM ? a.reachM < b.reachM : a.rateBps < b.rateBps; });
  return media;
}

int chooseMedium(const std::vector<Medium>& media, double lengthM, double rateBps, bool nicEnd)
{
  for (int i = 0; i < static_cast<int>(media.size()); ++i)
  {
    const Medium& m = media[i];
    const bool optical = !m.switchOptic.empty();
    if (lengthM <= m.reachM && rateBps <= m.rateBps * (1 + 1e-9) &&
        !(nicEnd && optical && m.nicOptic.empty()))
    {
      return i;
    }
  }
  return -1;
}

namespace
{
constexpr double kBinEdges[] = { 1, 2, 3, 5, 10, 20, 30, 50, 100, 200, 500, 1000, 2000 };
}

int lengthBinIndex(double lengthM)
{
  int index = 0;
  for (const double hi : kBinEdges)
  {
    if (lengthM <= hi)
    {
      return index;
    }
    ++index;
  }
  return index;
}

std::string lengthBin(double lengthM)
{
  double lo = 0;
  for (const double hi : kBinEdges)
  {
    if (lengthM <= hi)
    {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%g-%g m", lo, hi);
      return buf;
    }
    lo = hi;
  }
  return ">2000 m";
}

} // namespace myriad::engine::fabric
