/// The maxRGB extended-Reinhard tone curve of docs/semantics.md §5.
///
/// `y = x·(1 + a·m)/(1 + b·m)` with `m = max(R, G, B)`, `a = out / in²`, `b = 1 / out`: a
/// value with `m = in` maps to `m = out`, small values are nearly unchanged, and hue
/// (the RGB ratios) is kept. Active only when `in > out`; otherwise the identity. Colours with
/// `m ≥ in` are held at the target: `y = x·out/m`, so the output's maximum never exceeds
/// `out`. Peaks are in any unit shared with the colours (cd/m², or EDR units with
/// 1 = reference white).
public struct MaxRGBReinhard: MaxRGBCurve {
  /// The brightest input that must map to `outputPeak`.
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

  /// The factor applied to a colour whose maximum component is `m`; 1 for `m ≤ 0`,
  /// `out/m` for `m ≥ in`.
  public func gain(forMax m: Double) -> Double {
    guard isActive, m > 0 else { return 1 }
    guard m < inputPeak else { return outputPeak / m }
    let a = outputPeak / (inputPeak * inputPeak)
    let b = 1 / outputPeak
    return (1 + a * m) / (1 + b * m)
  }
}
