# myriad_add_qtest(FILE LABEL LIBS...): one Qt Test executable per test file, labelled.
# Tests labelled "gl" need an X display: under CI they run inside xvfb-run (see tests/run-gl.sh),
# and a GL test that finds no display fails when CI=true instead of skipping.
function(myriad_add_qtest source label)
  get_filename_component(_name ${source} NAME_WE)
  add_executable(${_name} ${source})
  target_link_libraries(${_name} PRIVATE Qt6::Test myriad_build_flags ${ARGN})
  set_target_properties(${_name} PROPERTIES AUTOMOC ON)
  target_compile_definitions(${_name} PRIVATE
    MYRIAD_SOURCE_DIR="${PROJECT_SOURCE_DIR}" MYRIAD_BINARY_DIR="${PROJECT_BINARY_DIR}")
  set(_labels ${label})
  set(_cmd $<TARGET_FILE:${_name}>)
  if(label STREQUAL "scenes" OR label STREQUAL "app" OR label STREQUAL "gl")
    list(APPEND _labels gl)
    set(_cmd ${PROJECT_SOURCE_DIR}/tests/run-gl.sh $<TARGET_FILE:${_name}>)
  endif()
  add_test(NAME ${_name} COMMAND ${_cmd})
  set_tests_properties(${_name} PROPERTIES LABELS "${_labels}" TIMEOUT 600 SKIP_RETURN_CODE 77
    ENVIRONMENT "MYRIAD_SOURCE_DIR=${PROJECT_SOURCE_DIR};QT_QPA_PLATFORM_PLUGIN_PATH=")
endfunction()
