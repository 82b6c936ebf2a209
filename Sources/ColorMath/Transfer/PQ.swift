/// The Perceptual Quantizer of SMPTE ST 2084:2014 (ITU-R BT.2100-2 Table 4).
///
/// Signals are normalised, `[0, 1]`; luminance is absolute, in cd/m², `[0, 10000]`.
/// The `Float` overloads compute in `Double` internally. A plain `Float` PQ meets the
/// conformance Float rows (EOTF 2e-4, inverse 5e-5) and is twice as fast, but its round trip
/// drifts by up to 1e-4 relative, which gamut matrices with cancelling rows amplify past the
/// `edr_application` tolerance (measured: 0.00068 for 0.00057 on a wide-gamut colour).
public enum PQ {
  /// m1 = 2610 / 16384.
  public static let m1: Double = 2610.0 / 16384
  /// m2 = 2523 / 4096 · 128.
  public static let m2: Double = 2523.0 / 4096 * 128
  /// c1 = 3424 / 4096 (= c3 − c2 + 1).
  public static let c1: Double = 3424.0 / 4096
  /// c2 = 2413 / 4096 · 32.
  public static let c2: Double = 2413.0 / 4096 * 32
  /// c3 = 2392 / 4096 · 32.
  public static let c3: Double = 2392.0 / 4096 * 32
  /// The peak luminance of the PQ container, cd/m².
  public static let peakLuminance: Double = 10000

  /// EOTF: normalised signal `E′` → display luminance in cd/m².
  ///
  /// - Parameter signal: `E′`, nominally `[0, 1]`; `E′ ≤ 0`, and every signal whose
  ///   `E′^(1/m2)` does not exceed `c1` (≤ 7.31e-7), decodes to exactly 0.
  /// - Returns: luminance in cd/m², `[0, 10000]` for `E′ ∈ [0, 1]`.
  public static func eotf(_ signal: Double) -> Double {
    guard signal > 0 else { return signal.isNaN ? signal : 0 }
    let p = Double.power(signal, 1 / m2)
    let numerator = max(p - c1, 0)
    return peakLuminance * Double.power(numerator / (c2 - c3 * p), 1 / m1)
  }

  /// Inverse EOTF: display luminance in cd/m² → normalised signal `E′`.
  ///
  /// - Parameter nits: luminance in cd/m², `[0, 10000]`; negative values are treated as 0.
  /// - Returns: `E′` in `[PQ(0) ≈ 7.3096e-7, 1]` for luminance in `[0, 10000]`.
  public static func inverseEOTF(_ nits: Double) -> Double {
    let y = Double.power(max(nits, 0) / peakLuminance, m1)
    return Double.power((c1 + c2 * y) / (1 + c3 * y), m2)
  }

  /// EOTF in `Float` (computed in `Double`): signal → cd/m².
  public static func eotf(_ signal: Float) -> Float { Float(eotf(Double(signal))) }

  /// Inverse EOTF in `Float` (computed in `Double`): cd/m² → signal.
  public static func inverseEOTF(_ nits: Float) -> Float { Float(inverseEOTF(Double(nits))) }
}
