# Warning flags and sanitizers shared by every Myriad target (through myriad_build_flags).
add_library(myriad_build_flags INTERFACE)
target_compile_options(myriad_build_flags INTERFACE
  $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic>
  $<$<COMPILE_LANG_AND_ID:CXX,GNU>:-Wshadow=local> # GCC's spelling; clang (fuzz builds) has none
  $<$<COMPILE_LANGUAGE:CXX>:-Wnon-virtual-dtor>
  $<$<AND:$<BOOL:${MYRIAD_STRICT_BUILD}>,$<COMPILE_LANGUAGE:CXX>>:-Werror>)

# MYRIAD_ASSERT (engine/include/myriad/engine/assert.h) checks invariants in debug and sanitizer
# builds; MYRIAD_ASSERTS=ON forces it on in any build type (the sanitizer gates use it).
option(MYRIAD_ASSERTS "Check MYRIAD_ASSERT invariants in every build type" OFF)
if(MYRIAD_ASSERTS OR NOT MYRIAD_SANITIZER STREQUAL "none")
  target_compile_definitions(myriad_build_flags INTERFACE MYRIAD_ENABLE_ASSERTS)
else()
  target_compile_definitions(myriad_build_flags INTERFACE $<$<CONFIG:Debug>:MYRIAD_ENABLE_ASSERTS>)
endif()

if(NOT MYRIAD_SANITIZER STREQUAL "none")
  set(_san ${MYRIAD_SANITIZER})
  # Every finding stops the test (-fno-sanitize-recover): a sanitizer gate fails on the first.
  target_compile_options(myriad_build_flags INTERFACE
    $<$<COMPILE_LANGUAGE:CXX>:-fsanitize=${_san} -fno-omit-frame-pointer -fno-sanitize-recover=all>)
  target_link_options(myriad_build_flags INTERFACE -fsanitize=${_san})
endif()

# libFuzzer targets (fuzz/, docs/dev/FUZZING.md): clang only. The engine gets coverage
# instrumentation (fuzzer-no-link) so the fuzzers see its branches; it is linked too, so the
# build's other executables (CLI, tests) still link against the instrumented engine.
option(MYRIAD_BUILD_FUZZ "Build the libFuzzer targets in fuzz/ (clang only)" OFF)
if(MYRIAD_BUILD_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "MYRIAD_BUILD_FUZZ=ON needs clang (libFuzzer), but the C++ compiler is "
      "${CMAKE_CXX_COMPILER_ID}: configure a new build folder with CC=clang CXX=clang++.")
  endif()
  target_compile_options(myriad_build_flags INTERFACE
    $<$<COMPILE_LANGUAGE:CXX>:-fsanitize=fuzzer-no-link>)
  target_link_options(myriad_build_flags INTERFACE -fsanitize=fuzzer-no-link)
endif()
