import CLUTKernels
import TestSupport
import Testing

/// CLUTKernels' list of the pixels `bounded` corrects (`edr_list_below`), on RGBA runs (the
/// AVX2 loop where the CPU has it) and on packed RGB (the scalar loop), against the rule
/// written out here: a channel counts when it is below the domain and above −∞.
@Suite struct BoundedListTests {
  static let low: [Float] = [0, -0.25, 0.1]

  /// Every rule: NaN, ±∞ and −0 in each channel, values just below each low, all in, all
  /// below, then random pixels about the domain's low corner.
  static let samples: [SIMD4<Float>] = {
    var pixels: [SIMD4<Float>] = [
      [0.5, 0.5, 0.5, 1], [-0.0, -0.25, 0.1, -7], [Float(0).nextDown, 0, 0.2, 1],
      [0.3, Float(-0.25).nextDown, 0.2, 1], [0.3, 0, Float(0.1).nextDown, 1],
      [.nan, -1, 0.5, 1], [-.infinity, 0, -3, 1], [0, -.infinity, .infinity, 1],
      [-1, -1, -1, -1], [-3e38, .nan, -.infinity, 1], [0.2, 0.2, 0.2, -5],
    ]
    var rng = SeededGenerator(seed: 31)
    for _ in 0..<60 {
      func v() -> Float { Float.random(in: -0.4..<0.6, using: &rng) }
      pixels.append([v(), v(), v(), v()])
    }
    return pixels
  }()

  static func expected(_ p: SIMD4<Float>) -> UInt8 {
    var bits: UInt8 = 0
    for k in 0..<3 where p[k] < low[k] && p[k] > -.infinity { bits |= 1 << k }
    return bits
  }

  /// Lists `pixels` laid out `stride` floats apart and checks the entries.
  static func check(_ pixels: ArraySlice<SIMD4<Float>>, stride: Int, _ label: String) {
    var floats = [Float](repeating: 9, count: stride * max(pixels.count, 1))
    for (i, p) in pixels.enumerated() {
      for k in 0..<min(stride, 4) { floats[stride * i + k] = p[k] }
    }
    let count = pixels.count
    var listed = [Int32](repeating: -1, count: max(count, 1))
    var channels = [UInt8](repeating: 0, count: max(count, 1))
    var inputs = [Float](repeating: 9, count: 4 * max(count, 1))
    let n = floats.withUnsafeMutableBufferPointer { buffer -> Int in
      guard let base = buffer.baseAddress else { return -1 }
      let run = EDRPixels(red: base, green: base + 1, blue: base + 2, stride: Int64(stride))
      return Int(edr_list_below(run, Int64(count), low, &listed, &channels, &inputs))
    }
    let want = pixels.enumerated().filter { expected($0.element) != 0 }
    #expect(n == want.count, "\(label)")
    for (entry, (i, p)) in want.enumerated() where entry < n {
      #expect(Int(listed[entry]) == i, "\(label) entry \(entry)")
      #expect(channels[entry] == expected(p), "\(label) pixel \(i)")
      let got = inputs[(4 * entry)..<(4 * entry + 4)].map(\.bitPattern)
      #expect(got == [p.x, p.y, p.z, 0].map(\.bitPattern), "\(label) pixel \(i)")
    }
  }

  @Test(arguments: [0, 1, 2, 3, 4, 5, 8, 9, 17, 71])
  func listsThePixelsBelowWhateverTheRunLength(count: Int) {
    for start in [0, 3] where start + count <= Self.samples.count {
      let pixels = Self.samples[start..<(start + count)]
      Self.check(pixels, stride: 4, "RGBA count \(count) from \(start)")
      Self.check(pixels, stride: 3, "RGB count \(count) from \(start)")
    }
  }
}
