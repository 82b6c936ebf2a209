/// The EETF of ITU-R BT.2390 (§5.4): a Hermite-spline knee in the PQ domain that maps a
/// mastering display's range onto a target display's, applied here to maxRGB.
///
/// All luminances are absolute, cd/m². Inputs above the source peak are treated as the peak.
public struct BT2390EETF: Sendable, Hashable {
  /// Mastering (source) display peak `LW`.
  public let sourcePeak: Double
  /// Mastering display black `LB`.
  public let sourceBlack: Double
  /// Target display peak `Lmax`.
  public let targetPeak: Double
  /// Target display black `Lmin`.
  public let targetBlack: Double

  /// Creates the EETF.
  public init(
    sourcePeak: Double, targetPeak: Double, sourceBlack: Double = 0, targetBlack: Double = 0
  ) {
    self.sourcePeak = sourcePeak
    self.sourceBlack = sourceBlack
    self.targetPeak = targetPeak
    self.targetBlack = targetBlack
  }

  /// Maps a luminance in cd/m² (BT.2390 steps E1 … E4, then the PQ EOTF).
  public func map(_ nits: Double) -> Double {
    let blackSignal = PQ.inverseEOTF(sourceBlack)
    let range = PQ.inverseEOTF(sourcePeak) - blackSignal
    guard range > 0 else { return nits }
    let maxLum = (PQ.inverseEOTF(targetPeak) - blackSignal) / range
    let minLum = (PQ.inverseEOTF(targetBlack) - blackSignal) / range
    let kneeStart = 1.5 * maxLum - 0.5
    let e1 = min(max((PQ.inverseEOTF(nits) - blackSignal) / range, 0), 1)
    var e2 = e1
    if e1 >= kneeStart && kneeStart < 1 {
      let t = (e1 - kneeStart) / (1 - kneeStart)
      let (t2, t3) = (t * t, t * t * t)
      e2 =
        (2 * t3 - 3 * t2 + 1) * kneeStart + (t3 - 2 * t2 + t) * (1 - kneeStart)
        + (-2 * t3 + 3 * t2) * maxLum
    }
    let inverse = 1 - e2
    let e3 = e2 + minLum * inverse * inverse * inverse * inverse
    return PQ.eotf(e3 * range + blackSignal)
  }

  /// Tone-maps an RGB colour in cd/m² by scaling it with `map(m)/m`, `m = max(R, G, B)`;
  /// colours with `m ≤ 0` are unchanged.
  public func apply(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
    let m = rgb.max()
    guard m > 0 else { return rgb }
    return rgb * (map(m) / m)
  }
}
