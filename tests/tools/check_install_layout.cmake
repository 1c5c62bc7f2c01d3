# cmake -DBUILD_DIR=... -DPREFIX=... -DAPP_ID=... -DSOURCE_DIR=... -DDATADIR=share -P this
# Installs the "desktop" component into PREFIX and checks each file's location, and that the
# .desktop file, the metainfo and the MIME type refer to each other with the same id and type.
file(REMOVE_RECURSE "${PREFIX}")
execute_process(
  COMMAND ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${PREFIX}" --component desktop
  RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "cmake --install --component desktop failed (${_rc}):\n${_out}${_err}")
endif()

set(_share "${PREFIX}/${DATADIR}")
set(_expected
  "${_share}/applications/${APP_ID}.desktop"
  "${_share}/metainfo/${APP_ID}.metainfo.xml"
  "${_share}/icons/hicolor/scalable/apps/${APP_ID}.svg"
  "${_share}/mime/packages/${APP_ID}.xml"
  "${_share}/doc/myriad/copyright")
file(GLOB _samples "${SOURCE_DIR}/samples/*.json")
foreach(_sample ${_samples})
  get_filename_component(_name "${_sample}" NAME)
  list(APPEND _expected "${_share}/myriad/samples/${_name}")
endforeach()
foreach(_file ${_expected})
  if(NOT EXISTS "${_file}")
    message(FATAL_ERROR "not installed: ${_file}")
  endif()
endforeach()

# Cross references: desktop entry -> icon and MIME type; metainfo -> desktop entry.
file(READ "${_share}/applications/${APP_ID}.desktop" _desktop)
file(READ "${_share}/metainfo/${APP_ID}.metainfo.xml" _metainfo)
file(READ "${_share}/mime/packages/${APP_ID}.xml" _mime)
foreach(_check
    "_desktop|Icon=${APP_ID}\n"
    "_desktop|MimeType=application/x-myriad-scene;"
    "_metainfo|<id>${APP_ID}</id>"
    "_metainfo|<launchable type=\"desktop-id\">${APP_ID}.desktop</launchable>"
    "_mime|type=\"application/x-myriad-scene\""
    "_mime|pattern=\"*.myriad.json\"")
  string(FIND "${_check}" "|" _bar)
  string(SUBSTRING "${_check}" 0 ${_bar} _var)
  math(EXPR _start "${_bar} + 1")
  string(SUBSTRING "${_check}" ${_start} -1 _needle)
  string(FIND "${${_var}}" "${_needle}" _at)
  if(_at EQUAL -1)
    message(FATAL_ERROR "${_var} file lacks: ${_needle}")
  endif()
endforeach()
list(LENGTH _expected _count)
message(STATUS "desktop component: ${_count} files in place, ids consistent")
