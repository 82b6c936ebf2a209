/// One channel's samples in their stored type, row by row over the channel's own sampled grid.
///
/// Half samples are kept as their IEEE 754 bit patterns, so nothing is lost or canonicalised.
public enum EXRSamples: Hashable, Sendable {
  /// Half floats as bit patterns.
  case half([UInt16])
  /// 32-bit floats.
  case float([Float])
  /// 32-bit unsigned integers.
  case uint([UInt32])

  /// `count` zero samples of `type`.
  public init(zeros count: Int, type: EXRPixelType) {
    switch type {
    case .half: self = .half([UInt16](repeating: 0, count: count))
    case .float: self = .float([Float](repeating: 0, count: count))
    case .uint: self = .uint([UInt32](repeating: 0, count: count))
    }
  }

  /// Samples of `type` converted from `values` (see ``converted(to:)`` for the rules).
  public init(_ values: [Float], as type: EXRPixelType) {
    self = EXRSamples.float(values).converted(to: type)
  }

  /// The stored pixel type.
  public var pixelType: EXRPixelType {
    switch self {
    case .half: .half
    case .float: .float
    case .uint: .uint
    }
  }

  /// Number of samples.
  public var count: Int {
    switch self {
    case .half(let v): v.count
    case .float(let v): v.count
    case .uint(let v): v.count
    }
  }

  /// The samples as `Float`: half widened exactly, uint rounded to the nearest float (exact up
  /// to 2²⁴).
  public var floatValues: [Float] {
    switch self {
    case .half(let v): HalfFloat.table.withUnsafeBufferPointer { t in v.map { t[Int($0)] } }
    case .float(let v): v
    case .uint(let v): v.map { Float($0) }
    }
  }

  /// The samples in another type. Float → half rounds to nearest even (65520 and above become
  /// infinity, as OpenEXR does); NaN, ±inf, −0 and payloads are kept where the type can hold
  /// them. To uint: NaN and negatives become 0, values round half away from zero and clamp at
  /// 2³² − 1.
  public func converted(to type: EXRPixelType) -> EXRSamples {
    if type == pixelType { return self }
    switch type {
    case .float: return .float(floatValues)
    case .half: return .half(floatValues.map(HalfFloat.half))
    case .uint: return .uint(floatValues.map(Self.uintValue))
    }
  }

  /// `value` as uint: NaN and negatives → 0, rounded half away from zero, clamped.
  static func uintValue(_ value: Float) -> UInt32 {
    guard value > 0 else { return 0 }
    guard value < 4_294_967_296 else { return UInt32.max }
    return UInt32(value.rounded())
  }
}
