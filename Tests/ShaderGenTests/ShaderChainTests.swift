import ColorMath
import CubeFormat
import EDRPipeline
import LUTEngine
import ShaderGen
import Testing

/// What `CubeShader(application:)` writes around the lookup, and what it refuses (the numerics
/// run on lavapipe in scripts/gpu/shader_check.py, `make test`).
struct ShaderChainTests {
  static let lut = CubeLUT(lut3D: CubeShaderTests.doubling())

  static func application(
    _ space: CubeSpace, output: CubeSpace? = nil, working: WorkingSpace = .linearRec709,
    policy: EDRPolicy = .default, toneMap: EDRToneMap? = nil
  ) -> CubeApplication {
    CubeApplication(
      lut: lut, space: space, outputSpace: output, working: working, policy: policy,
      toneMap: toneMap)
  }

  /// rising-maxrgb on an SDR cube: the division by max(R, G, B) above white, the sRGB curves
  /// both ways, `h(m)` with the look's own constants, and `bounded` (the default) underneath.
  @Test(arguments: ShaderLanguage.allCases)
  func sdrCubeRunsThePolicy(_ language: ShaderLanguage) throws {
    let application = Self.application(CubeSpace(.srgb))
    let source = try CubeShader(application: application).source(language)
    #expect(source.contains("signal = "))
    #expect(source.contains("edrcube_srgb_encode(") && source.contains("edrcube_srgb_decode("))
    let n = { CubeShaderTests.number($0, language) }
    #expect(source.contains("top > \(n("1.0"))"))
    let rising = n("\(application.continuation.risingFactor)")
    let exp = language == .dctl ? "_expf" : "exp"
    #expect(
      source.contains("m - \(rising) * (\(n("1.0")) - \(exp)((\(n("1.0")) - m) * \(n("1.0"))))"))
    #expect(source.contains("edrcube_largest(step) / remainder"))
    #expect(source.contains("srgb cube (linear working space), policy rising-maxrgb"))
  }

  /// A PQ cube in Rec.2020 under linear Rec.709: both matrices, the reference white, and the
  /// PQ curves in their cancellation-free form.
  @Test func pqCubeConvertsPrimariesAndLuminance() throws {
    let application = Self.application(CubeSpace(.pq))
    let source = try CubeShader(application: application).source(.glsl)
    let toCube = try #require(application.toCube)
    let fromCube = try #require(application.fromCube)
    #expect(source.contains("\(toCube.rows.0.x) * w.x"))
    #expect(source.contains("\(fromCube.rows.0.x) * o.x"))
    #expect(source.contains("w * 203.0"))
    #expect(source.contains("0.1640625 * (1.0 - y)"))
    #expect(!source.contains("top > 1.0"))
  }

  /// A log cube with a display output: the log curve in, BT.1886 out.
  @Test func logToDisplayCubeUsesBothCurves() throws {
    let application = Self.application(
      CubeSpace(.logc3), output: CubeSpace(.bt1886, primaries: .rec709))
    let source = try CubeShader(application: application).source(.wgsl)
    #expect(source.contains("fn edrcube_logc3_encode(x: f32) -> f32"))
    #expect(source.contains("fn edrcube_bt1886_decode(x: f32) -> f32"))
  }

  @Test func rawCubesWriteTheLookupAlone() throws {
    let source = try CubeShader(application: Self.application(CubeSpace(.raw))).source(.hlsl)
    #expect(source.contains("float3 edrcube_apply(float3 rgb) { return edrcube_cube(rgb); }"))
  }

  @Test func toneMapsAndCurvesWithoutAShaderFormAreRefused() {
    let toneMap = EDRToneMap.headroom(2, inputPeak: 49)
    #expect(throws: ShaderGenError.unsupportedChain("a tone map (--peak / --headroom)")) {
      try CubeShader(application: Self.application(CubeSpace(.srgb), toneMap: toneMap))
    }
    #expect(throws: ShaderGenError.unsupportedCurve("cineon")) {
      try CubeShader(application: Self.application(CubeSpace(.cineon)))
    }
    #expect(ShaderGenError.unsupportedCurve("cineon").description.contains("logc3"))
  }
}
