/// `h(m)` in `Float` for per-pixel work: the same formula with `e^x` from a polynomial
/// (``PolynomialMath/exp(_:)``) instead of `Double`'s `exp`, so that vector code can
/// evaluate exactly the same operations (EDRCube's C chain does, lane for lane). Within 1e-6
/// relative of ``scale(_:)`` for every `m` (checked in the tests).
extension HighlightContinuation {
  /// `(1 − k)·a`, the factor on `1 − e^{−(m − 1)/a}`.
  public var risingFactor: Float { Float((1 - slopeAtWhite) * Self.bend) }

  /// `1/a`.
  public var inverseBend: Float { Float(1 / Self.bend) }

  /// `h(m)` for `m > 1`, `m` itself otherwise: `m − (1 − k)·a·(1 − e^{(1 − m)/a})` in `Float`.
  public func scale(float m: Float) -> Float {
    guard m > 1 else { return m }
    let e = PolynomialMath.exp((1 - m) * inverseBend)
    return m - risingFactor * (1 - e)
  }
}
