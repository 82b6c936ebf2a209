import CLUTKernels
import TestSupport
import Testing

/// CLUTKernels' census of RGBA blocks (the counts `edrcube apply` reports) against a count
/// written out here, pixel by pixel.
@Suite struct RGBACensusTests {
  /// Pixels that exercise every rule: NaN and ±∞ in each colour channel (and in alpha, which
  /// does not count), values just above and exactly 1, alpha 1, −0 and 0.999….
  static let samples: [SIMD4<Float>] = {
    let oneAbove = Float(1).nextUp
    var pixels: [SIMD4<Float>] = [
      [0.5, 0.5, 0.5, 1], [1, 1, 1, 1], [oneAbove, 0, 0, 1], [0, oneAbove, 0, 1],
      [0, 0, 3, 1], [.nan, 0, 0, 1], [0, -.infinity, 0, 1], [0, 0, .infinity, 1],
      [0.2, 0.2, 0.2, .nan], [0.2, 0.2, 0.2, .infinity], [-5, -5, -5, 1], [2, .nan, 0, 1],
    ]
    var rng = SeededGenerator(seed: 7)
    for _ in 0..<61 {
      let v = Float.random(in: -0.1..<2.1, using: &rng)
      pixels.append([v, v * 0.5, 1.1 - v, 1])
    }
    return pixels
  }()

  static func expected(_ pixels: ArraySlice<SIMD4<Float>>) -> (Int, Int, Bool) {
    let nonFinite = pixels.filter { !$0.x.isFinite || !$0.y.isFinite || !$0.z.isFinite }.count
    let bright = pixels.filter { $0.x > 1 || $0.y > 1 || $0.z > 1 }.count
    let opaque = pixels.allSatisfy { $0.w.bitPattern == Float(1).bitPattern }
    return (nonFinite, bright, opaque)
  }

  @Test(arguments: [0, 1, 2, 3, 8, 17, 73])
  func countsEveryPixelWhateverTheBlockLength(count: Int) {
    for start in [0, 5] where start + count <= Self.samples.count {
      let pixels = Self.samples[start..<(start + count)]
      let floats = pixels.flatMap { [$0.x, $0.y, $0.z, $0.w] }
      let census = floats.withUnsafeBufferPointer { edr_rgba_census($0.baseAddress, Int64(count)) }
      let (nonFinite, bright, opaque) = Self.expected(pixels)
      #expect(census.nonFinitePixels == nonFinite, "count \(count) from \(start)")
      #expect(census.brightPixels == bright, "count \(count) from \(start)")
      #expect(census.opaque == opaque, "count \(count) from \(start)")
    }
  }

  @Test func anAlphaThatIsNotExactlyOneMakesTheBlockTranslucent() {
    for alpha: Float in [-0.0, 0, 0.999_999_94, Float(1).nextUp] {
      var floats = [Float](repeating: 1, count: 4 * 9)
      floats[4 * 6 + 3] = alpha
      let census = floats.withUnsafeBufferPointer { edr_rgba_census($0.baseAddress, 9) }
      #expect(!census.opaque, "alpha \(alpha)")
      #expect(census.brightPixels == 0 && census.nonFinitePixels == 0)
    }
  }
}
