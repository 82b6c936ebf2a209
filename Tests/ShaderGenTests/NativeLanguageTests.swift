import CubeFormat
import LUTEngine
import ShaderGen
import Testing

/// What the MSL, Core Image and DCTL sources hold that the other languages do not (their
/// numerics run as C++ against scripts/gpu/msl_shim and dctl_shim in shader_check.py).
struct NativeLanguageTests {
  static let shaper = CubeTable1D(
    size: 3, domainMin: .zero, domainMax: SIMD3(repeating: 1),
    values: [0, 0, 0, 0.25, 0.5, 0.75, 1, 1, 1])

  /// Every Float literal has C's `f` (an unsuffixed one is a double in C and MSL), the bit
  /// tests' hexadecimal constants are untouched, and the tetrahedral blend reads as written.
  @Test(arguments: [ShaderLanguage.msl, .coreimage, .dctl])
  func floatLiteralsAreFloats(_ language: ShaderLanguage) throws {
    let lut = CubeLUT(lut3D: CubeShaderTests.doubling(lo: -0.5, hi: 1.5))
    let source = try CubeShader(lut: lut, interpolation: .tetrahedral, extrapolation: .bounded)
      .source(language)
    // A decimal literal without C's `f`, outside names and hexadecimal numbers.
    let unsuffixed = /(^|[^\w.])\d+\.\d*(e[+-]?\d+)?(?![\w.])/
    #expect(source.firstMatch(of: unsuffixed.anchorsMatchLineEndings()) == nil)
    #expect(source.contains("float w0 = 1.0f - wc.x;"))
    #expect(source.contains("0x7fffffffu") && source.contains("0xff800000u"))
  }

  /// The Core Image table image: `N` texels a row, `N²` rows of nodes, then the shaper's
  /// entries (3 of them in one row of 2 texels, so 2 rows); texel `i` is node `i`, alpha 1, the
  /// rest of the last row zero; the kernel reads texel centres through the sampler.
  @Test func coreImageTableIsAnImageOfNodes() throws {
    let shader = try CubeShader(
      lut: CubeLUT(lut1D: Self.shaper, lut3D: CubeShaderTests.doubling()),
      interpolation: .trilinear, extrapolation: .linear)
    #expect(shader.tableRows == 6)
    let texels = shader.tableTexels
    #expect(texels.count == 4 * 2 * 6)
    #expect(Array(texels[4..<8]) == [2, 0, 0, 1])
    #expect(Array(texels[36..<40]) == [0.25, 0.5, 0.75, 1])
    #expect(Array(texels[44..<48]) == [0, 0, 0, 0])
    let source = shader.source(.coreimage)
    #expect(source.contains("constant float EDRCUBE_TABLE_ROWS = 6.0f;"))
    #expect(source.contains("edrcube_table.sample(edrcube_table.transform(p)).rgb"))
    #expect(source.contains("float4 edrcube_kernel(sampler image, sampler edrcube_table)"))
    // The shaper's Floats are texel components: component (i % 3) of texel i / 3.
    #expect(source.contains("edrcube_node((i) / 3, edrcube_table)[(i) % 3]"))
  }

  /// A DCTL calls only DCTL's scalar functions and its own helpers (no vector builtins, no
  /// indexing of a float3: Resolve's CUDA back end has neither), holds the table in the source
  /// whatever the storage, and ends in `transform`.
  @Test func dctlIsPortableAcrossResolvesBackEnds() throws {
    let shader = try CubeShader(
      lut: CubeLUT(lut1D: Self.shaper, lut3D: CubeShaderTests.doubling()),
      interpolation: .tetrahedral, extrapolation: .bounded)
    let source = shader.source(.dctl)
    let builtin = /(^|[^\w])(min|max|clamp|floor|fma|mad|pow|exp|exp2|log|sqrt|abs|any)\(/
    #expect(source.firstMatch(of: builtin.anchorsMatchLineEndings()) == nil)
    #expect(source.firstMatch(of: /\w\[k\]/) == nil)
    #expect(source.contains("__CONSTANT__ float edrcube_table[33] = {"))
    #expect(source.contains("__DEVICE__ float3 transform(int p_Width, int p_Height, int p_X"))
    #expect(source.contains("clamped = edrcube_set(clamped, k, edrcube_get(lo, k));"))
  }

  /// The Metal kernel takes the table as `[[buffer(0)]]`, and every function that reads it
  /// passes it on; with a constant table it is a `constant` array and no parameter.
  @Test func metalPassesTheTableBuffer() throws {
    let lut = CubeLUT(lut3D: CubeShaderTests.doubling())
    let buffer = try CubeShader(lut: lut, interpolation: .trilinear, extrapolation: .clamp)
      .source(.msl)
    #expect(buffer.contains("const device float* edrcube_table [[buffer(0)]]"))
    #expect(buffer.contains("float3 edrcube_lookup(float3 x, const device float* edrcube_table)"))
    #expect(buffer.contains("edrcube_apply(p.rgb, edrcube_table)"))
    let constant = try CubeShader(
      lut: lut, interpolation: .trilinear, extrapolation: .clamp, storage: .constant
    ).source(.msl)
    #expect(constant.contains("constant float edrcube_table[24] = {"))
    #expect(!constant.contains("[[buffer(0)]]"))
    #expect(constant.contains("edrcube_apply(p.rgb)"))
  }
}
