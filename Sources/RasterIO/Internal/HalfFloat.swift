/// Fast half ↔ float conversions with exactly the results of Swift's `Float16` (and
/// OpenEXR's): a table for widening, and round-to-nearest-even bit arithmetic for narrowing.
enum HalfFloat {
  /// Every half bit pattern widened (256 KiB), built once with `Float16`.
  static let table: [Float] = (0...UInt16.max).map { Float(Float16(bitPattern: $0)) }

  /// The half nearest to `value` (ties to even; 65520 and above → infinity; NaN keeps the
  /// top payload bits and becomes quiet, as `Float16.init(_: Float)` does).
  ///
  /// Normal results add the exponent rebias and a rounding bias to the float bits; subnormal
  /// ones let the FPU round by adding a power of two that aligns the ten kept bits at the bottom.
  @inline(__always)
  static func half(_ value: Float) -> UInt16 {
    let bits = value.bitPattern
    let sign = UInt16(truncatingIfNeeded: (bits >> 16) & 0x8000)
    let magnitude = bits & 0x7FFF_FFFF
    if magnitude >= 0x4780_0000 {  // ≥ 65536, inf or NaN
      guard magnitude > 0x7F80_0000 else { return sign | 0x7C00 }
      return sign | 0x7E00 | UInt16(truncatingIfNeeded: (magnitude >> 13) & 0x1FF)
    }
    if magnitude < 0x3880_0000 {  // below 2⁻¹⁴: subnormal half or zero
      let aligned = Float(bitPattern: magnitude) + Float(bitPattern: 0x3F00_0000)
      return sign | UInt16(truncatingIfNeeded: aligned.bitPattern - 0x3F00_0000)
    }
    let odd = (magnitude >> 13) & 1
    let rebiased = magnitude &- 0x3800_0000 &+ 0xFFF &+ odd
    return sign | UInt16(truncatingIfNeeded: rebiased >> 13)
  }
}
