// spirv-cross --msl includes <simd/simd.h>; the shim (../metal_stdlib) defines what the kernels use.
#pragma once
