#pragma once
// What the field tables (fields_tables*.cpp) share: a getter and a setter of a member for each
// value type, the enum parsers, the row macros and the plausibility bounds. Engine-private.
#include "myriad/engine/fields.h"

#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

namespace myriad::engine::fields::table_detail
{

using K = edit::DataKind;

template <typename E, double E::*M>
Value getNumber(const E& e)
{
  return e.*M;
}
template <typename E, double E::*M>
void putNumber(E& e, const Value& v)
{
  e.*M = std::get<double>(v);
}
template <typename E, int E::*M>
Value getInteger(const E& e)
{
  return static_cast<double>(e.*M);
}
template <typename E, int E::*M>
void putInteger(E& e, const Value& v)
{
  e.*M = static_cast<int>(std::get<double>(v));
}
template <typename E, std::string E::*M>
Value getText(const E& e)
{
  return e.*M;
}
template <typename E, std::string E::*M>
void putText(E& e, const Value& v)
{
  e.*M = std::get<std::string>(v);
}
template <typename E, std::vector<std::string> E::*M>
Value getList(const E& e)
{
  return e.*M;
}
template <typename E, std::vector<std::string> E::*M>
void putList(E& e, const Value& v)
{
  e.*M = std::get<std::vector<std::string>>(v);
}

inline std::optional<RackKind> parse(const std::string& s, RackKind*)
{
  return rackKindFromString(s);
}
inline std::optional<Facing> parse(const std::string& s, Facing*)
{
  return facingFromString(s);
}
inline std::optional<CoolingStyle> parse(const std::string& s, CoolingStyle*)
{
  return coolingStyleFromString(s);
}
inline std::optional<CoolerKind> parse(const std::string& s, CoolerKind*)
{
  return coolerKindFromString(s);
}
inline std::optional<Containment> parse(const std::string& s, Containment*)
{
  return containmentFromString(s);
}
inline std::optional<Redundancy> parse(const std::string& s, Redundancy*)
{
  return redundancyFromString(s);
}
inline std::optional<PowerSource> parse(const std::string& s, PowerSource*)
{
  return powerSourceFromString(s);
}
inline std::optional<SwitchRole> parse(const std::string& s, SwitchRole*)
{
  return switchRoleFromString(s);
}

template <typename E, typename Enum, Enum E::*M>
Value getChoice(const E& e)
{
  return std::string(toString(e.*M));
}
template <typename E, typename Enum, Enum E::*M>
void putChoice(E& e, const Value& v)
{
  e.*M = *parse(std::get<std::string>(v), static_cast<Enum*>(nullptr));
}

/** The file spellings of `values` (toString), so a table never spells an enum itself. */
template <typename Enum>
std::vector<std::string> spellings(std::initializer_list<Enum> values)
{
  std::vector<std::string> out;
  for (const Enum v : values)
    out.emplace_back(toString(v));
  return out;
}

// Accessor pairs of a member, for the rows below.
#define MYRIAD_NUMBER(E, m) .get = &getNumber<E, &E::m>, .put = &putNumber<E, &E::m>
#define MYRIAD_INTEGER(E, m) .get = &getInteger<E, &E::m>, .put = &putInteger<E, &E::m>
#define MYRIAD_TEXT(E, m) .get = &getText<E, &E::m>, .put = &putText<E, &E::m>
#define MYRIAD_LIST(E, m) .get = &getList<E, &E::m>, .put = &putList<E, &E::m>
#define MYRIAD_CHOICE(E, T, m) .get = &getChoice<E, T, &E::m>, .put = &putChoice<E, T, &E::m>

inline const std::vector<std::string> kFacings = spellings({ Facing::PlusY, Facing::MinusY });

// Plausibility bounds of geometry in files: the largest real data halls are a few hundred
// metres long, so 2 km per side and coordinates within ±10 km keep every position and area
// finite and meaningful (a 1e308 m hall would overflow the models' areas to infinity).
constexpr double kHallSideLimitM = 2000;
constexpr double kCoordinateLimitM = 10'000;

} // namespace myriad::engine::fields::table_detail
