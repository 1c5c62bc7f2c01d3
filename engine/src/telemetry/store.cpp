/**
 * @file store.cpp
 * Bounded, time-ordered ring of shared snapshots (see store.h).
 */
#include "myriad/engine/telemetry/store.h"

#include <algorithm>

namespace myriad::engine::telemetry
{

SnapshotStore::SnapshotStore(std::size_t maxSnapshots, std::size_t maxBytes)
  : m_maxSnapshots(std::max<std::size_t>(1, maxSnapshots))
  , m_maxBytes(maxBytes)
{
}

std::size_t SnapshotStore::push(std::shared_ptr<const Snapshot> snapshot)
{
  if (!snapshot)
    return 0;
  const std::size_t bytes = snapshot->approxBytes();
  const std::int64_t timeMs = snapshot->timeMs;
  Item item{ std::move(snapshot), bytes };
  // Stable time order: insert after every snapshot with time ≤ the new one's.
  auto pos = std::upper_bound(m_items.begin(), m_items.end(), timeMs,
                              [](std::int64_t t, const Item& i) { return t < i.snapshot->timeMs; });
  m_items.insert(pos, std::move(item));
  m_bytes += bytes;
  std::size_t evicted = 0;
  while (m_items.size() > 1 && (m_items.size() > m_maxSnapshots || m_bytes > m_maxBytes))
  {
    m_bytes -= m_items.front().bytes;
    m_items.pop_front();
    ++evicted;
  }
  return evicted;
}

std::shared_ptr<const Snapshot> SnapshotStore::at(std::size_t i) const
{
  return i < m_items.size() ? m_items[i].snapshot : nullptr;
}

std::shared_ptr<const Snapshot> SnapshotStore::latest() const
{
  return m_items.empty() ? nullptr : m_items.back().snapshot;
}

std::shared_ptr<const Snapshot> SnapshotStore::atTime(std::int64_t tMs) const
{
  auto pos = std::upper_bound(m_items.begin(), m_items.end(), tMs,
                              [](std::int64_t t, const Item& i) { return t < i.snapshot->timeMs; });
  if (pos == m_items.begin())
    return nullptr;
  return std::prev(pos)->snapshot;
}

std::vector<std::int64_t> SnapshotStore::timeline() const
{
  std::vector<std::int64_t> out;
  out.reserve(m_items.size());
  for (const auto& i : m_items)
    out.push_back(i.snapshot->timeMs);
  return out;
}

void SnapshotStore::clear()
{
  m_items.clear();
  m_bytes = 0;
}

} // namespace myriad::engine::telemetry
