/// ICtCp of ITU-R BT.2100-2 (PQ variant), from absolute linear BT.2020 RGB.
///
/// RGB in cd/m² → LMS (the BT.2100 crosstalk matrix) → PQ inverse EOTF per component →
/// I, Ct, Cp. `I` is in `[0, 1]` (PQ(0) ≈ 7.3e-7 for black); Ct, Cp are signed, roughly
/// `[−0.5, 0.5]`.
public struct ICtCp: Sendable, Hashable {
  /// Intensity.
  public var i: Double
  /// Tritan (blue–yellow) chroma.
  public var ct: Double
  /// Protan (red–green) chroma.
  public var cp: Double

  /// Creates a value from its components.
  public init(i: Double, ct: Double, cp: Double) {
    self.i = i
    self.ct = ct
    self.cp = cp
  }

  /// RGB → LMS (BT.2100-2 Table 6), in 1/4096ths.
  static let rgbToLMS = Matrix3x3(
    rows: SIMD3(1688, 2146, 262) / 4096, SIMD3(683, 2951, 462) / 4096,
    SIMD3(99, 309, 3688) / 4096)

  /// L′M′S′ → ICtCp (BT.2100-2 Table 7), in 1/4096ths.
  static let lmsToICtCp = Matrix3x3(
    rows: SIMD3(2048, 2048, 0) / 4096, SIMD3(6610, -13613, 7003) / 4096,
    SIMD3(17933, -17390, -543) / 4096)

  /// Converts linear BT.2020 RGB in absolute cd/m² (`[0, 10000]`; negatives count as 0).
  public init(rec2020Nits rgb: SIMD3<Double>) {
    let lms = Self.rgbToLMS * rgb
    let encoded = SIMD3(PQ.inverseEOTF(lms.x), PQ.inverseEOTF(lms.y), PQ.inverseEOTF(lms.z))
    let v = Self.lmsToICtCp * encoded
    self.init(i: v.x, ct: v.y, cp: v.z)
  }

  /// ΔE_ITP of ITU-R BT.2124: `720·sqrt(ΔI² + ΔT² + ΔP²)` with `T = 0.5·Ct`, `P = Cp`.
  ///
  /// One unit is about one just-noticeable difference.
  public static func deltaEITP(_ a: ICtCp, _ b: ICtCp) -> Double {
    let di = a.i - b.i
    let dt = 0.5 * (a.ct - b.ct)
    let dp = a.cp - b.cp
    return 720 * (di * di + dt * dt + dp * dp).squareRoot()
  }
}

/// ΔE_ITP (ITU-R BT.2124) between two linear BT.2020 colours in absolute cd/m².
public func deltaEITP(rec2020Nits a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
  ICtCp.deltaEITP(ICtCp(rec2020Nits: a), ICtCp(rec2020Nits: b))
}
