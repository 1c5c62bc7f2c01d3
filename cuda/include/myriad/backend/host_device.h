#pragma once
/**
 * @file host_device.h
 * MYRIAD_HOST_DEVICE marks small functions that both backends share: it expands to
 * `__host__ __device__` under nvcc and to nothing in plain C++ (CUTLASS's CUTLASS_HOST_DEVICE).
 * Headers that use it stay includable from Qt and VTK translation units.
 */

#if defined(__CUDACC__)
#define MYRIAD_HOST_DEVICE __host__ __device__
#else
#define MYRIAD_HOST_DEVICE
#endif
