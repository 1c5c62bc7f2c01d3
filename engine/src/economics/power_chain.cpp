/**
 * @file power_chain.cpp
 * Per-rack and per-feed loads, capacity checks and stranded power; the equations and the
 * failover rule are in power_chain.h.
 */

#include "myriad/engine/economics/power_chain.h"

#include "myriad/engine/catalog.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <unordered_map>

namespace myriad::engine::economics
{

namespace
{

std::string kw(double watts)
{
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.1f kW", watts / 1000);
  return buf;
}

/** Part power, cached per part id (a 10k scene has thousands of nodes but a few models). */
class PowerCache
{
public:
  PowerCache(const Catalog& catalog, PowerChainResult& result)
    : m_catalog(catalog)
    , m_result(result)
  {
  }

  const PartPower& get(const std::string& partId)
  {
    // Racks repeat one model many times: compare with the last id before hashing.
    if (m_last != nullptr && *m_lastId == partId)
    {
      return *m_last;
    }
    auto it = m_cache.find(partId);
    if (it == m_cache.end())
    {
      it = m_cache.emplace(partId, lookUp(partId)).first;
    }
    m_lastId = &it->first;
    m_last = &it->second;
    return *m_last;
  }

private:
  PartPower lookUp(const std::string& partId)
  {
    PartPower p = partPower(partId, m_catalog);
    if (p.missing)
    {
      m_result.missingFigures.push_back(partId + ".powerMaxW");
    }
    else if (p.idleEstimated)
    {
      m_result.assumptions.push_back(partId + ": idle power estimated as " +
                                     std::to_string(static_cast<int>(kIdleFractionEstimate * 100)) +
                                     " % of powerMaxW (no powerIdleW in the catalog)");
    }
    return p;
  }

  const Catalog& m_catalog;
  PowerChainResult& m_result;
  std::unordered_map<std::string, PartPower> m_cache;
  const std::string* m_lastId = nullptr;
  const PartPower* m_last = nullptr;
};

RackLoad rackLoad(const Rack& rack, PowerCache& cache, double u)
{
  RackLoad load{ rack.id, rack.kind, rack.cooling, 0, 0, 0, rack.powerCapW, rack.feeds };
  auto add = [&load, u](const PartPower& p)
  {
    load.peakW += p.maxW;
    load.idleW += p.idleW;
    load.operatingW += p.at(u);
  };
  for (const auto& node : rack.nodes)
  {
    add(cache.get(node.model));
  }
  for (const auto& sw : rack.switches)
  {
    add(cache.get(sw.model));
  }
  if (rack.powerW > 0)
  {
    // A given power (measured, budget, nameplate) is the rack's draw at any utilisation.
    load.peakW = load.idleW = load.operatingW = rack.powerW;
  }
  return load;
}

void addViolation(PowerChainResult& r, PowerViolationKind kind, const std::string& id, Text text,
                  double loadW, double limitW)
{
  PowerViolation v;
  v.kind = kind;
  v.objectId = id;
  v.message = text.str();
  v.text = std::move(text);
  v.loadW = loadW;
  v.limitW = limitW;
  r.violations.push_back(std::move(v));
}

/** Spread each rack's load over its feeds; record failover extras per (failed, surviving) pair. */
void distribute(PowerChainResult& r, const std::map<std::string, std::size_t>& feedIndex,
                std::map<std::pair<std::size_t, std::size_t>, double>& failoverExtra)
{
  for (const auto& rack : r.racks)
  {
    std::vector<std::size_t> idx;
    for (const auto& feedId : rack.feeds)
    {
      auto it = feedIndex.find(feedId);
      if (it == feedIndex.end())
      {
        addViolation(
          r, PowerViolationKind::UnknownFeed, rack.rackId,
          { MYRIAD_TR_NOOP("EngineText", "rack %1 names feed '%2', which does not exist"),
            { rack.rackId, feedId } },
          rack.peakW, 0);
        continue;
      }
      idx.push_back(it->second);
    }
    if (idx.empty())
    {
      if (rack.peakW > 0)
      {
        addViolation(r, PowerViolationKind::NoFeed, rack.rackId,
                     { MYRIAD_TR_NOOP("EngineText", "rack %1 draws %2 but has no feed"),
                       { rack.rackId, kw(rack.peakW) } },
                     rack.peakW, 0);
      }
      continue;
    }
    const double k = static_cast<double>(idx.size());
    for (std::size_t f : idx)
    {
      FeedLoad& feed = r.feeds[f];
      feed.peakW += rack.peakW / k;
      feed.operatingW += rack.operatingW / k;
      feed.racks += 1;
      if (idx.size() == 1 && feed.redundancy != Redundancy::N && rack.peakW > 0)
      {
        addViolation(r, PowerViolationKind::SingleCorded, rack.rackId,
                     { MYRIAD_TR_NOOP("EngineText", "rack %1 has only feed %2 (declared %3); it "
                                                    "loses power when that feed fails"),
                       { rack.rackId, feed.feedId, toString(feed.redundancy) } },
                     rack.peakW, 0);
      }
      for (std::size_t g : idx)
      {
        if (g != f && idx.size() > 1)
        {
          // When g fails, f carries P/(k−1) instead of P/k of this rack.
          failoverExtra[{ g, f }] += rack.peakW * (1 / (k - 1) - 1 / k);
        }
      }
    }
  }
}

void checkFeeds(PowerChainResult& r,
                const std::map<std::pair<std::size_t, std::size_t>, double>& failoverExtra)
{
  for (const auto& [pair, extra] : failoverExtra)
  {
    FeedLoad& f = r.feeds[pair.second];
    if (f.peakW + extra > f.failoverPeakW)
    {
      f.failoverPeakW = f.peakW + extra;
      f.worstFailedFeed = r.feeds[pair.first].feedId;
    }
  }
  for (auto& f : r.feeds)
  {
    f.failoverPeakW = std::max(f.failoverPeakW, f.peakW);
    if (f.peakW > f.capacityW)
    {
      addViolation(r, PowerViolationKind::FeedOverload, f.feedId,
                   { MYRIAD_TR_NOOP("EngineText", "feed %1 carries %2 at peak, rated %3"),
                     { f.feedId, kw(f.peakW), kw(f.capacityW) } },
                   f.peakW, f.capacityW);
    }
    else if (f.redundancy != Redundancy::N && f.failoverPeakW > f.capacityW)
    {
      addViolation(r, PowerViolationKind::RedundancyLost, f.feedId,
                   { MYRIAD_TR_NOOP("EngineText", "feed %1 (%2) would carry %3 when %4 fails, "
                                                  "rated %5: redundancy lost"),
                     { f.feedId, toString(f.redundancy), kw(f.failoverPeakW), f.worstFailedFeed,
                       kw(f.capacityW) } },
                   f.failoverPeakW, f.capacityW);
    }
    const double worst = f.redundancy == Redundancy::N ? f.peakW : f.failoverPeakW;
    f.strandedW = std::max(0.0, f.capacityW - worst);
    r.strandedFeedW += f.strandedW;
    r.feedCapacityW += f.capacityW;
  }
}

} // namespace

const char* toString(PowerViolationKind kind)
{
  switch (kind)
  {
    case PowerViolationKind::FeedOverload:
      return "feed-overload";
    case PowerViolationKind::RedundancyLost:
      return "redundancy-lost";
    case PowerViolationKind::RackOverCap:
      return "rack-over-cap";
    case PowerViolationKind::UnknownFeed:
      return "unknown-feed";
    case PowerViolationKind::NoFeed:
      return "no-feed";
    case PowerViolationKind::SingleCorded:
      return "single-corded";
  }
  return "?";
}

PartPower partPower(const std::string& partId, const Catalog& catalog)
{
  PartPower p;
  const Part* part = catalog.find(partId);
  auto maxIt = part ? part->figures.find("powerMaxW") : decltype(part->figures.end()){};
  if (part == nullptr || maxIt == part->figures.end())
  {
    p.missing = true;
    return p;
  }
  p.maxW = maxIt->second.value;
  auto idleIt = part->figures.find("powerIdleW");
  if (idleIt != part->figures.end())
  {
    p.idleW = idleIt->second.value;
  }
  else
  {
    p.idleW = kIdleFractionEstimate * p.maxW;
    p.idleEstimated = true;
  }
  return p;
}

PowerChainResult analyzePowerChain(const Scene& scene, const Catalog& catalog, double utilisation)
{
  PowerChainResult r;
  PowerCache cache(catalog, r);
  std::map<std::string, std::size_t> feedIndex;
  for (const auto& hall : scene.site.halls)
  {
    for (const auto& feed : hall.feeds)
    {
      feedIndex.emplace(feed.id, r.feeds.size());
      FeedLoad f;
      f.feedId = feed.id;
      f.name = feed.name;
      f.redundancy = feed.redundancy;
      f.capacityW = feed.capacityW;
      r.feeds.push_back(f);
    }
    for (const auto& row : hall.rows)
    {
      for (const auto& rack : row.racks)
      {
        r.racks.push_back(rackLoad(rack, cache, utilisation));
        const RackLoad& load = r.racks.back();
        r.itPeakW += load.peakW;
        r.itIdleW += load.idleW;
        r.itOperatingW += load.operatingW;
        if (load.capW > 0 && load.peakW > load.capW)
        {
          addViolation(r, PowerViolationKind::RackOverCap, rack.id,
                       { MYRIAD_TR_NOOP("EngineText", "rack %1 draws %2 at peak, PDU cap %3"),
                         { rack.id, kw(load.peakW), kw(load.capW) } },
                       load.peakW, load.capW);
        }
        if (load.capW > 0)
        {
          r.strandedRackW += std::max(0.0, load.capW - load.peakW);
        }
      }
    }
  }
  std::map<std::pair<std::size_t, std::size_t>, double> failoverExtra;
  distribute(r, feedIndex, failoverExtra);
  checkFeeds(r, failoverExtra);
  return r;
}

} // namespace myriad::engine::economics
