import ColorMath
import CubeAuthoring
import CubeFormat
import EDRPipeline
import Foundation
import LUTEngine
import TestSupport
import Testing

/// Identities, transfer and gamut cubes, resize and compose (docs/semantics.md §8 `generate`).
@Suite struct CubeGeneratorTests {
  /// Evaluates a file's tables (raw) at `x`.
  static func evaluate(
    _ file: CubeFile, _ x: SIMD3<Double>, _ interpolation: Interpolation = .trilinear
  ) -> SIMD3<Double> {
    let processor = LUTProcessor(
      lut: CubeLUT(file), interpolation: interpolation, extrapolation: .linear)
    return SIMD3<Double>(processor.apply(SIMD3<Float>(x)))
  }

  /// Deterministic points in `[lo, hi]³`.
  static func points(_ count: Int, lo: Double = 0, hi: Double = 1) -> [SIMD3<Double>] {
    var rng = SeededGenerator(seed: 0x2545_F491_4F6C_DD1D)
    return (0..<count).map { _ in
      SIMD3(
        .random(in: lo...hi, using: &rng), .random(in: lo...hi, using: &rng),
        .random(in: lo...hi, using: &rng))
    }
  }

  @Test func identitiesAreExactEverywhere() throws {
    let plain = try CubeGenerator.identity3D(size: 17)
    let shaped = try CubeGenerator.identity3D(size: 9, shaperSize: 64)
    let oneD = try CubeGenerator.identity1D(size: 1024)
    #expect(plain.comments.first == "EDRCube space: raw")
    #expect(shaped.hasShaper && shaped.dialect == .resolve)
    #expect(oneD.lut3D == nil && oneD.lut1D?.size == 1024)
    for x in Self.points(200, lo: -0.5, hi: 3) {
      for file in [plain, shaped, oneD] {
        for k in 0..<3 { expectClose(Self.evaluate(file, x)[k], x[k], rel: 1e-6, abs: 1e-6) }
      }
    }
    #expect(throws: EDRPipelineError.self) { try CubeGenerator.identity3D(size: 1) }
  }

  /// Round trip: a transfer cube against the formula, exact at nodes, within the 1D
  /// interpolation error between them.
  @Test func transferCubeFollowsTheFormula() throws {
    let file = try CubeGenerator.conversion(
      from: CubeSpace(.srgb), to: CubeSpace(.linear), size: 65)
    let table = try #require(file.lut3D)
    #expect(file.comments.first == "EDRCube space: srgb rec709 -> linear rec709")
    for i in [0, 7, 33, 64] {
      let v = Double(i) / 64
      expectClose(Double(table.node(r: i, g: 0, b: 0).x), SRGB.decode(v), rel: 1e-7, abs: 1e-9)
    }
    for x in Self.points(300) {
      let got = Self.evaluate(file, x)
      for k in 0..<3 { expectClose(got[k], SRGB.decode(x[k]), abs: 2e-4) }
    }
  }

  /// sRGB → PQ then PQ → sRGB comes back to the input.
  @Test func transferRoundTripThroughPQ() throws {
    let forward = try CubeGenerator.conversion(
      from: CubeSpace(.srgb), to: CubeSpace(.pq, primaries: .rec709), size: 65)
    let backward = try CubeGenerator.conversion(
      from: CubeSpace(.pq, primaries: .rec709), to: CubeSpace(.srgb), size: 65)
    for x in Self.points(200, lo: 0.05, hi: 1) {
      let pq = Self.evaluate(forward, x)
      let expected = SIMD3(
        PQ.inverseEOTF(SRGB.decode(x.x) * 203), PQ.inverseEOTF(SRGB.decode(x.y) * 203),
        PQ.inverseEOTF(SRGB.decode(x.z) * 203))
      for k in 0..<3 { expectClose(pq[k], expected[k], abs: 5e-4) }
      let back = Self.evaluate(backward, pq)
      for k in 0..<3 { expectClose(back[k], x[k], abs: 2e-3) }
    }
  }

  /// A linear gamut cube is affine: exact inside and outside the domain, and resizing it
  /// (either interpolation) keeps it exact.
  @Test(arguments: Interpolation.allCases)
  func gamutCubeAndItsResizeAreExact(_ interpolation: Interpolation) throws {
    let file = try CubeGenerator.conversion(
      from: CubeSpace(.linear, primaries: .rec709), to: CubeSpace(.linear, primaries: .rec2020),
      size: 5)
    let resized = try CubeGenerator.resize(file, size: 12, interpolation: interpolation)
    #expect(resized.lut3D?.size == 12)
    let m = Matrix3x3.rgbToRGB(from: .rec709, to: .rec2020)
    for x in Self.points(200, lo: -1, hi: 4) {
      for f in [file, resized] {
        let got = Self.evaluate(f, x, interpolation)
        for k in 0..<3 { expectClose(got[k], (m * x)[k], rel: 1e-5, abs: 1e-5) }
      }
    }
  }

  static func look(size: Int = 17) throws -> CubeFile {
    let chain = LookChain(
      space: .fallback,
      operations: [
        .whiteBalance(SIMD3(1.1, 1, 0.9)), .contrast(1.3, pivot: 0.18), .saturation(1.2), .clip,
      ])
    return try CubeGenerator.bake(chain, size: size, title: "test look")
  }

  /// Resize up to 65 (every old node is a new node), then back to 17: the same table.
  @Test func resizeUpThenDownIsClose() throws {
    let original = try Self.look()
    let up = try CubeGenerator.resize(original, size: 65)
    let down = try CubeGenerator.resize(up, size: 17)
    let a = try #require(original.lut3D?.values)
    let b = try #require(down.lut3D?.values)
    for (x, y) in zip(a, b) { expectClose(Double(y), Double(x), abs: 1e-6) }
    #expect(down.comments.first == "EDRCube space: srgb rec709")
  }

  /// Node values too small for a normal Float are stored as zeros of their sign (OpenColorIO
  /// cannot read subnormal numbers); normal values are the nearest Float.
  @Test func bakedNodesAreNeverSubnormal() throws {
    let table = CubeBaker.bake3D(size: 2) { x in
      SIMD3(x.x == 0 ? 1e-40 : 0.25, x.y == 0 ? -1e-42 : 1.5e-38, 0.1)
    }
    let values = table.values
    #expect(!values.contains { $0.isSubnormal })
    #expect(values[0].bitPattern == Float(0).bitPattern)
    #expect(values[1].bitPattern == Float(-0.0).bitPattern)
    #expect(values[3] == 0.25 && values[7] == Float(1.5e-38) && values[2] == Float(0.1))
    let shaper = CubeBaker.bake1D(size: 2) { _ in SIMD3(1e-39, 0.5, -3e-41) }
    let row = [Float(0), 0.5, -0.0].map(\.bitPattern)
    #expect(shaper.values.map(\.bitPattern) == row + row)
  }

  /// Compose with an identity on either side gives the same cube.
  @Test func composeWithIdentityIsTheSame() throws {
    let look = try Self.look()
    let identity = try CubeGenerator.identity3D(size: 9)
    let lookSpaces = CubeSpacePair.fallback
    let after = try CubeGenerator.compose(
      look, spaces: lookSpaces, then: identity, spaces: CubeSpacePair(CubeSpace(.raw)))
    let before = try CubeGenerator.compose(
      identity, spaces: lookSpaces, then: look, spaces: lookSpaces, size: 17)
    let expected = try #require(look.lut3D?.values)
    for file in [after, before] {
      let got = try #require(file.lut3D?.values)
      #expect(got.count == expected.count)
      for (x, y) in zip(expected, got) { expectClose(Double(y), Double(x), abs: 1e-6) }
    }
  }

  /// A two-space cube (`logc3 awg3 -> bt1886 rec709`) leaves the colour in its output space:
  /// composed with a one-space BT.1886 cube that doubles linear light (×2^(1/2.4) on encoded
  /// values, exact under trilinear interpolation), every node is the first cube's node times
  /// 2^(1/2.4), and the result names both spaces.
  @Test func composeAfterATwoSpaceCubeWorksInItsOutputSpace() throws {
    let log = CubeSpace(.logc3, primaries: .awg3)
    let display = CubeSpace(.bt1886, primaries: .rec709)
    let show = try CubeGenerator.bake(
      LookChain(space: log, operations: [.contrast(1.1, pivot: 0.18), .convert(to: display)]),
      size: 9)
    let doubling = try CubeGenerator.bake(
      LookChain(space: display, operations: [.exposure(stops: 1)]), size: 2,
      domainMax: SIMD3(repeating: 4))
    let composed = try CubeGenerator.compose(
      show, spaces: CubeSpacePair(log, output: display), then: doubling,
      spaces: CubeSpacePair(display))
    #expect(composed.comments.first == "EDRCube space: logc3 awg3 -> bt1886 rec709")
    let expected = try #require(show.lut3D?.values)
    let got = try #require(composed.lut3D?.values)
    #expect(got.count == expected.count)
    let gain = Foundation.pow(2, 1 / 2.4)
    for (x, y) in zip(expected, got) {
      expectClose(Double(y), Double(x) * gain, rel: 1e-5, abs: 1e-6)
    }
  }

  /// Compose converts spaces: an sRGB look then a linear→PQ transfer cube.
  @Test func composeConvertsBetweenSpaces() throws {
    let exposure = try CubeGenerator.bake(
      LookChain(space: CubeSpace(.linear), operations: [.exposure(stops: 1)]), size: 5,
      domainMax: SIMD3(repeating: 4))
    let identitySRGB = try CubeGenerator.bake(
      LookChain(space: .fallback, operations: []), size: 33)
    let composed = try CubeGenerator.compose(
      identitySRGB, spaces: .fallback, then: exposure, spaces: CubeSpacePair(CubeSpace(.linear)))
    // The sRGB cube doubles linear light: value v → enc(2·dec(v)).
    for x in Self.points(50, lo: 0.1, hi: 0.7) {
      let got = Self.evaluate(composed, x)
      for k in 0..<3 { expectClose(got[k], SRGB.encode(2 * SRGB.decode(x[k])), abs: 2e-3) }
    }
  }

  @Test func bakingIsIndependentOfThreadCount() throws {
    let chain = LookChain(space: .fallback, operations: [.saturation(1.3), .exposure(stops: 0.3)])
    let one = CubeBaker.bake3D(size: 11, threads: 1) { chain.apply($0) }
    let many = CubeBaker.bake3D(size: 11, threads: 4) { chain.apply($0) }
    #expect(one == many)
  }
}
