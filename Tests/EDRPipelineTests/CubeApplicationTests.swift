import ColorMath
import CubeFormat
import CubeTestSupport
import EDRPipeline
import Foundation
import LUTEngine
import TestSupport
import Testing

/// Spaces, defaults, the batch path and the tone map of `CubeApplication`.
@Suite struct CubeApplicationTests {
  /// Pseudo-random EDR pixels (RGBA), enough for several chunks.
  static func pixels(count: Int) -> [Float] {
    var rng = SeededGenerator(seed: 0x9E37_79B9_7F4A_7C15)
    var out: [Float] = []
    out.reserveCapacity(4 * count)
    for i in 0..<count {
      for _ in 0..<3 { out.append(.random(in: -1..<11, using: &rng)) }
      out.append(Float(i % 7) / 7)
    }
    return out
  }

  static func applications() throws -> [CubeApplication] {
    let sdr = CubeLUT(try TestCubes.vector("sdr_look_11.cube"))
    let pq = CubeLUT(try TestCubes.vector("pq6_tone_scaled_maxrgb.cube"))
    let hlg = CubeLUT(try TestCubes.vector("hlg_look_6.cube"))
    return [
      CubeApplication(lut: sdr, space: CubeSpace(.srgb)),
      CubeApplication(lut: sdr, space: CubeSpace(.bt1886), interpolation: .tetrahedral),
      CubeApplication(lut: sdr, space: CubeSpace(.srgb), policy: .maxRGB),
      CubeApplication(lut: pq, space: CubeSpace(.pq), working: WorkingSpace(named: .p3)),
      CubeApplication(
        lut: hlg, space: CubeSpace(.hlg),
        toneMap: EDRToneMap(inputPeak: 1000.0 / 203, outputPeak: 2)),
      CubeApplication(lut: sdr, space: CubeSpace(.raw)),
    ]
  }

  @Test func batchMatchesScalarAndIgnoresThreadCount() throws {
    let input = Self.pixels(count: 10_000)  // three chunks, the last one partial
    for app in try Self.applications() {
      var results: [[Float]] = []
      for threads in [1, 2, 3, 7] {
        var buffer = input
        buffer.withUnsafeMutableBufferPointer {
          app.apply(inPlace: $0, channels: 4, threads: threads)
        }
        results.append(buffer)
      }
      #expect(results.allSatisfy { $0 == results[0] }, "\(app.space)")
      for i in stride(from: 0, to: 10_000, by: 37) {
        let x = SIMD3(input[4 * i], input[4 * i + 1], input[4 * i + 2])
        let y = app.apply(x)
        for k in 0..<3 {
          expectClose(Double(results[0][4 * i + k]), Double(y[k]), rel: 1e-6, abs: 1e-7)
        }
        #expect(results[0][4 * i + 3] == input[4 * i + 3])
      }
    }
  }

  @Test func defaultsFollowTheCubeSpace() throws {
    let lut = TestCubes.identity(size: 5)
    #expect(CubeApplication(lut: lut, space: CubeSpace(.pq)).extrapolation == .clamp)
    #expect(CubeApplication(lut: lut, space: CubeSpace(.hlg)).extrapolation == .clamp)
    #expect(
      CubeApplication(lut: lut, space: CubeSpace(.pq), extrapolation: .linear).extrapolation
        == .linear)
    #expect(CubeApplication(lut: lut, space: CubeSpace(.raw)).extrapolation == .bounded)
    #expect(CubeApplication(lut: lut, space: CubeSpace(.pq)).policy == nil)
    #expect(CubeApplication(lut: lut, space: CubeSpace(.linear)).policy == nil)
    #expect(CubeApplication(lut: lut, space: CubeSpace(.srgb)).policy == .risingMaxRGB)
    #expect(
      CubeApplication(lut: lut, space: CubeSpace(.srgb), policy: .clamp).extrapolation == .clamp)
    let plain = try CubeApplication(file: CubeFile(lut3D: lut.lut3D))
    #expect(plain.space == CubeSpace(.srgb, primaries: .rec709))
  }

  @Test func rawAndLinearCubes() {
    let double = TestCubes.table(size: 2) { $0 * 2 }
    let raw = CubeApplication(
      lut: double, space: CubeSpace(.raw), working: WorkingSpace(.srgb, named: .p3))
    #expect(raw.apply(SIMD3(1.5, -0.25, 0.5)) == SIMD3(3, -0.5, 1))
    let clamped = CubeApplication(lut: double, space: CubeSpace(.raw), extrapolation: .clamp)
    #expect(clamped.apply(SIMD3(1.5, -0.25, 0.5)) == SIMD3(2, 0, 1))
    // A linear Rec.2020 identity cube on Rec.709 pixels: to 2020 and back.
    let linear = CubeApplication(
      lut: TestCubes.identity(size: 3), space: CubeSpace(.linear, primaries: .rec2020))
    let y = linear.apply(SIMD3(2.5, -0.1, 0.3))
    expectClose(Double(y.x), 2.5, rel: 1e-5)
    expectClose(Double(y.y), -0.1, abs: 1e-5)
    expectClose(Double(y.z), 0.3, rel: 1e-5)
  }

  @Test func sRGBWorkingSpaceDecodesAndReEncodes() {
    let app = CubeApplication(
      lut: TestCubes.identity(size: 11), space: CubeSpace(.pq),
      working: WorkingSpace(.srgb, named: .rec709))
    for v: Float in [0, 0.2, 0.5, 1] {
      expectClose(Double(app.apply(SIMD3(repeating: v)).y), Double(v), abs: 2e-4)
    }
    // An exposure of 2 in PQ, seen through sRGB pixels.
    let twice = CubeApplication(
      lut: TestCubes.table(size: 33) { v in
        SIMD3(
          PQ.inverseEOTF(2 * PQ.eotf(v.x)), PQ.inverseEOTF(2 * PQ.eotf(v.y)),
          PQ.inverseEOTF(2 * PQ.eotf(v.z)))
      }, space: CubeSpace(.pq), working: WorkingSpace(.srgb))
    let half = SRGB.encode(Float(0.25))
    expectClose(
      Double(twice.apply(SIMD3(repeating: half)).x), Double(SRGB.encode(Float(0.5))), rel: 2e-3)
  }

  @Test func toneMapBringsTheContainerPeakToTheTarget() throws {
    let space = CubeSpace(.pq)
    let peak = try #require(space.containerPeak)
    let app = CubeApplication(
      lut: TestCubes.identity(size: 17), space: space,
      toneMap: EDRToneMap(inputPeak: peak, outputPeak: 1000.0 / 203))
    let y = app.apply(SIMD3(Float(peak), Float(peak) / 2, 0))
    expectClose(Double(y.x), 1000.0 / 203, rel: 2e-3)
    expectClose(Double(y.y / y.x), 0.5, rel: 2e-3)
    let eetf = CubeApplication(
      lut: TestCubes.identity(size: 17), space: space,
      toneMap: EDRToneMap(curve: .bt2390, inputPeak: peak, outputPeak: 1000.0 / 203))
    expectClose(Double(eetf.apply(SIMD3(repeating: Float(peak))).x), 1000.0 / 203, rel: 2e-3)
    expectClose(Double(eetf.apply(SIMD3(repeating: 0.5)).x), 0.5, rel: 2e-3)
    #expect(
      EDRToneMap.peak(nits: 1000, inputPeak: peak, referenceWhite: 203)
        == EDRToneMap(inputPeak: peak, outputPeak: 1000.0 / 203))
    #expect(EDRToneMap.headroom(4, inputPeak: peak).outputPeak == 4)
    #expect(!EDRToneMap.headroom(60, inputPeak: peak).isActive)
  }

  /// `--headroom 4` and `--headroom 2` (docs/semantics.md §5): no curve exceeds the target
  /// for inputs 0…1e6; the default, `knee`, leaves diffuse white and below unchanged, as
  /// BT.2390 does at 4× (within 1 %); Reinhard keeps its formula (white → 0.801318688 at 4×,
  /// from Python) and holds inputs above its input peak at the target.
  @Test(arguments: [4.0, 2.0], EDRToneMap.Curve.allCases)
  func toneMapsNeverExceedTheTarget(_ headroom: Double, _ curve: EDRToneMap.Curve) throws {
    #expect(EDRToneMap.Curve.default == .knee)
    let peak = 10000.0 / 203
    let target = Float(headroom)
    do {
      let app = CubeApplication(
        lut: TestCubes.identity(size: 17), space: CubeSpace(.linear),
        toneMap: .headroom(headroom, inputPeak: peak, curve: curve))
      for e in stride(from: -3.0, through: 6, by: 0.05) {
        let m = Float(pow(10, e))
        let y = app.apply(SIMD3(m, m / 4, 0))
        #expect(y.max() <= target, "\(curve) at \(m): \(y)")
      }
      #expect(app.apply(SIMD3(repeating: 1000)) == SIMD3(repeating: target))
      let white = Double(app.apply(SIMD3(repeating: 1)).x)
      let grey = Double(app.apply(SIMD3(repeating: 0.18)).x)
      switch (curve, headroom) {
      case (.knee, _):
        #expect(white == 1 && grey == Double(Float(0.18)))
      case (.bt2390, 4):
        expectClose(white, 1, rel: 0.01)
        expectClose(grey, 0.18, rel: 0.01)
      case (.maxRGBReinhard, 4):
        expectClose(white, 0.801318688, rel: 1e-6)
      default:
        // At 2× white from a 10000 cd/m² input peak, BT.2390's knee starts near 80 cd/m²
        // and Reinhard's compression reaches down to black: both lower white.
        #expect(white < 0.9)
      }
    }
  }

  @Test func nonFiniteInputStaysFiniteThroughTheLookup() throws {
    let sdr = CubeLUT(try TestCubes.vector("sdr_look_11.cube"))
    for space in [CubeSpace(.srgb), CubeSpace(.pq), CubeSpace(.hlg)] {
      let app = CubeApplication(lut: sdr, space: space)
      let inputs = [
        SIMD3<Float>(.nan, 0.5, 0.5), SIMD3(.nan, 3, 0.5), SIMD3(Float.infinity, 0.2, 0.1),
        SIMD3(-Float.infinity, 1, 2),
      ]
      for x in inputs {
        let y = app.apply(x)
        // The lookup maps non-finite channels to the domain; the other channels still work.
        #expect(y.y.isFinite, "\(space.commentText) \(x) → \(y)")
      }
    }
  }
}
