// Names to indices by open addressing (string_index.h).
#include "myriad/engine/string_index.h"

namespace myriad::engine
{

namespace
{

std::size_t tableSize(std::size_t names)
{
  std::size_t n = 16;
  while (10 * names > 7 * n) // load ≤ 0.7
  {
    n *= 2;
  }
  return n;
}

} // namespace

StringIndex::StringIndex(std::size_t names)
  : m_slots(tableSize(names))
{
  m_names.reserve(names);
  m_values.reserve(names);
}

std::uint64_t StringIndex::hash(std::string_view name)
{
  // A short name is already one 64-bit word (shortKey); a longer one is folded by FNV-1a. Either
  // is finished by murmur3's fmix64, which spreads every input bit over the slot and tag bits.
  std::uint64_t h = shortKey(name);
  if (h == kLong)
  {
    h = 1469598103934665603ULL;
    for (const char c : name)
    {
      h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
    }
  }
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return h;
}

std::uint64_t StringIndex::shortKey(std::string_view name)
{
  if (name.size() > 7)
  {
    return kLong;
  }
  std::uint64_t key = static_cast<std::uint64_t>(name.size()) << 56;
  for (std::size_t i = 0; i < name.size(); ++i)
  {
    key |= static_cast<std::uint64_t>(static_cast<unsigned char>(name[i])) << (8 * i);
  }
  return key;
}

bool StringIndex::insert(std::string_view name, int value)
{
  if (entryOf(name, hash(name)) >= 0)
  {
    return false;
  }
  if (10 * (m_size + 1) > 7 * m_slots.size())
  {
    grow();
  }
  m_names.push_back(name);
  m_values.push_back(value);
  place(hash(name), shortKey(name), static_cast<std::int32_t>(m_size));
  ++m_size;
  return true;
}

void StringIndex::place(std::uint64_t h, std::uint64_t key, std::int32_t entry)
{
  const std::size_t mask = m_slots.size() - 1;
  std::size_t i = h & mask;
  while (m_slots[i].entry >= 0)
  {
    i = (i + 1) & mask;
  }
  m_slots[i] = { key, static_cast<std::uint32_t>(h >> 32), entry };
}

int StringIndex::find(std::string_view name, std::uint64_t h) const
{
  const std::int32_t e = entryOf(name, h);
  return e < 0 ? -1 : m_values[e];
}

std::int32_t StringIndex::entryOf(std::string_view name, std::uint64_t h) const
{
  const auto tag = static_cast<std::uint32_t>(h >> 32);
  const std::uint64_t key = shortKey(name);
  const std::size_t mask = m_slots.size() - 1;
  for (std::size_t i = h & mask;; i = (i + 1) & mask)
  {
    const Slot s = m_slots[i];
    if (s.entry < 0)
    {
      return -1;
    }
    if (s.key == key && s.tag == tag && (key != kLong || m_names[s.entry] == name))
    {
      return s.entry;
    }
  }
}

void StringIndex::grow()
{
  m_slots.assign(m_slots.size() * 2, Slot{});
  for (std::int32_t e = 0; e < static_cast<std::int32_t>(m_names.size()); ++e)
  {
    place(hash(m_names[e]), shortKey(m_names[e]), e);
  }
}

} // namespace myriad::engine
