import CubeFormat
import Foundation
import TestSupport

/// Builders for tables and files used across the tests.
enum CubeTestData {
  /// `count` finite Floats: every third one from a random bit pattern (denormals, huge,
  /// negative zero), the others uniform in −2…3.
  static func randomValues(_ count: Int, seed: UInt64) -> [Float] {
    var rng = SeededGenerator(seed: seed)
    return (0..<count).map { k in
      if k % 3 == 0 {
        while true {
          let x = Float(bitPattern: UInt32(truncatingIfNeeded: rng.next()))
          if x.isFinite { return x }
        }
      }
      // 1…2 from 23 random mantissa bits, then scaled to −2…3.
      let unit = Float(bitPattern: 0x3F80_0000 | UInt32(truncatingIfNeeded: rng.next() >> 41))
      return (unit - 1) * 5 - 2
    }
  }

  /// A random 3D table of `size` nodes per axis.
  static func random3D(size: Int, seed: UInt64) -> CubeTable3D {
    CubeTable3D(size: size, values: randomValues(size * size * size * 3, seed: seed))
  }

  /// The identity 3D table over `lo…hi`.
  static func identity3D(size: Int, lo: SIMD3<Float> = .zero, hi: SIMD3<Float> = .one)
    -> CubeTable3D
  {
    var values: [Float] = []
    values.reserveCapacity(size * size * size * 3)
    for b in 0..<size {
      for g in 0..<size {
        for r in 0..<size {
          let t = SIMD3<Float>(Float(r), Float(g), Float(b)) / Float(size - 1)
          let v = lo + t * (hi - lo)
          values += [v.x, v.y, v.z]
        }
      }
    }
    return CubeTable3D(size: size, domainMin: lo, domainMax: hi, values: values)
  }

  /// Parses text, or records nothing and returns the error.
  static func parse(_ text: String) -> Result<CubeFile, CubeParseError> {
    Result { () throws(CubeParseError) in try CubeReader.parse(text: text) }
  }

  /// The same tables (bit for bit), metadata and comments.
  static func sameContent(_ a: CubeFile, _ b: CubeFile) -> Bool {
    func bits(_ v: [Float]?) -> [UInt32]? { v?.map(\.bitPattern) }
    return bits(a.lut1D?.values) == bits(b.lut1D?.values)
      && bits(a.lut3D?.values) == bits(b.lut3D?.values)
      && a.lut1D?.size == b.lut1D?.size && a.lut3D?.size == b.lut3D?.size
      && a.lut1D?.domainMin == b.lut1D?.domainMin && a.lut1D?.domainMax == b.lut1D?.domainMax
      && a.lut3D?.domainMin == b.lut3D?.domainMin && a.lut3D?.domainMax == b.lut3D?.domainMax
      && a.title == b.title && a.comments == b.comments
      && a.inputVideoRange == b.inputVideoRange && a.outputVideoRange == b.outputVideoRange
  }

  /// Whether heavy cases (256³ round trips, 256/257 recipes) were asked for.
  static var heavy: Bool { HeavyTests.enabled }
}
