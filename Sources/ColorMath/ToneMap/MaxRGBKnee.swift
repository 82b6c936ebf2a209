/// The `knee` tone curve of docs/semantics.md §5: maxRGB, the identity up to a knee at half
/// the output peak, then extended Reinhard on what lies above the knee.
///
/// With `m = max(R, G, B)`, `k = out/2`, `a = (out − k)/(in − k)²`, `b = 1/(out − k)`:
/// `y(m) = m` for `m ≤ k`, `k + (m − k)·(1 + a·(m − k))/(1 + b·(m − k))` for `k < m < in`,
/// and `out` for `m ≥ in`; colours are scaled by `y(m)/m`, so hue is kept. `y` is
/// continuous with slope 1 at the knee, increasing, and never above `out`; with
/// `out ≥ 2` (in the unit where 1 is diffuse white) everything up to white is unchanged.
/// Active only when `in > out`; otherwise the identity.
public struct MaxRGBKnee: MaxRGBCurve {
  /// The brightest input, mapped to `outputPeak`.
  public let inputPeak: Double
  /// The brightest output.
  public let outputPeak: Double

  /// Creates the curve from the source peak to the target peak (both > 0).
  public init(inputPeak: Double, outputPeak: Double) {
    (self.inputPeak, self.outputPeak) = (inputPeak, outputPeak)
  }

  /// The knee `k = out/2`: values up to it are unchanged.
  public var knee: Double { outputPeak / 2 }

  /// `y(m)`, the new maximum of a colour whose maximum is `m`: above the knee, extended
  /// Reinhard from `in − k` to `out − k` on `m − k`.
  public func map(_ m: Double) -> Double {
    guard isActive, m > knee else { return m }
    let above = MaxRGBReinhard(inputPeak: inputPeak - knee, outputPeak: outputPeak - knee)
    let x = m - knee
    return knee + x * above.gain(forMax: x)
  }

  /// `y(m)/m`; 1 for `m ≤ 0`.
  public func gain(forMax m: Double) -> Double { m > 0 ? map(m) / m : 1 }
}
