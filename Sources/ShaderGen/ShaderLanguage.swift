/// A shading language ``CubeShader`` writes.
public enum ShaderLanguage: String, Sendable, Hashable, CaseIterable {
  /// GLSL 4.50 (Vulkan / OpenGL 4.3+) compute shader: `glslangValidator -V` compiles it.
  case glsl
  /// WGSL (WebGPU) compute shader.
  case wgsl
  /// HLSL (Direct3D 12 shader model 5.0+, or Vulkan through `glslangValidator -D` / DXC -spirv)
  /// compute shader with `[[vk::binding]]` attributes.
  case hlsl
}

/// Where a generated shader finds the cube's nodes.
public enum ShaderTableStorage: String, Sendable, Hashable, CaseIterable {
  /// A read-only storage buffer at binding 0: `3·N³` Float32 values, red fastest (the
  /// `.cube` file's own order), as ``CubeShader/tableData`` gives them.
  case buffer
  /// A constant array in the source itself (cubes up to ``CubeShader/maximumConstantSize``).
  case constant
}
