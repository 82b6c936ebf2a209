import Foundation

/// The shaper of a baked look: it maps the EDR range `[low, high]` (× reference white, working
/// linear) onto 0…1 for a clamping 3D table. Negative values (out-of-gamut components) get a
/// linear toe, the first `toe` of the output; 0…high a log curve whose offset `c` sets how many
/// nodes the darks get:
///
///     x < 0:  y = toe · (x − low) / (0 − low)
///     x ≥ 0:  y = toe + (1 − toe) · log2(1 + x/c) / log2(1 + high/c)
///
/// Continuous and increasing; `y(low) = 0`, `y(0) = toe`, `y(high) = 1`.
public struct BakeShaper: Sendable, Hashable {
  /// The lowest input the table covers (× white).
  public let low: Double
  /// The highest input the table covers (× white).
  public let high: Double
  /// The log offset `c`: the smaller, the more nodes near black.
  public let offset: Double
  /// The share of the output given to the negative toe.
  public let toe: Double

  /// The shaper over `[low, high]`; `low < 0 < high`, `offset > 0`, `0 < toe < 1`.
  public init(
    low: Double = -0.25, high: Double = 64, offset: Double = 1.0 / 16, toe: Double = 0.125
  ) {
    precondition(
      low < 0 && high > 0 && offset > 0 && toe > 0 && toe < 1,
      "BakeShaper: low < 0 < high, offset > 0, 0 < toe < 1")
    self.low = low
    self.high = high
    self.offset = offset
    self.toe = toe
  }

  private var logSpan: Double { log2(1 + high / offset) }

  /// The shaped value of `x` (not clamped).
  public func callAsFunction(_ x: Double) -> Double {
    x < 0
      ? toe * (x - low) / -low
      : toe + (1 - toe) * log2(1 + x / offset) / logSpan
  }

  /// The input whose shaped value is `y`.
  public func inverse(_ y: Double) -> Double {
    y < toe
      ? low + y / toe * -low
      : offset * (exp2((y - toe) / (1 - toe) * logSpan) - 1)
  }
}
