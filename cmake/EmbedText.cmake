# cmake -DINPUTS="a.json;b.json" -DOUTPUT=file.cpp -P EmbedText.cmake
# Writes a C++ source defining myriad::engine::detail::builtinCatalogFiles(): the name and text of
# every catalog file. Texts are split into chunks so no single literal exceeds compiler limits.
set(_out "// Generated from samples/catalog/*.json; do not edit.\n#include <string>\n#include <utility>\n#include <vector>\nnamespace myriad::engine::detail {\nconst std::vector<std::pair<std::string, std::string>>& builtinCatalogFiles()\n{\n  static const std::vector<std::pair<std::string, std::string>> files = {\n")
foreach(_in ${INPUTS})
  file(READ "${_in}" _text)
  get_filename_component(_name "${_in}" NAME)
  string(LENGTH "${_text}" _len)
  string(APPEND _out "    {\"samples/catalog/${_name}\", std::string()\n")
  set(_pos 0)
  while(_pos LESS _len)
    string(SUBSTRING "${_text}" ${_pos} 8000 _chunk)
    string(APPEND _out "      + std::string(R\"myriad(${_chunk})myriad\")\n")
    math(EXPR _pos "${_pos} + 8000")
  endwhile()
  string(APPEND _out "    },\n")
endforeach()
string(APPEND _out "  };\n  return files;\n}\n} // namespace myriad::engine::detail\n")
file(WRITE "${OUTPUT}" "${_out}")
