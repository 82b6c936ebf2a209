import Testing

@testable import RasterIO

@Suite struct HalfFloatTests {
  /// The fast narrowing equals `Float16.init(_: Float)`; checked here on every 65 521st bit
  /// pattern plus the edge values (all 2³² patterns were compared once, offline: 0 mismatches).
  @Test func narrowingMatchesFloat16() {
    var mismatches = 0
    var pattern: UInt64 = 0
    while pattern <= UInt64(UInt32.max) {
      let value = Float(bitPattern: UInt32(pattern))
      if HalfFloat.half(value) != Float16(value).bitPattern { mismatches += 1 }
      pattern += 65_521
    }
    let edges: [Float] = [
      65504, 65519, 65519.996, 65520, 65536, -65520, 5.96e-8, 2.98e-8, 2.9802326e-8, 6.1e-5,
      6.097555e-5, .nan, -.nan, Float(bitPattern: 0x7F80_0001), Float(bitPattern: 0x7FBF_FFFF),
      .infinity, -.infinity, -0.0, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
    ]
    for value in edges where HalfFloat.half(value) != Float16(value).bitPattern {
      mismatches += 1
    }
    #expect(mismatches == 0)
  }

  @Test func wideningTableMatchesFloat16() {
    let table = HalfFloat.table
    #expect(table.count == 65536)
    #expect(
      (0...UInt16.max).allSatisfy {
        table[Int($0)].bitPattern == Float(Float16(bitPattern: $0)).bitPattern
      })
  }
}
