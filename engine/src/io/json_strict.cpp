/**
 * @file json_strict.cpp
 * The one JSON parser of the engine's document readers: nlohmann's SAX parser feeding a DOM
 * builder that bounds the document (elements per array, values in all, nesting depth) while
 * it reads, so a huge array is refused after its first million elements instead of after
 * gigabytes of allocation, and that knows the JSON path of the value being read, so a number
 * beyond the range of a double ("1e999") is reported at its path. Every failure is a LoadError
 * in plain words with line and column; no message of the JSON library reaches the user.
 */
#include "io/json_reader.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string_view>
#include <utility>

namespace myriad::engine::detail
{

namespace
{

using nlohmann::json;

/** 1-based line and column of byte `offset` in `text`. */
std::string lineColumn(std::string_view text, std::size_t offset)
{
  std::size_t line = 1;
  std::size_t column = 1;
  const std::size_t end = std::min(offset, text.size());
  for (std::size_t i = 0; i + 1 < end; ++i)
  {
    if (text[i] == '\n')
    {
      ++line;
      column = 1;
    }
    else
    {
      ++column;
    }
  }
  return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

/** RFC 6901 escaping of one path segment. */
std::string pointerSegment(const std::string& key)
{
  std::string out;
  for (char c : key)
    out += c == '~' ? std::string("~0") : c == '/' ? std::string("~1") : std::string(1, c);
  return out;
}

/** The token as a short printable excerpt for messages. */
std::string excerpt(const std::string& token)
{
  std::string out;
  for (char c : token.substr(0, 24))
    out += std::isprint(static_cast<unsigned char>(c)) ? c : '?';
  return token.size() > 24 ? out + "…" : out;
}

/** The lexer stops at the first letter of a bare word: "N", "In", "-Infinity"… */
bool looksLikeNanOrInfinity(const std::string& token)
{
  std::size_t start = token.size();
  while (start > 0 && std::isalpha(static_cast<unsigned char>(token[start - 1])))
    --start;
  std::string word;
  for (char c : token.substr(start))
    word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return !word.empty() && (std::string("nan").starts_with(word) || word.starts_with("nan") ||
                           std::string("infinity").starts_with(word) || word.starts_with("inf"));
}

class BoundedDomBuilder
{
public:
  BoundedDomBuilder(std::string_view text, const JsonLimits& limits)
    : m_text(text)
    , m_limits(limits)
  {
  }

  bool null() { return add(json(nullptr)); }
  bool boolean(bool value) { return add(json(value)); }
  bool number_integer(json::number_integer_t value) { return add(json(value)); }
  bool number_unsigned(json::number_unsigned_t value) { return add(json(value)); }
  bool number_float(json::number_float_t value, const std::string&) { return add(json(value)); }
  bool string(std::string& value) { return add(json(std::move(value))); }
  bool binary(json::binary_t& value) { return add(json::binary(std::move(value))); }
  bool start_object(std::size_t) { return open(json::value_t::object); }
  bool start_array(std::size_t) { return open(json::value_t::array); }
  bool end_object() { return close(); }
  bool end_array() { return close(); }

  bool key(std::string& key)
  {
    Level& level = m_stack.back();
    level.key = key;
    m_slot = &(*level.container)[key];
    return true;
  }

  bool parse_error(std::size_t position, const std::string& token,
                   const nlohmann::detail::exception& error)
  {
    const std::string where = lineColumn(m_text, position);
    m_offset = position;
    m_token = token;
    m_overflow = error.id == 406;
    if (m_overflow) // number overflow: the lexer read a number beyond the range of a double
      return refuse(pendingPath(),
                    "got " + excerpt(token) + " (" + where + "), beyond the range of a number",
                    "a finite number");
    if (looksLikeNanOrInfinity(token))
      return refuse(where, "not valid JSON: NaN and Infinity are not JSON numbers",
                    "a finite number");
    if (token.empty() || std::string(error.what()).find("end of input") != std::string::npos)
      return refuse(where, "not valid JSON: the text ends before the document is complete",
                    "a complete JSON document");
    return refuse(where, "not valid JSON near \"" + excerpt(token) + "\"", "a JSON document");
  }

  json takeRoot() { return std::move(m_root); }
  bool failed() const { return !m_errorPath.empty(); }
  JsonFailure failure() const
  {
    return { m_errorPath, m_errorMessage, m_errorExpected, m_offset, m_overflow, m_token };
  }

private:
  struct Level
  {
    json* container = nullptr;
    std::string key; ///< the key being read, for objects
  };

  bool refuse(std::string path, std::string message, std::string expected)
  {
    m_errorPath = path.empty() ? "/" : std::move(path);
    m_errorMessage = std::move(message);
    m_errorExpected = std::move(expected);
    return false;
  }

  /** The JSON path of the value about to be added. */
  std::string pendingPath() const
  {
    std::string path;
    for (std::size_t i = 0; i < m_stack.size(); ++i)
    {
      const json& c = *m_stack[i].container;
      if (c.is_array())
      {
        const std::size_t index = i + 1 == m_stack.size() ? c.size() : c.size() - 1;
        path += "/" + std::to_string(index);
      }
      else
      {
        path += "/" + pointerSegment(m_stack[i].key);
      }
    }
    return path;
  }

  /** Place `value` in the open container (or as the root); `placed` receives its address. */
  bool add(json&& value, json** placed = nullptr)
  {
    if (++m_values > m_limits.maxValues)
      return refuse(pendingPath(),
                    "more than " + std::to_string(m_limits.maxValues) + " values in the document",
                    "a document of at most " + std::to_string(m_limits.maxValues) + " values");
    json* where = &m_root;
    if (!m_stack.empty())
    {
      json& container = *m_stack.back().container;
      if (container.is_array())
      {
        if (container.size() >= m_limits.maxArrayElements)
          return refuse(
            pendingPath(),
            "array longer than " + std::to_string(m_limits.maxArrayElements) + " elements",
            "an array of at most " + std::to_string(m_limits.maxArrayElements) + " elements");
        container.push_back(std::move(value));
        where = &container.back();
      }
      else
      {
        *m_slot = std::move(value);
        where = m_slot;
      }
    }
    else
    {
      m_root = std::move(value);
    }
    if (placed != nullptr)
      *placed = where;
    return true;
  }

  bool open(json::value_t type)
  {
    if (m_stack.size() >= m_limits.maxDepth)
      return refuse(pendingPath(),
                    "nested deeper than " + std::to_string(m_limits.maxDepth) + " levels",
                    "at most " + std::to_string(m_limits.maxDepth) + " nested objects or arrays");
    json* placed = nullptr;
    if (!add(json(type), &placed))
      return false;
    m_stack.push_back({ placed, {} });
    return true;
  }

  bool close()
  {
    m_stack.pop_back();
    return true;
  }

  std::string_view m_text;
  JsonLimits m_limits;
  json m_root;
  std::vector<Level> m_stack;
  json* m_slot = nullptr;
  std::size_t m_values = 0;
  std::string m_errorPath;
  std::string m_errorMessage;
  std::string m_errorExpected;
  std::size_t m_offset = 0;
  bool m_overflow = false;
  std::string m_token;
};

} // namespace

std::optional<JsonFailure> parseJsonBoundedInto(std::string_view text, nlohmann::json& out,
                                                const JsonLimits& limits)
{
  BoundedDomBuilder builder(text, limits);
  const bool ok = nlohmann::json::sax_parse(text.begin(), text.end(), &builder);
  if (ok && !builder.failed())
  {
    out = builder.takeRoot();
    return std::nullopt;
  }
  if (!builder.failed()) // the SAX parser stopped without saying why (not expected)
    return JsonFailure{ "/", "not valid JSON", "a JSON document", 0, false, {} };
  return builder.failure();
}

nlohmann::json parseJsonBounded(const std::string& text, const std::string& fileName,
                                const JsonLimits& limits)
{
  nlohmann::json root;
  if (const auto failure = parseJsonBoundedInto(text, root, limits))
    throw LoadError(fileName, failure->path, failure->message, failure->expected);
  return root;
}

} // namespace myriad::engine::detail
