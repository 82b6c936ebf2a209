/// One channel's samples in memory (a plane, or every n-th sample of an interleaved buffer)
/// and how they convert to and from `Float`: the one place RasterIO's sample conversions live.
///
/// Widening: half through the exact table, float as stored, EXR uint as its value (rounded to
/// the nearest float, exact up to 2²⁴), TIFF unsigned integers normalised by the largest code
/// (`v / (2ᴺ − 1)`). Narrowing: half rounds to nearest even (65520 and above → infinity), EXR
/// uint per ``EXRSamples/uintValue(_:)``, TIFF integers `round(v · (2ᴺ − 1))` clamped, NaN → 0.
struct SampleLane: @unchecked Sendable {
  /// The stored type and its meaning.
  enum Kind: Sendable {
    case half, float
    /// OpenEXR's 32-bit unsigned integer: the integer's value.
    case uint
    /// TIFF unsigned integers, normalised by their largest code.
    case unorm8, unorm16, unorm32
  }

  var kind: Kind
  /// Sample 0.
  var base: UnsafeMutableRawPointer
  /// Samples from one pixel to the next (1 for a plane).
  var stride: Int

  /// Widens pixels `range` into lane `channel` of `block` (4 floats per pixel, pixel
  /// `range.lowerBound` first).
  func load(
    _ range: Range<Int>, into block: UnsafeMutablePointer<Float>, channel: Int,
    halves: UnsafePointer<Float>
  ) {
    func each<T>(_: T.Type, _ convert: (T) -> Float) {
      let s = base.assumingMemoryBound(to: T.self)
      var o = channel
      for i in range {
        block[o] = convert(s[i &* stride])
        o &+= 4
      }
    }
    switch kind {
    case .half: each(UInt16.self) { halves[Int($0)] }
    case .float: each(Float.self) { $0 }
    case .uint: each(UInt32.self) { Float($0) }
    case .unorm8: each(UInt8.self) { Float($0) / 255 }
    case .unorm16: each(UInt16.self) { Float($0) / 65535 }
    case .unorm32: each(UInt32.self) { Float(Double($0) / 4_294_967_295) }
    }
  }

  /// Narrows lane `channel` of `block` into pixels `range`.
  func store(_ range: Range<Int>, from block: UnsafePointer<Float>, channel: Int) {
    func each<T>(_: T.Type, _ convert: (Float) -> T) {
      let d = base.assumingMemoryBound(to: T.self)
      var o = channel
      for i in range {
        d[i &* stride] = convert(block[o])
        o &+= 4
      }
    }
    switch kind {
    case .half: each(UInt16.self, HalfFloat.half)
    case .float: each(Float.self) { $0 }
    case .uint: each(UInt32.self, EXRSamples.uintValue)
    case .unorm8: each(UInt8.self) { UInt8(Self.code($0, max: 255)) }
    case .unorm16: each(UInt16.self) { UInt16(Self.code($0, max: 65535)) }
    case .unorm32: each(UInt32.self) { UInt32(Self.code($0, max: 4_294_967_295)) }
    }
  }

  /// `round(v · max)` clamped to `0…max`; NaN → 0.
  @inline(__always)
  static func code(_ value: Float, max: Double) -> Double {
    let scaled = (Double(value) * max).rounded()
    guard scaled > 0 else { return 0 }
    return Swift.min(scaled, max)
  }
}
