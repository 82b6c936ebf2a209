/// Four pixels in structure-of-arrays form: lane `k` of `r`, `g`, `b` is pixel `k`.
///
/// The kernels' input side (positions, clamps, floors, cell choice) runs on these lanes with
/// branch-free vector operations; only the table fetch and blend go pixel by pixel.
struct RGBBlock {
  /// Red of the four pixels.
  var r: SIMD4<Float>
  /// Green of the four pixels.
  var g: SIMD4<Float>
  /// Blue of the four pixels.
  var b: SIMD4<Float>

  /// Whether any lane of any channel is NaN or ±∞ (`x − x` is NaN exactly for those).
  @inline(__always)
  var hasNonFinite: Bool {
    let s = (r - r) + (g - g) + (b - b)
    return !(s[0] + s[1] + s[2] + s[3] == 0)
  }

  /// The block from four pixels stored as `(r, g, b, ·)` vectors.
  @inline(__always)
  init(_ p0: SIMD4<Float>, _ p1: SIMD4<Float>, _ p2: SIMD4<Float>, _ p3: SIMD4<Float>) {
    r = SIMD4(p0.x, p1.x, p2.x, p3.x)
    g = SIMD4(p0.y, p1.y, p2.y, p3.y)
    b = SIMD4(p0.z, p1.z, p2.z, p3.z)
  }

  /// A block from its three channels.
  @inline(__always)
  init(r: SIMD4<Float>, g: SIMD4<Float>, b: SIMD4<Float>) {
    self.r = r
    self.g = g
    self.b = b
  }
}

/// Branch-free lane operations.
///
/// With these kernels LLVM turns data-dependent `?:`, `min`, `max` and SIMD mask `replacing`
/// into conditional branches (which mispredict on image data) or outlined calls; masks built
/// from the sign bit of a difference stay vector and/and-not/or.
enum Lanes {
  /// All ones in lanes where `a > b`, from the sign of `b − a`, with a NaN difference (equal
  /// infinities, e.g. two fractions that overflowed) counted as not greater, as `>` does.
  /// Differs from `a > b` only for `a = +0, b = −0`: a tie whose two answers are equal in
  /// value.
  @inline(__always)
  static func greaterMask(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Int32> {
    let d = unsafeBitCast(b - a, to: SIMD4<Int32>.self)
    let isNaN = (Int32(0x7F80_0000) &- (d & 0x7FFF_FFFF)) &>> 31
    return (d &>> 31) & ~isNaN
  }

  /// `a` where `mask` is all ones, `b` where it is zero.
  @inline(__always)
  static func select(_ mask: SIMD4<Int32>, _ a: SIMD4<Float>, _ b: SIMD4<Float>)
    -> SIMD4<Float>
  {
    let ai = unsafeBitCast(a, to: SIMD4<Int32>.self)
    let bi = unsafeBitCast(b, to: SIMD4<Int32>.self)
    return unsafeBitCast((ai & mask) | (bi & ~mask), to: SIMD4<Float>.self)
  }

  /// `a` where `mask` is all ones, `b` where it is zero.
  @inline(__always)
  static func select(_ mask: SIMD4<Int32>, _ a: SIMD4<Int32>, _ b: SIMD4<Int32>)
    -> SIMD4<Int32>
  {
    (a & mask) | (b & ~mask)
  }

  /// Lane-wise `max(a, b)` (no NaN expected).
  @inline(__always)
  static func max(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
    select(greaterMask(a, b), a, b)
  }

  /// Lane-wise `min(a, b)` (no NaN expected).
  @inline(__always)
  static func min(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
    select(greaterMask(a, b), b, a)
  }

  /// Lane-wise `min(max(x, lower), upper)`, as the reference's scalar `min(max(…))`.
  @inline(__always)
  static func clamp(_ x: SIMD4<Float>, _ lower: Float, _ upper: Float) -> SIMD4<Float> {
    min(max(x, SIMD4(repeating: lower)), SIMD4(repeating: upper))
  }

  /// Lane-wise `floor(c)` for `0 ≤ c < 2²²` (cell indices), without `Int(_:)`'s range checks:
  /// adding 1.5·2²³ rounds `c` to an integer held in the low mantissa bits, and one compare
  /// turns round-to-nearest into floor.
  @inline(__always)
  static func floorOfSmall(_ c: SIMD4<Float>) -> SIMD4<Int32> {
    let rounded =
      unsafeBitCast(c + 12_582_912, to: SIMD4<Int32>.self) &- 0x4B40_0000
    return rounded &+ greaterMask(SIMD4<Float>(rounded), c)
  }
}
