#pragma once
/**
 * @file tour_placeholders.h
 * The placeholders of a tour text: "{{count NAME}}" (objects a query matches) and
 * "{{kpi NAME}}" (a model figure, tour_figures.h). Internal to engine/src/tour.
 */

#include <string>
#include <vector>

namespace myriad::engine::tour
{

/** One placeholder of a text: where it stands, its kind and its NAME. */
struct Placeholder
{
  enum Kind
  {
    Count,
    Figure
  };
  std::size_t begin = 0, end = 0; ///< [begin, end) in the text
  Kind kind = Count;
  std::string name;
};

/**
 * The placeholders of `text` in order: "{{", spaces, "count" or "kpi", spaces, NAME, spaces,
 * "}}". A scan, not std::regex: libstdc++'s regex recurses per character and a long run of name
 * characters in a hostile file would exhaust the stack.
 */
std::vector<Placeholder> placeholders(const std::string& text);

/** The figure names, comma-separated, for error messages. */
std::string figureNames();

} // namespace myriad::engine::tour
