/// Hybrid Log-Gamma of ITU-R BT.2100-2 (Table 5), with the OOTF applied on luminance.
///
/// Scene light `E` is normalised to `[0, 1]`; signals `E′` are `[0, 1]`; display light is
/// absolute, in cd/m², for a display of nominal peak `Lw` and black `Lb`. The OOTF uses
/// `Y_S = 0.2627·R + 0.6780·G + 0.0593·B` (BT.2020 luma) and the system gamma
/// `γ = 1.2 + 0.42·log10(Lw / 1000)`; the EOTF uses the black lift
/// `β = sqrt(3·(Lb / Lw)^(1/γ))`. With `Lw = 1000`, `Lb = 0`: signal 0.75 ↔ 203.15 cd/m².
public enum HLG {
  /// a = 0.17883277.
  public static let a: Double = 0.178_832_77
  /// b = 1 − 4a.
  public static let b: Double = 1 - 4 * a
  /// c = 0.5 − a·ln(4a).
  public static let c: Double = 0.5 - a * Double.ln(4 * a)
  /// The BT.2020 luma weights the OOTF measures scene luminance with.
  public static let lumaWeights = SIMD3<Double>(0.2627, 0.6780, 0.0593)

  /// The system gamma for a display of nominal peak `peak` cd/m² (1.2 at 1000 cd/m²).
  public static func gamma(peak: Double) -> Double { 1.2 + 0.42 * Double.log10(peak / 1000) }

  /// Black lift `β = sqrt(3·(Lb/Lw)^(1/γ))` of the BT.2100-2 EOTF.
  public static func blackLift(peak: Double, black: Double) -> Double {
    guard black > 0 else { return 0 }
    return (3 * Double.power(black / peak, 1 / gamma(peak: peak))).squareRoot()
  }

  // MARK: Scalar OETF

  /// OETF: normalised scene light `E` `[0, 1]` → signal `E′` `[0, 1]`; `E ≤ 0` gives 0.
  public static func oetf(_ scene: Double) -> Double { oetfGeneric(scene) }
  /// OETF in `Float`.
  public static func oetf(_ scene: Float) -> Float { oetfGeneric(scene) }
  /// Inverse OETF: signal `E′` `[0, 1]` → normalised scene light `E` `[0, 1]`; `E′ ≤ 0` gives 0.
  public static func inverseOETF(_ signal: Double) -> Double { inverseOETFGeneric(signal) }
  /// Inverse OETF in `Float`.
  public static func inverseOETF(_ signal: Float) -> Float { inverseOETFGeneric(signal) }

  // MARK: OOTF and EOTF on RGB

  /// OOTF: normalised scene RGB `[0, 1]` → display RGB in cd/m² (`Lw·Y_S^(γ−1)·E`).
  public static func ootf(_ scene: SIMD3<Double>, peak: Double) -> SIMD3<Double> {
    ootfGeneric(scene, peak: peak, gamma: gamma(peak: peak))
  }
  /// OOTF in `Float`.
  public static func ootf(_ scene: SIMD3<Float>, peak: Float) -> SIMD3<Float> {
    ootfGeneric(scene, peak: peak, gamma: Float(gamma(peak: Double(peak))))
  }
  /// Inverse OOTF: display RGB in cd/m² → normalised scene RGB.
  public static func inverseOOTF(_ display: SIMD3<Double>, peak: Double) -> SIMD3<Double> {
    inverseOOTFGeneric(display, peak: peak, gamma: gamma(peak: peak))
  }
  /// Inverse OOTF in `Float`.
  public static func inverseOOTF(_ display: SIMD3<Float>, peak: Float) -> SIMD3<Float> {
    inverseOOTFGeneric(display, peak: peak, gamma: Float(gamma(peak: Double(peak))))
  }

  /// EOTF: signal RGB `[0, 1]` → display RGB in cd/m² `[Lb, Lw]` (BT.2100-2 with black lift).
  public static func eotf(
    _ signal: SIMD3<Double>, peak: Double = 1000, black: Double = 0
  ) -> SIMD3<Double> {
    HLGDisplay(peak: peak, black: black).eotf(signal)
  }
  /// EOTF in `Float`.
  public static func eotf(
    _ signal: SIMD3<Float>, peak: Float = 1000, black: Float = 0
  ) -> SIMD3<Float> {
    HLGDisplay(peak: Double(peak), black: Double(black)).eotf(signal)
  }
  /// Inverse EOTF: display RGB in cd/m² → signal RGB `[0, 1]` (for displayable input).
  public static func inverseEOTF(
    _ display: SIMD3<Double>, peak: Double = 1000, black: Double = 0
  ) -> SIMD3<Double> {
    HLGDisplay(peak: peak, black: black).inverseEOTF(display)
  }
  /// Inverse EOTF in `Float`.
  public static func inverseEOTF(
    _ display: SIMD3<Float>, peak: Float = 1000, black: Float = 0
  ) -> SIMD3<Float> {
    HLGDisplay(peak: Double(peak), black: Double(black)).inverseEOTF(display)
  }
}

/// An HLG reference display (BT.2100-2): nominal peak `Lw` and black `Lb` in cd/m², with its
/// system gamma and black lift computed once, for per-pixel EOTF work.
public struct HLGDisplay: Sendable, Hashable {
  /// Nominal peak luminance `Lw`, cd/m².
  public let peak: Double
  /// Black level `Lb`, cd/m².
  public let black: Double
  /// System gamma `γ = 1.2 + 0.42·log10(Lw / 1000)`.
  public let gamma: Double
  /// Black lift `β = sqrt(3·(Lb/Lw)^(1/γ))`.
  public let beta: Double

  /// Creates a display; the BT.2100 reference display is `Lw = 1000`, `Lb = 0`.
  public init(peak: Double = 1000, black: Double = 0) {
    self.peak = peak
    self.black = black
    gamma = HLG.gamma(peak: peak)
    beta = HLG.blackLift(peak: peak, black: black)
  }

  /// EOTF: signal RGB `[0, 1]` → display RGB in cd/m².
  public func eotf(_ signal: SIMD3<Double>) -> SIMD3<Double> { HLG.eotfGeneric(signal, self) }
  /// EOTF in `Float`.
  public func eotf(_ signal: SIMD3<Float>) -> SIMD3<Float> { HLG.eotfGeneric(signal, self) }
  /// Inverse EOTF: display RGB in cd/m² → signal RGB.
  public func inverseEOTF(_ display: SIMD3<Double>) -> SIMD3<Double> {
    HLG.inverseEOTFGeneric(display, self)
  }
  /// Inverse EOTF in `Float`.
  public func inverseEOTF(_ display: SIMD3<Float>) -> SIMD3<Float> {
    HLG.inverseEOTFGeneric(display, self)
  }
}

// MARK: - Generic implementations (specialised for Float and Double in this module)

extension HLG {
  static func oetfGeneric<T: TransferScalar>(_ e: T) -> T {
    guard e > 0 else { return e.isNaN ? e : 0 }
    if e <= 1 / 12 { return (3 * e).squareRoot() }
    return T(a) * T.ln(12 * e - T(b)) + T(c)
  }

  static func inverseOETFGeneric<T: TransferScalar>(_ s: T) -> T {
    guard s > 0 else { return s.isNaN ? s : 0 }
    if s <= 1 / 2 { return s * s / 3 }
    return (T.expo((s - T(c)) / T(a)) + T(b)) / 12
  }

  static func luminance<T: TransferScalar>(_ v: SIMD3<T>) -> T {
    T(lumaWeights.x) * v.x + T(lumaWeights.y) * v.y + T(lumaWeights.z) * v.z
  }

  static func ootfGeneric<T: TransferScalar>(_ e: SIMD3<T>, peak: T, gamma g: T) -> SIMD3<T> {
    let ys = luminance(e)
    guard ys > 0 else { return .zero }
    return e * (peak * T.power(ys, g - 1))
  }

  static func inverseOOTFGeneric<T: TransferScalar>(
    _ f: SIMD3<T>, peak: T, gamma g: T
  ) -> SIMD3<T> {
    let yd = luminance(f)
    guard yd > 0 else { return .zero }
    return f * (T.power(yd / peak, (1 - g) / g) / peak)
  }

  static func eotfGeneric<T: TransferScalar>(_ s: SIMD3<T>, _ display: HLGDisplay) -> SIMD3<T> {
    let beta = T(display.beta)
    var scene = SIMD3<T>()
    for k in 0..<3 { scene[k] = inverseOETFGeneric(max(0, (1 - beta) * s[k] + beta)) }
    return ootfGeneric(scene, peak: T(display.peak), gamma: T(display.gamma))
  }

  static func inverseEOTFGeneric<T: TransferScalar>(
    _ f: SIMD3<T>, _ display: HLGDisplay
  ) -> SIMD3<T> {
    let beta = T(display.beta)
    let scene = inverseOOTFGeneric(f, peak: T(display.peak), gamma: T(display.gamma))
    var out = SIMD3<T>()
    for k in 0..<3 { out[k] = (oetfGeneric(scene[k]) - beta) / (1 - beta) }
    return out
  }
}
