#pragma once
/**
 * @file text.h
 * Messages the engine writes for people (validation findings, design checks, their hints) as a
 * pattern with numbered arguments, so that an interface in another language can translate the
 * pattern and put the same arguments in. The engine has no translations (no Qt here): it only
 * marks its patterns with MYRIAD_TR_NOOP, which Qt's lupdate reads as QT_TRANSLATE_NOOP
 * (`-tr-function-alias QT_TRANSLATE_NOOP+=MYRIAD_TR_NOOP`, docs/i18n.md), and formats them in
 * English itself. The app translates a Text in context "EngineText" (app/shell/engine_text.h).
 *
 * Patterns use Qt's placeholders %1 … %9, each at most once; arguments are already written out
 * (ids, "12.5 kW"), so a translation reorders them but does not reformat numbers. A phrase that
 * is itself a pattern (" at 80 % utilisation") is a part: parts follow the arguments in the
 * numbering and are translated on their own.
 */

#include <string>
#include <utility>
#include <vector>

/** Marks `text` for lupdate in `context` and evaluates to it (a string literal). */
#define MYRIAD_TR_NOOP(context, text) text

namespace myriad::engine
{

/** The translation context of every engine pattern. */
inline constexpr const char* kEngineTextContext = "EngineText";

/** A message pattern and its arguments. */
struct Text
{
  Text() = default;
  /** A pattern, its arguments and its parts; braces `{ pattern, { args… } }` read the same. */
  Text(std::string pattern_, std::vector<std::string> args_ = {}, std::vector<Text> parts_ = {})
    : pattern(std::move(pattern_))
    , args(std::move(args_))
    , parts(std::move(parts_))
  {
  }

  std::string pattern;           ///< English, with %1 … %9; empty: no text
  std::vector<std::string> args; ///< the values of %1, %2, … in order
  std::vector<Text> parts;       ///< phrases for the placeholders after the arguments

  /** The values of every placeholder: the arguments, then each part written out. */
  std::vector<std::string> values() const;

  /** The English message: the pattern with each %n replaced by args[n-1]. */
  std::string str() const;
  bool empty() const { return pattern.empty(); }
};

/** `pattern` with %1 … %9 replaced by `args` (a %n without an argument stays as written). */
std::string formatText(const std::string& pattern, const std::vector<std::string>& args);

} // namespace myriad::engine
