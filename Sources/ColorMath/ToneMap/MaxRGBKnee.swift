/// The `knee` tone curve of docs/semantics.md §5: maxRGB, the identity up to a knee at half
/// the output peak, then extended Reinhard on what lies above the knee.
///
/// With `m = max(R, G, B)`, `k = out/2`, `a = (out − k)/(in − k)²`, `b = 1/(out − k)`:
/// `y(m) = m` for `m ≤ k`, `k + (m − k)·(1 + a·(m − k))/(1 + b·(m − k))` for `k < m < in`,
/// and `out` for `m ≥ in`; colours are scaled by `y(m)/m`, so hue is kept. `y` is
/// continuous with slope 1 at the knee, increasing, and never above `out`; with
/// `out ≥ 2` (in the unit where 1 is diffuse white) everything up to white is unchanged.
/// Active only when `in > out`; otherwise the identity.
public struct MaxRGBKnee: Sendable, Hashable {
  /// The brightest input, mapped to `outputPeak`.
  public let inputPeak: Double
  /// The brightest output.
  public let outputPeak: Double

  /// Creates the curve.
  ///
  /// - Parameters:
  ///   - inputPeak: source peak, > 0.
  ///   - outputPeak: target peak, > 0.
  public init(inputPeak: Double, outputPeak: Double) {
    self.inputPeak = inputPeak
    self.outputPeak = outputPeak
  }

  /// Whether the curve changes anything (`inputPeak > outputPeak`).
  public var isActive: Bool { inputPeak > outputPeak && outputPeak > 0 }

  /// The knee `k = out/2`: values up to it are unchanged.
  public var knee: Double { outputPeak / 2 }

  /// `y(m)`, the new maximum of a colour whose maximum is `m`.
  public func map(_ m: Double) -> Double {
    guard isActive, m > knee else { return m }
    guard m < inputPeak else { return outputPeak }
    let (k, span) = (knee, outputPeak - knee)
    let a = span / ((inputPeak - k) * (inputPeak - k))
    let x = m - k
    return k + x * (1 + a * x) / (1 + x / span)
  }

  /// Tone-maps one colour: `rgb·y(m)/m`; colours with `m ≤ 0` are unchanged.
  public func apply(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
    let m = rgb.max()
    guard m > 0 else { return rgb }
    return rgb * (map(m) / m)
  }
}
