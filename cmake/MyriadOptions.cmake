# Build options, all prefixed MYRIAD_. See docs/dev/ARCHITECTURE.md.
include(CMakeDependentOption)

option(MYRIAD_BUILD_SCENES "Build the VTK scene layer (scenes/) and rendering in myriad-cli" ON)
cmake_dependent_option(MYRIAD_BUILD_APP "Build the Qt 6 desktop application" ON
  "MYRIAD_BUILD_SCENES" OFF)
set(MYRIAD_ENABLE_CUDA "AUTO" CACHE STRING "Build the CUDA backend: ON, OFF or AUTO (when nvcc is found)")
set_property(CACHE MYRIAD_ENABLE_CUDA PROPERTY STRINGS ON OFF AUTO)
set(MYRIAD_CUDA_ARCHITECTURES "75;80;86;89;90" CACHE STRING
  "CUDA architectures to compile for (never 'native': CI machines have no GPU)")
option(MYRIAD_STRICT_BUILD "Treat compiler warnings as errors" OFF)
set(MYRIAD_SANITIZER "none" CACHE STRING
  "Sanitizers (-fsanitize=): none, address, undefined, address,undefined or thread")
set_property(CACHE MYRIAD_SANITIZER PROPERTY STRINGS none address undefined address,undefined thread)
option(BUILD_TESTING "Build the tests" ON)
