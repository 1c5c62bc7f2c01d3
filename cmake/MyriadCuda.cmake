# Optional CUDA backend. MYRIAD_ENABLE_CUDA=AUTO builds it when nvcc is found; ON fails loudly
# when it is not. Architectures are always explicit ('native' fails on machines without a GPU).
set(MYRIAD_HAVE_CUDA OFF)
string(TOUPPER "${MYRIAD_ENABLE_CUDA}" _cuda_mode)
if(NOT _cuda_mode STREQUAL "OFF")
  if(NOT CMAKE_CUDA_COMPILER AND EXISTS /usr/local/cuda/bin/nvcc)
    set(CMAKE_CUDA_COMPILER /usr/local/cuda/bin/nvcc)
  endif()
  include(CheckLanguage)
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    set(CMAKE_CUDA_ARCHITECTURES "${MYRIAD_CUDA_ARCHITECTURES}")
    enable_language(CUDA)
    find_package(CUDAToolkit REQUIRED)
    # CMake 3.25 knows no CUDA20 dialect: cuda/CMakeLists.txt passes -std=c++20 to nvcc itself.
    set(MYRIAD_HAVE_CUDA ON)
  elseif(_cuda_mode STREQUAL "ON")
    message(FATAL_ERROR "MYRIAD_ENABLE_CUDA=ON but no CUDA compiler (nvcc) was found. "
      "Install the CUDA toolkit or configure with -DMYRIAD_ENABLE_CUDA=OFF.")
  endif()
endif()
