import CubeFormat
import LUTEngine
import ShaderGen
import Testing

/// What `CubeShader` refuses, and the constants it writes (the numerics run on lavapipe in
/// scripts/gpu/shader_check.py, `make test`).
struct CubeShaderTests {
  /// The size-2 cube x → 2x over the domain `lo…hi`.
  static func doubling(lo: Float = 0, hi: Float = 1) -> CubeTable3D {
    var values: [Float] = []
    for b in 0..<2 {
      for g in 0..<2 {
        for r in 0..<2 {
          values += [r, g, b].map { Float($0) * 2 * (hi - lo) + 2 * lo }
        }
      }
    }
    return CubeTable3D(
      size: 2, domainMin: SIMD3(repeating: lo), domainMax: SIMD3(repeating: hi), values: values)
  }

  @Test func boundedIsRefusedNamingTheAlternatives() {
    #expect(throws: ShaderGenError.boundedExtrapolation) {
      try CubeShader(
        lut: CubeLUT(lut3D: Self.doubling()), interpolation: .trilinear, extrapolation: .bounded)
    }
    #expect(ShaderGenError.boundedExtrapolation.description.contains("linear or clamp"))
  }

  @Test func stagesShadersDoNotRunAreRefused() {
    let shaper = CubeTable1D(
      size: 2, domainMin: .zero, domainMax: SIMD3(repeating: 1), values: [0, 0, 0, 1, 1, 1])
    #expect(throws: ShaderGenError.no3DTable) {
      try CubeShader(lut: CubeLUT(lut1D: shaper), interpolation: .trilinear, extrapolation: .linear)
    }
    #expect(throws: ShaderGenError.unsupportedStage("a 1D shaper")) {
      try CubeShader(
        lut: CubeLUT(lut1D: shaper, lut3D: Self.doubling()), interpolation: .trilinear,
        extrapolation: .linear)
    }
    #expect(throws: ShaderGenError.unsupportedStage("LUT_IN_VIDEO_RANGE / LUT_OUT_VIDEO_RANGE")) {
      try CubeShader(
        lut: CubeLUT(lut3D: Self.doubling(), inputVideoRange: true), interpolation: .trilinear,
        extrapolation: .linear)
    }
  }

  @Test func constantTablesStopAt9() throws {
    let n = 10
    let big = CubeTable3D(
      size: n, domainMin: .zero, domainMax: SIMD3(repeating: 1),
      values: [Float](repeating: 0, count: 3 * n * n * n))
    #expect(throws: ShaderGenError.constantTableTooLarge(size: 10)) {
      try CubeShader(
        lut: CubeLUT(lut3D: big), interpolation: .tetrahedral, extrapolation: .clamp,
        storage: .constant)
    }
  }

  /// The domain −0.5…1.5 on 2 nodes: scale (2 − 1)/2 = 0.5, lower edge −0.5; the constant
  /// table holds the nodes 2·(lo + k·span) = −1 and 3 in file order.
  @Test(arguments: ShaderLanguage.allCases)
  func geometryAndNodesAreWrittenExactly(_ language: ShaderLanguage) throws {
    let shader = try CubeShader(
      lut: CubeLUT(lut3D: Self.doubling(lo: -0.5, hi: 1.5)), interpolation: .trilinear,
      extrapolation: .clamp, storage: .constant)
    let source = shader.source(language)
    let vec3 = language == .glsl ? "vec3" : "vec3<f32>"
    #expect(
      source.contains(
        "EDRCUBE_SCALE\(language == .glsl ? "" : ": vec3<f32>") = \(vec3)(0.5, 0.5, 0.5);"))
    #expect(source.contains("\(vec3)(-0.5, -0.5, -0.5)"))
    #expect(source.contains("-1.0, -1.0, -1.0, 3.0, -1.0, -1.0, -1.0, 3.0"))
    #expect(source.contains("EDRCUBE_CLAMP\(language == .glsl ? "" : ": bool") = true"))
  }
}
