#pragma once
/**
 * @file store.h
 * A bounded ring buffer of snapshots with timeline access. Memory is bounded twice: by a
 * snapshot count and by the sum of Snapshot::approxBytes(); pushing beyond either evicts the
 * oldest snapshots (the newest one is always kept, even when it alone exceeds the byte bound).
 * Snapshots are shared immutable objects, so a reader (e.g. the UI) keeps its snapshot alive
 * while the store moves on. Not thread-safe: guard it externally when shared between threads.
 */

#include "myriad/engine/telemetry/snapshot.h"

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

namespace myriad::engine::telemetry
{

class SnapshotStore
{
public:
  explicit SnapshotStore(std::size_t maxSnapshots = 64, std::size_t maxBytes = 512u << 20);

  /** Append a snapshot (kept in time order: an older timeMs is inserted at its place).
   *  Returns the number of snapshots evicted. */
  std::size_t push(std::shared_ptr<const Snapshot> snapshot);

  std::size_t size() const { return m_items.size(); }
  bool empty() const { return m_items.empty(); }
  std::size_t bytes() const { return m_bytes; }
  /** i-th snapshot in time order (0 = oldest); nullptr when out of range. */
  std::shared_ptr<const Snapshot> at(std::size_t i) const;
  std::shared_ptr<const Snapshot> latest() const;
  /** The newest snapshot with timeMs ≤ t (the one a timeline slider at t shows); nullptr when
   *  every snapshot is newer than t. */
  std::shared_ptr<const Snapshot> atTime(std::int64_t tMs) const;
  /** timeMs of each snapshot, oldest first (the slider's tick marks). */
  std::vector<std::int64_t> timeline() const;
  void clear();

private:
  struct Item
  {
    std::shared_ptr<const Snapshot> snapshot;
    std::size_t bytes = 0;
  };
  std::size_t m_maxSnapshots;
  std::size_t m_maxBytes;
  std::size_t m_bytes = 0;
  std::deque<Item> m_items;
};

} // namespace myriad::engine::telemetry
