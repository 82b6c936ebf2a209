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

  /// `bounded` writes BoundedExtension's probes over the linear kernel; the others do not.
  @Test(arguments: ShaderLanguage.allCases)
  func boundedWrapsTheLinearKernel(_ language: ShaderLanguage) throws {
    let lut = CubeLUT(lut3D: Self.doubling(lo: -0.5, hi: 1.5))
    let bounded = try CubeShader(lut: lut, interpolation: .trilinear, extrapolation: .bounded)
      .source(language)
    #expect(bounded.contains(Self.declaration("EDRCUBE_CLAMP", "bool", "false", language)))
    #expect(bounded.contains("edrcube_largest(step) / remainder"))
    let vec3 = Self.vec3(language)
    let x = Self.number("1.5", language)
    #expect(
      bounded.contains("hi\(language == .wgsl ? ": vec3<f32>" : "") = \(vec3)(\(x), \(x), \(x));"))
    let linear = try CubeShader(lut: lut, interpolation: .trilinear, extrapolation: .linear)
      .source(language)
    #expect(!linear.contains("remainder"))
  }

  /// How `name` is declared with `value` in `language`'s source.
  static func declaration(
    _ name: String, _ type: String, _ value: String, _ language: ShaderLanguage
  )
    -> String
  {
    switch language {
    case .wgsl: "\(name): \(type) = \(value);"
    case .dctl: "#define \(name) (\(value))"
    default: "\(name) = \(value);"
    }
  }

  /// The vec3 constructor of `language`.
  static func vec3(_ language: ShaderLanguage) -> String {
    switch language {
    case .glsl: "vec3"
    case .hlsl, .msl, .coreimage: "float3"
    case .wgsl: "vec3<f32>"
    case .dctl: "make_float3"
    }
  }

  /// The Float literal `text` as `language` spells it (C's `f` in MSL and DCTL).
  static func number(_ text: String, _ language: ShaderLanguage) -> String {
    [.msl, .coreimage, .dctl].contains(language) ? text + "f" : text
  }

  @Test func stagesShadersDoNotRunAreRefused() {
    let shaper = CubeTable1D(
      size: 2, domainMin: .zero, domainMax: SIMD3(repeating: 1), values: [0, 0, 0, 1, 1, 1])
    #expect(throws: ShaderGenError.no3DTable) {
      try CubeShader(lut: CubeLUT(lut1D: shaper), interpolation: .trilinear, extrapolation: .linear)
    }
    #expect(
      throws: ShaderGenError.unsupportedStage(
        "a 1D shaper, with --table constant (use --table buffer)")
    ) {
      try CubeShader(
        lut: CubeLUT(lut1D: shaper, lut3D: Self.doubling()), interpolation: .trilinear,
        extrapolation: .linear, storage: .constant)
    }
    #expect(throws: ShaderGenError.unsupportedStage("LUT_IN_VIDEO_RANGE / LUT_OUT_VIDEO_RANGE")) {
      try CubeShader(
        lut: CubeLUT(lut3D: Self.doubling(), inputVideoRange: true), interpolation: .trilinear,
        extrapolation: .linear)
    }
  }

  /// A shaper runs before the 3D lookup: its nodes follow the 3D nodes in the buffer, and
  /// `bounded` caps below the shaper's domain (the first stage's), here −1…1.
  @Test(arguments: ShaderLanguage.allCases)
  func shapersRunBeforeTheCube(_ language: ShaderLanguage) throws {
    let shaper = CubeTable1D(
      size: 2, domainMin: SIMD3(repeating: -1), domainMax: SIMD3(repeating: 1),
      values: [0, 0, 0, 1, 1, 1])
    let shader = try CubeShader(
      lut: CubeLUT(lut1D: shaper, lut3D: Self.doubling()), interpolation: .tetrahedral,
      extrapolation: .bounded)
    #expect(shader.tableData == Self.doubling().values + shaper.values)
    let source = shader.source(language)
    #expect(source.contains(Self.declaration("EDRCUBE_SHAPER_OFFSET", "i32", "24", language)))
    #expect(source.contains("edrcube_shaper(x"))
    let vec3 = Self.vec3(language)
    let x = Self.number("-1.0", language)
    #expect(
      source.contains("lo\(language == .wgsl ? ": vec3<f32>" : "") = \(vec3)(\(x), \(x), \(x));"))
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
    let vec3 = Self.vec3(language)
    let n = { Self.number($0, language) }
    #expect(
      source.contains(
        Self.declaration(
          "EDRCUBE_SCALE", vec3 == "make_float3" ? "float3" : vec3,
          "\(vec3)(\(n("0.5")), \(n("0.5")), \(n("0.5")))", language)))
    #expect(source.contains("\(vec3)(\(n("-0.5")), \(n("-0.5")), \(n("-0.5")))"))
    let (lo, hi) = (n("-1.0"), n("3.0"))
    #expect(source.contains("\(lo), \(lo), \(lo), \(hi), \(lo), \(lo), \(lo), \(hi)"))
    #expect(source.contains(Self.declaration("EDRCUBE_CLAMP", "bool", "true", language)))
  }
}
