# Which linker links Myriad's executables and shared objects (MYRIAD_LINKER):
#   AUTO    ld.lld when the compiler accepts -fuse-ld=lld (Debian's `lld`, installed by
#           scripts/install-deps.sh), else the toolchain's default (GNU ld.bfd);
#   lld, gold, bfd  that linker (configure fails when the compiler rejects it);
#   default the toolchain's default.
# Why: a test executable carries the app's static libraries with their debug information (about
# 180 MB); ld.bfd links one in ~6 s, ld.lld in ~1.4 s, and a build links ~120 of them
# (docs/benchmarks.md, "Quality gates").
include(CheckLinkerFlag)

set(MYRIAD_LINKER "AUTO" CACHE STRING "Linker: AUTO (lld when available), lld, gold, bfd or default")
set_property(CACHE MYRIAD_LINKER PROPERTY STRINGS AUTO lld gold bfd default)

set(_myriad_linker "")
if(MYRIAD_LINKER STREQUAL "AUTO")
  check_linker_flag(CXX "-fuse-ld=lld" MYRIAD_CXX_ACCEPTS_LLD)
  if(MYRIAD_CXX_ACCEPTS_LLD)
    set(_myriad_linker "lld")
  endif()
elseif(MYRIAD_LINKER MATCHES "^(lld|gold|bfd)$")
  check_linker_flag(CXX "-fuse-ld=${MYRIAD_LINKER}" MYRIAD_CXX_ACCEPTS_LINKER_${MYRIAD_LINKER})
  if(NOT MYRIAD_CXX_ACCEPTS_LINKER_${MYRIAD_LINKER})
    message(FATAL_ERROR "MYRIAD_LINKER=${MYRIAD_LINKER}: ${CMAKE_CXX_COMPILER} rejects "
                        "-fuse-ld=${MYRIAD_LINKER} (install it, or use AUTO or default)")
  endif()
  set(_myriad_linker "${MYRIAD_LINKER}")
elseif(NOT MYRIAD_LINKER STREQUAL "default")
  message(FATAL_ERROR "MYRIAD_LINKER=${MYRIAD_LINKER}: expected AUTO, lld, gold, bfd or default")
endif()

if(_myriad_linker)
  # Only where the C++ driver links: nvcc's device-link step keeps its own linker.
  add_link_options("$<$<LINK_LANGUAGE:CXX>:-fuse-ld=${_myriad_linker}>")
  set(MYRIAD_LINKER_USED "${_myriad_linker}")
else()
  set(MYRIAD_LINKER_USED "default")
endif()
