/// The highlight scale of the `rising-maxrgb` policy (docs/semantics.md §4): a curve that
/// leaves white with a look's own neutral slope and bends towards slope 1 (maxRGB) above it.
///
/// `h(m) = m − (1 − k)·a·(1 − e^{−(m − 1)/a})` for `m ≥ 1`, with `k` the look's relative
/// neutral slope at white (clamped to ≥ 0) and `a` = ``bend`` = 1. So `h(1) = 1`,
/// `h′(1) = k`, `h′(m) = 1 − (1 − k)·e^{−(m − 1)/a} > 0` for every `m > 1` (strictly
/// increasing, even for a look that is flat at white, `k = 0`), and `h(m) = m` exactly when
/// `k = 1` (identity and exposure cubes).
public struct HighlightContinuation: Sendable, Hashable {
  /// The width of the bend from slope `k` to slope 1, in EDR units: `a = 1`.
  public static let bend: Double = 1

  /// `k`: the look's neutral slope at white relative to its white level, `≥ 0`.
  public let slopeAtWhite: Double

  /// Creates the curve.
  ///
  /// - Parameter slopeAtWhite: `(dY/dm)/Y` of the look's neutral response just below white;
  ///   negative or non-finite values count as 0.
  public init(slopeAtWhite: Double) {
    self.slopeAtWhite = slopeAtWhite.isFinite ? max(0, slopeAtWhite) : 0
  }

  /// `h(m)` for `m ≥ 1`; `m` itself below 1 (where the policy does not scale).
  public func scale(_ m: Double) -> Double {
    guard m > 1 else { return m }
    let a = Self.bend
    return m - (1 - slopeAtWhite) * a * (1 - Double.expo(-(m - 1) / a))
  }
}
