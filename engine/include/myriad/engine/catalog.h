#pragma once
/**
 * @file catalog.h
 * The parts catalog: GPUs, servers, switches, NICs, optics, cables, coolers, racks and tanks,
 * and immersion fluids, each
 * with figures (power, ports, size, weight, price) that carry their unit and source. Figures
 * without a public source are marked as estimates. The built-in catalog is compiled from
 * samples/catalog/catalog.json.
 */

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace myriad::engine
{

/** One figure of a part: value, unit, where it comes from, and whether it is an estimate. */
struct Figure
{
  double value = 0;
  std::string unit;
  std::string source;
  bool estimate = false;
};

/** One catalog entry. `category` is one of: gpu server switch nic optic cable cooler rack fluid
 *  (a rack part with attribute form "tank" is an immersion tank, immersion.h). */
struct Part
{
  std::string id;
  std::string category;
  std::string name;
  std::map<std::string, Figure> figures;
  std::map<std::string, std::string> attributes; ///< text facts (e.g. "gpu": "h100-sxm")

  /** The figure named `key`; throws Error naming the part and key when missing. */
  const Figure& figure(const std::string& key) const;
  /** The figure's value, or `fallback` when the part has no such figure. */
  double valueOr(const std::string& key, double fallback) const;
  /** A text attribute; throws Error naming the part and key when missing. */
  const std::string& attribute(const std::string& key) const;
};

/** A set of parts, looked up by id. */
class Catalog
{
public:
  /** The catalog compiled into the program (samples/catalog/catalog.json). */
  static const Catalog& builtin();
  /** Parse a catalog JSON document; `fileName` is used in error messages. Throws LoadError. */
  static Catalog fromJson(const std::string& text, const std::string& fileName);
  /** Read a catalog file. Throws LoadError. */
  static Catalog load(const std::string& path);

  bool contains(const std::string& id) const { return m_parts.count(id) != 0; }
  /** The part `id`; throws Error when unknown. */
  const Part& part(const std::string& id) const;
  const Part* find(const std::string& id) const;
  /** Ids of all parts of a category, sorted. */
  std::vector<std::string> idsOf(const std::string& category) const;
  std::size_t size() const { return m_parts.size(); }
  /** Add or replace a part (used to merge catalog files and by tests). */
  void add(Part part);

private:
  std::map<std::string, Part> m_parts;
};

} // namespace myriad::engine
