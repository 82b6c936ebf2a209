extension RGBPrimaries {
  /// CIE D65 as used by BT.709, BT.2020 and Display P3: (0.3127, 0.3290).
  public static let d65 = SIMD2<Double>(0.3127, 0.3290)

  /// ITU-R BT.709 (and sRGB), D65; luma weights 0.2126, 0.7152, 0.0722.
  public static let rec709 = standard(
    SIMD2(0.64, 0.33), SIMD2(0.30, 0.60), SIMD2(0.15, 0.06), luma: SIMD3(0.2126, 0.7152, 0.0722))

  /// Display P3 (SMPTE EG 432-1 primaries, D65); luminance weights from its matrix.
  public static let displayP3 = standard(
    SIMD2(0.680, 0.320), SIMD2(0.265, 0.690), SIMD2(0.150, 0.060))

  /// The DCI white of SMPTE RP 431-2: (0.314, 0.351).
  public static let dciWhite = SIMD2<Double>(0.314, 0.351)

  /// DCI-P3 (SMPTE RP 431-2): Display P3's primaries with the DCI white.
  public static let dciP3 = standard(
    SIMD2(0.680, 0.320), SIMD2(0.265, 0.690), SIMD2(0.150, 0.060), white: dciWhite)

  /// ITU-R BT.2020 / BT.2100, D65; luma weights 0.2627, 0.6780, 0.0593.
  public static let rec2020 = standard(
    SIMD2(0.708, 0.292), SIMD2(0.170, 0.797), SIMD2(0.131, 0.046),
    luma: SIMD3(0.2627, 0.6780, 0.0593))

  /// A standard gamut (its chromaticities are known to give invertible matrices).
  static func standard(
    _ r: SIMD2<Double>, _ g: SIMD2<Double>, _ b: SIMD2<Double>, white: SIMD2<Double> = d65,
    luma: SIMD3<Double>? = nil
  ) -> RGBPrimaries {
    RGBPrimaries(checked: r, g, b, white: white, luminanceWeights: luma)
  }
}

extension Matrix3x3 {
  /// The matrix converting linear RGB in `source` primaries to linear RGB in `destination`
  /// primaries: `NPM_dst⁻¹·NPM_src` when the whites are equal, else
  /// `NPM_dst⁻¹·CAT·NPM_src` with `CAT` the Bradford adaptation from the source's white to
  /// the destination's (``bradfordAdaptation(from:to:)``), so that white stays white.
  public static func rgbToRGB(from source: RGBPrimaries, to destination: RGBPrimaries)
    -> Matrix3x3
  {
    if source.hasSameChromaticities(as: destination) { return .identity }
    guard source.white != destination.white else {
      return destination.xyzToRGB * source.rgbToXYZ
    }
    let adaptation = bradfordAdaptation(from: source.white, to: destination.white)
    return destination.xyzToRGB * adaptation * source.rgbToXYZ
  }
}
