# Warning flags and sanitizers shared by every Myriad target (through myriad_build_flags).
add_library(myriad_build_flags INTERFACE)
target_compile_options(myriad_build_flags INTERFACE
  $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Wshadow=local -Wnon-virtual-dtor>
  $<$<AND:$<BOOL:${MYRIAD_STRICT_BUILD}>,$<COMPILE_LANGUAGE:CXX>>:-Werror>)

if(NOT MYRIAD_SANITIZER STREQUAL "none")
  set(_san ${MYRIAD_SANITIZER})
  target_compile_options(myriad_build_flags INTERFACE
    $<$<COMPILE_LANGUAGE:CXX>:-fsanitize=${_san} -fno-omit-frame-pointer>)
  target_link_options(myriad_build_flags INTERFACE -fsanitize=${_san})
endif()
