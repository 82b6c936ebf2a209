// A CPU stand-in for DaVinci Resolve's DCTL environment, as far as `edrcube shader --lang dctl`
// uses it, so that scripts/gpu/shader_check.py can compile a DCTL as C++ and run its transform()
// against the CPU engine. float3 is a plain struct with CUDA's helper operators (+, −, *, / with
// vectors and scalars) and nothing else: no indexing and no vector functions, as on Resolve's
// CUDA back end. The scalar functions are the host libm's (no fast math, no contraction); this
// checks the DCTL's structure and formulas, not a GPU's precision.
#pragma once
#include <cmath>
#include <cstring>

#define __DEVICE__ static inline
#define __CONSTANT__ static const
#define DEVICE_IS_CUDA 1

typedef unsigned int uint;
struct float3 {
  float x, y, z;
};

__DEVICE__ float3 make_float3(float x, float y, float z) { return float3{x, y, z}; }
__DEVICE__ float3 operator+(float3 a, float3 b) { return make_float3(a.x + b.x, a.y + b.y, a.z + b.z); }
__DEVICE__ float3 operator-(float3 a, float3 b) { return make_float3(a.x - b.x, a.y - b.y, a.z - b.z); }
__DEVICE__ float3 operator*(float3 a, float3 b) { return make_float3(a.x * b.x, a.y * b.y, a.z * b.z); }
__DEVICE__ float3 operator/(float3 a, float3 b) { return make_float3(a.x / b.x, a.y / b.y, a.z / b.z); }
__DEVICE__ float3 operator+(float3 a, float b) { return make_float3(a.x + b, a.y + b, a.z + b); }
__DEVICE__ float3 operator-(float3 a, float b) { return make_float3(a.x - b, a.y - b, a.z - b); }
__DEVICE__ float3 operator*(float3 a, float b) { return make_float3(a.x * b, a.y * b, a.z * b); }
__DEVICE__ float3 operator/(float3 a, float b) { return make_float3(a.x / b, a.y / b, a.z / b); }
__DEVICE__ float3 operator+(float b, float3 a) { return make_float3(b + a.x, b + a.y, b + a.z); }
__DEVICE__ float3 operator-(float b, float3 a) { return make_float3(b - a.x, b - a.y, b - a.z); }
__DEVICE__ float3 operator*(float b, float3 a) { return make_float3(b * a.x, b * a.y, b * a.z); }
__DEVICE__ float3 operator-(float3 a) { return make_float3(-a.x, -a.y, -a.z); }

__DEVICE__ float _fabs(float x) { return std::fabs(x); }
__DEVICE__ float _fminf(float a, float b) { return std::fmin(a, b); }
__DEVICE__ float _fmaxf(float a, float b) { return std::fmax(a, b); }
__DEVICE__ float _floorf(float x) { return std::floor(x); }
__DEVICE__ float _fmaf(float a, float b, float c) { return std::fma(a, b, c); }
__DEVICE__ float _powf(float x, float y) { return std::pow(x, y); }
__DEVICE__ float _expf(float x) { return std::exp(x); }
__DEVICE__ float _exp2f(float x) { return std::exp2(x); }
__DEVICE__ float _logf(float x) { return std::log(x); }
__DEVICE__ float _sqrtf(float x) { return std::sqrt(x); }
__DEVICE__ uint __float_as_uint(float x) {
  uint u;
  std::memcpy(&u, &x, sizeof u);
  return u;
}
