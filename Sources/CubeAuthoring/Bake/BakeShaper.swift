import Foundation

/// The shaper of a baked look: a log2 curve with a linear toe that maps the EDR range
/// `[low, high]` (× reference white, working linear) onto 0…1 for a clamping 3D table.
///
/// `y = a·log2(x + c) + b` for `x ≥ 0`; below 0 the tangent at 0 continues it (so negative,
/// out-of-gamut components keep their own nodes); `y(low) = 0`, `y(high) = 1`. It is exactly
/// CLF's `Log` node of style `cameraLinToLog` with base 2, `linSideSlope` 1,
/// `linSideOffset` c, `logSideSlope` a, `logSideOffset` b and `linSideBreak` 0.
public struct BakeShaper: Sendable, Hashable {
  /// The lowest input the table covers (× white).
  public let low: Double
  /// The highest input the table covers (× white).
  public let high: Double
  /// The offset inside the logarithm: the smaller, the more nodes near black.
  public let offset: Double
  /// `logSideSlope`.
  public let slope: Double
  /// `logSideOffset`.
  public let intercept: Double

  /// The shaper over `[low, high]` with log offset `offset`; `low < 0 < high`.
  public init(low: Double = -0.25, high: Double = 64, offset: Double = 0.125) {
    precondition(low < 0 && high > 0 && offset > 0, "BakeShaper: low < 0 < high, offset > 0")
    self.low = low
    self.high = high
    self.offset = offset
    let top = log2(high + offset)
    let toe = -low / (M_LN2 * offset)
    slope = 1 / (top - log2(offset) + toe)
    intercept = 1 - slope * top
  }

  /// The slope of the linear toe (below 0).
  public var toeSlope: Double { slope / (M_LN2 * offset) }
  /// The shaper's value at 0.
  public var valueAtZero: Double { slope * log2(offset) + intercept }

  /// The shaped value of `x` (not clamped).
  public func callAsFunction(_ x: Double) -> Double {
    x >= 0 ? slope * log2(x + offset) + intercept : valueAtZero + toeSlope * x
  }

  /// The input whose shaped value is `y`.
  public func inverse(_ y: Double) -> Double {
    y >= valueAtZero ? exp2((y - intercept) / slope) - offset : (y - valueAtZero) / toeSlope
  }
}
