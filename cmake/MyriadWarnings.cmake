# Warning flags and sanitizers shared by every Myriad target (through myriad_build_flags).
add_library(myriad_build_flags INTERFACE)
target_compile_options(myriad_build_flags INTERFACE
  $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Wshadow=local -Wnon-virtual-dtor>
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
  target_compile_options(myriad_build_flags INTERFACE
    $<$<COMPILE_LANGUAGE:CXX>:-fsanitize=${_san} -fno-omit-frame-pointer>)
  target_link_options(myriad_build_flags INTERFACE -fsanitize=${_san})
endif()
