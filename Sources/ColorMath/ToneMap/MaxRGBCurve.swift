/// A tone curve that scales a colour by a factor of its maximum component `m = max(R, G, B)`,
/// so hue (the RGB ratios) is kept, from an input peak to an output peak in any unit shared
/// with the colours (cd/m², or EDR units with 1 = reference white). Active only when the
/// input peak is above the output peak; otherwise the identity.
public protocol MaxRGBCurve: Sendable, Hashable {
  /// The brightest input, mapped to `outputPeak`.
  var inputPeak: Double { get }
  /// The brightest output.
  var outputPeak: Double { get }
  /// The factor applied to a colour whose maximum component is `m` (1 for `m ≤ 0`).
  func gain(forMax m: Double) -> Double
}

extension MaxRGBCurve {
  /// Whether the curve changes anything (`inputPeak > outputPeak`).
  public var isActive: Bool { inputPeak > outputPeak && outputPeak > 0 }

  /// Tone-maps one colour.
  public func apply(_ rgb: SIMD3<Double>) -> SIMD3<Double> { rgb * gain(forMax: rgb.max()) }

  /// Tone-maps one colour in `Float` (the gain is computed in `Double`).
  public func apply(_ rgb: SIMD3<Float>) -> SIMD3<Float> {
    rgb * Float(gain(forMax: Double(rgb.max())))
  }
}
