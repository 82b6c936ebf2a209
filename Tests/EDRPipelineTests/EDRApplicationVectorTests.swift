import ColorMath
import CubeFormat
import CubeTestSupport
import EDRPipeline
import LUTEngine
import TestSupport
import Testing

/// `edr_application.json` (Tests/Fixtures/conformance/README.md §2.5): every key, through the scalar and the
/// batch path, with the Float tolerance of §4 (rel 1e-3, abs 1e-4).
@Suite struct EDRApplicationVectorTests {
  /// One expected array of the file and how to reproduce it.
  struct Case: CustomTestStringConvertible, Sendable {
    var group: String
    var key: String
    /// A conformance cube file, or nil for an identity cube of `identitySize`.
    var cubeFile: String?
    var identitySize: Int = 0
    var space: CubeSpace
    var interpolation: Interpolation = .trilinear
    var policy: EDRPolicy = .default
    var working: WorkingSpace = .linearRec709
    var testDescription: String { "\(group).\(key)" }
  }

  static let sdr = CubeSpace(.srgb, primaries: .rec709)
  static let pq = CubeSpace(.pq, primaries: .rec2020, referenceWhite: 203)
  static let hlg = CubeSpace(.hlg, primaries: .rec2020, referenceWhite: 203)

  static let cases: [Case] = {
    var cases: [Case] = []
    let policies: [(String, EDRPolicy)] = [
      ("clamp", .clamp), ("linear", .linear), ("maxrgb", .maxRGB),
      ("tone_scaled_maxrgb", .toneScaledMaxRGB),
    ]
    for (name, policy) in policies {
      for (suffix, interpolation) in [
        ("", Interpolation.trilinear), ("_tetrahedral", .tetrahedral),
      ] {
        cases.append(
          Case(
            group: "sdr_cube_on_edr", key: name + suffix, cubeFile: "sdr_look_11.cube", space: sdr,
            interpolation: interpolation, policy: policy))
      }
    }
    for (name, policy) in [("clamp", EDRPolicy.clamp), ("tone_scaled_maxrgb", .toneScaledMaxRGB)] {
      cases.append(
        Case(
          group: "sdr_cube_on_edr", key: "identity_cube_" + name, identitySize: 11, space: sdr,
          policy: policy))
    }
    for (name, policy) in [("linear", EDRPolicy.linear), ("tone_scaled_maxrgb", .toneScaledMaxRGB)]
    {
      cases.append(
        Case(
          group: "sdr_cube_on_edr_bt1886", key: name, cubeFile: "sdr_look_11.cube",
          space: CubeSpace(.bt1886, primaries: .rec709), policy: policy))
    }
    let pqFile = "pq6_tone_scaled_maxrgb.cube"
    cases += [
      Case(group: "pq_cube_on_edr", key: "trilinear", cubeFile: pqFile, space: pq),
      Case(
        group: "pq_cube_on_edr", key: "tetrahedral", cubeFile: pqFile, space: pq,
        interpolation: .tetrahedral),
      Case(
        group: "pq_cube_on_edr", key: "ref_white_100_trilinear", cubeFile: pqFile,
        space: CubeSpace(.pq, referenceWhite: 100)),
      Case(
        group: "pq_cube_on_edr", key: "working_p3_trilinear", cubeFile: pqFile, space: pq,
        working: WorkingSpace(.linear, named: .p3)),
      Case(
        group: "pq_cube_on_edr",
        key: "identity_cube_trilinear_expected_is_input_clamped_to_rec2020_0_10000nits",
        identitySize: 6, space: pq),
    ]
    let hlgFile = "hlg_look_6.cube"
    cases += [
      Case(group: "hlg_cube_on_edr", key: "trilinear", cubeFile: hlgFile, space: hlg),
      Case(
        group: "hlg_cube_on_edr", key: "tetrahedral", cubeFile: hlgFile, space: hlg,
        interpolation: .tetrahedral),
      Case(
        group: "hlg_cube_on_edr", key: "ref_white_100_trilinear", cubeFile: hlgFile,
        space: CubeSpace(.hlg, referenceWhite: 100)),
      Case(
        group: "hlg_cube_on_edr", key: "identity_cube_trilinear", identitySize: 6, space: hlg),
    ]
    return cases
  }()

  @Test(arguments: cases)
  func vector(_ c: Case) throws {
    let file = try VectorFile("edr_application.json")
    let inputs = file.triples("edr_input_linear_rec709")
    let expected = file.triples(c.group, c.key)
    try #require(inputs.count == 40 && expected.count == 40, "missing \(c.testDescription)")
    if c.identitySize > 0 {
      #expect(file.number(c.group, "identity_cube_size") == Double(c.identitySize))
    }
    let lut =
      try c.cubeFile.map { CubeLUT(try TestCubes.vector($0)) }
      ?? TestCubes.identity(size: c.identitySize)
    let app = CubeApplication(
      lut: lut, space: c.space, working: c.working, interpolation: c.interpolation,
      policy: c.policy)
    // Batch: RGBA with a marker alpha that must survive.
    var buffer: [Float] = inputs.flatMap { x -> [Float] in
      [Float(x.x), Float(x.y), Float(x.z), 0.625]
    }
    buffer.withUnsafeMutableBufferPointer { app.apply(inPlace: $0, channels: 4, threads: 2) }
    for (i, (x, e)) in zip(inputs, expected).enumerated() {
      let scalar = SIMD3<Double>(app.apply(SIMD3<Float>(x)))
      let batch = SIMD3<Double>(SIMD3(buffer[4 * i], buffer[4 * i + 1], buffer[4 * i + 2]))
      for k in 0..<3 {
        expectClose(scalar[k], e[k], rel: 1e-3, abs: 1e-4, "scalar #\(i) \(x)")
        expectClose(batch[k], e[k], rel: 1e-3, abs: 1e-4, "batch #\(i) \(x)")
      }
      #expect(buffer[4 * i + 3] == 0.625)
    }
  }

  @Test func vectorCubesNameTheirSpaces() throws {
    let sdr = try TestCubes.vector("sdr_look_11.cube")
    let pq = try TestCubes.vector("pq6_tone_scaled_maxrgb.cube")
    let hlg = try TestCubes.vector("hlg_look_6.cube")
    #expect(try CubeSpace(comments: sdr.comments) == Self.sdr)
    #expect(try CubeSpace(comments: pq.comments) == Self.pq)
    #expect(try CubeSpace(comments: hlg.comments) == Self.hlg)
    // Built from the file, the space comes from the comment and PQ defaults to clamp.
    let app = try CubeApplication(file: pq)
    #expect(app.space == Self.pq && app.extrapolation == .clamp)
  }
}
