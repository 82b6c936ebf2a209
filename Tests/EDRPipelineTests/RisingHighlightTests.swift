import ColorMath
import CubeFormat
import CubeTestSupport
import EDRPipeline
import Foundation
import LUTEngine
import TestSupport
import Testing

/// The default highlight policy, rising-maxrgb (docs/semantics.md §4), on looks that clip
/// hard at white, roll off softly, lift black, and on the bundled looks.
@Suite struct RisingHighlightTests {
  static let sdr = CubeSpace(.srgb, primaries: .rec709)
  static let weights = SIMD3<Float>(RGBPrimaries.rec709.luminanceWeights)

  /// Looks built in sRGB-encoded terms, `v` the encoded input.
  static let builtLooks: [String: @Sendable (SIMD3<Double>) -> SIMD3<Double>] = [
    // +25 % in signal, clipped: flat from 0.8 encoded up.
    "hard clip": { v in v.replacing(with: 1, where: v .> 0.8) * 1.25 },
    // Per-channel gains into a clip: a warm cast below white, neutral at white.
    "warm hard clip": { v in pointwiseMin(v * SIMD3(1.3, 1.2, 1.1), SIMD3(1, 1, 1)) },
    // A tanh shoulder: still rising at white.
    "soft shoulder": { v in
      SIMD3(tanh(1.6 * v.x), tanh(1.6 * v.y), tanh(1.6 * v.z)) / tanh(1.6)
    },
    // Black lifted to 0.05 encoded, clipped at 0.9.
    "lifted black": { v in
      SIMD3(repeating: 0.05) + 0.95 * pointwiseMin(v / 0.9, SIMD3(1, 1, 1))
    },
  ]

  static let lookNames = builtLooks.keys.sorted() + BundledLooksTests.looks

  static func look(_ name: String) throws -> CubeLUT {
    if let f = builtLooks[name] { return TestCubes.table(size: 33, f) }
    return CubeLUT(try BundledLooksTests.read("\(name)_sdr.cube"))
  }

  static func luminance(_ v: SIMD3<Float>) -> Float { (weights * v).sum() }

  @Test(arguments: lookNames, Interpolation.allCases)
  func neutralRampRisesAboveWhiteAndIsTheLookBelow(_ name: String, _ interp: Interpolation)
    throws
  {
    let lut = try Self.look(name)
    let app = CubeApplication(lut: lut, space: Self.sdr, interpolation: interp)
    #expect(app.policy == .risingMaxRGB)
    let plain = CubeApplication(lut: lut, space: Self.sdr, interpolation: interp, policy: .linear)
    var previous = app.apply(SIMD3(repeating: 1))
    // Up to white: the look itself.
    for step in 0...256 {
      let x = SIMD3<Float>(repeating: Float(step) / 256)
      #expect(app.apply(x) == plain.apply(x), "\(name) at \(x.x)")
    }
    // Above white, to 64: every channel strictly increasing.
    for step in 1...(63 * 64) {
      let y = app.apply(SIMD3(repeating: 1 + Float(step) / 64))
      #expect(all(y .> previous), "\(name) at \(1 + Float(step) / 64): \(y) after \(previous)")
      previous = y
    }
  }

  @Test(arguments: lookNames)
  func continuousInValueAndSlopeAtWhite(_ name: String) throws {
    let app = CubeApplication(lut: try Self.look(name), space: Self.sdr)
    let e: Float = 1.0 / 2048
    let below = Self.luminance(app.apply(SIMD3(repeating: 1 - e)))
    let white = Self.luminance(app.apply(SIMD3(repeating: 1)))
    let above = Self.luminance(app.apply(SIMD3(repeating: 1 + e)))
    let left = (white - below) / e
    let right = (above - white) / e
    expectClose(Double(above), Double(white), abs: 1e-3, name)
    expectClose(Double(right), Double(left), abs: 1e-3, "\(name): slopes \(left) | \(right)")
  }

  /// Above white the result is `h(m)·F(x/m)`: the hue and white balance of `F(x/m)`. For a
  /// hard clip `k = 0`, so `h(3) = 3 − (1 − e⁻²)` = 2.135335283236613 (Python).
  @Test func keepsHueAndWhiteBalance() throws {
    for name in ["hard clip", "warm hard clip"] {
      let lut = try Self.look(name)
      let app = CubeApplication(lut: lut, space: Self.sdr)
      #expect(app.neutralSlopeAtWhite == 0)
      let plain = CubeApplication(lut: lut, space: Self.sdr, policy: .linear)
      for x in [SIMD3<Float>(3, 1.2, 0.3), SIMD3(0.6, 3, 1.5), SIMD3(3, 3, 3)] {
        let y = app.apply(x)
        let f = plain.apply(x / 3)
        for c in 0..<3 {
          expectClose(Double(y[c]), 2.135335283236613 * Double(f[c]), rel: 1e-5, "\(name) \(x)")
        }
      }
    }
  }

  @Test func oldPolicyStaysSelectableAndFlattensClippedLooks() throws {
    let lut = try Self.look("hard clip")
    let old = CubeApplication(
      lut: lut, space: Self.sdr, policy: try #require(EDRPolicy(rawValue: "tone-scaled-maxrgb")))
    #expect(old.apply(SIMD3(repeating: 2)) == old.apply(SIMD3(repeating: 16)))
    #expect(old.clipsAtWhite && old.flattensHighlights)
    let rising = CubeApplication(lut: lut, space: Self.sdr)
    #expect(rising.clipsAtWhite && !rising.flattensHighlights)
    // A look that still rises at white does not count as clipping.
    let soft = CubeApplication(lut: try Self.look("soft shoulder"), space: Self.sdr)
    #expect(!soft.clipsAtWhite)
    // The identity's slope is 1, so rising-maxrgb is maxRGB there.
    let identity = CubeApplication(lut: TestCubes.identity(size: 17), space: Self.sdr)
    expectClose(try #require(identity.neutralSlopeAtWhite), 1, abs: 1e-9)
    #expect(CubeApplication(lut: lut, space: CubeSpace(.linear)).neutralSlopeAtWhite == nil)
  }
}
