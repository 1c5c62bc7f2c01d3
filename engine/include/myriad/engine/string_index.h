#pragma once
/**
 * @file string_index.h
 * Names to indices for readers that look names up far more often than they add them (link ids
 * of `myriad-cli maxmin`: ~40k names, ~600k lookups). Open addressing with linear probing in a
 * flat array of 16-byte slots, load ≤ 0.7 (the table of 40k names is 1 MiB). A slot holds a name
 * of up to 7 bytes itself (with its length), so the usual short id is found with one memory
 * access; a longer name keeps 32 hash bits in the slot and is compared only when they match.
 * Names are views: their text must outlive the index.
 */

#include <cstdint>
#include <string_view>
#include <vector>

namespace myriad::engine
{

class StringIndex
{
public:
  /** Room for `names` names without growing. */
  explicit StringIndex(std::size_t names = 0);

  /** Adds `name` → `value`; false (and nothing changes) when the name is already there. */
  bool insert(std::string_view name, int value);
  /** The value of `name`, or -1 when it is not there. */
  int find(std::string_view name) const { return find(name, hash(name)); }
  /** The same with the name's hash() already known. */
  int find(std::string_view name, std::uint64_t hash) const;
  /**
   * Starts loading the slot of a name with this hash into the cache. A reader that hashes a
   * row's names, prefetches each, then finds each waits for the memory once per row, not once
   * per name (a table of 40k names does not fit a core's cache).
   */
  void prefetch(std::uint64_t hash) const
  {
    __builtin_prefetch(&m_slots[hash & (m_slots.size() - 1)]);
  }
  std::size_t size() const { return m_size; }

  /** fmix64 of shortKey(name), or of FNV-1a over the bytes of a longer name. */
  static std::uint64_t hash(std::string_view name);

private:
  struct Slot
  {
    std::uint64_t key = 0;   ///< short(name): the bytes and length of a name of ≤ 7 bytes
    std::uint32_t tag = 0;   ///< the hash's high 32 bits
    std::int32_t entry = -1; ///< index into m_names and m_values; -1: empty
  };
  std::vector<Slot> m_slots;
  std::vector<std::string_view> m_names;
  std::vector<int> m_values;
  std::size_t m_size = 0;

  /** A name of ≤ 7 bytes packed with its length in the top byte; kLong for longer names. */
  static std::uint64_t shortKey(std::string_view name);
  static constexpr std::uint64_t kLong = ~std::uint64_t(0);
  std::int32_t entryOf(std::string_view name, std::uint64_t hash) const;
  void place(std::uint64_t hash, std::uint64_t key, std::int32_t entry);
  void grow();
};

} // namespace myriad::engine
