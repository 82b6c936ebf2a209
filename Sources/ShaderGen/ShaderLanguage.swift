/// A shading language ``CubeShader`` writes.
public enum ShaderLanguage: String, Sendable, Hashable, CaseIterable {
  /// GLSL 4.50 (Vulkan / OpenGL 4.3+) compute shader: `glslangValidator -V` compiles it.
  case glsl
  /// WGSL (WebGPU) compute shader.
  case wgsl
  /// HLSL (Direct3D 12 shader model 5.0+, or Vulkan through `glslangValidator -D` / DXC -spirv)
  /// compute shader with `[[vk::binding]]` attributes.
  case hlsl
  /// Metal Shading Language compute kernel (`kernel void edrcube_main`), the table at
  /// `[[buffer(0)]]`, the pixels at `[[buffer(1)]]`, their count at `[[buffer(2)]]`.
  case msl
  /// A Core Image kernel in Metal (`float4 edrcube_kernel(sampler image, sampler table)`,
  /// a general `CIKernel`: a `CIColorKernel` takes no sampler) with the table as an image of
  /// RGBA Float32 texels read at their centres (``CubeShader/tableTexels``).
  case coreimage
  /// A DaVinci Resolve DCTL: `__DEVICE__ float3 transform(…)` with the table as `__CONSTANT__`
  /// data in the source.
  case dctl
}

/// Where a generated shader finds the cube's nodes.
public enum ShaderTableStorage: String, Sendable, Hashable, CaseIterable {
  /// A read-only storage buffer at binding 0 (a Metal `[[buffer(0)]]`, a Core Image sampler):
  /// `3·N³` Float32 values, red fastest (the `.cube` file's own order), as
  /// ``CubeShader/tableData`` gives them. DCTL has no such binding and always uses `constant`.
  case buffer
  /// A constant array in the source itself (cubes up to ``CubeShader/maximumConstantSize``;
  /// DCTL any size).
  case constant
}
