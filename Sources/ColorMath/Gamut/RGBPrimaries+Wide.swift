extension RGBPrimaries {
  /// The ACES white (SMPTE ST 2065-1, ≈ D60): (0.32168, 0.33767).
  public static let acesWhite = SIMD2<Double>(0.32168, 0.33767)

  /// ACES AP0 (SMPTE ST 2065-1, ACES2065-1), ACES white.
  public static let ap0 = standard(
    SIMD2(0.7347, 0.2653), SIMD2(0.0, 1.0), SIMD2(0.0001, -0.0770), white: acesWhite)

  /// ACES AP1 (ACEScg, ACEScct, ACEScc; Academy S-2014-004), ACES white.
  public static let ap1 = standard(
    SIMD2(0.713, 0.293), SIMD2(0.165, 0.830), SIMD2(0.128, 0.044), white: acesWhite)

  /// ARRI Wide Gamut 3 (ALEXA LogC3 white paper), D65.
  public static let arriWideGamut3 = standard(
    SIMD2(0.6840, 0.3130), SIMD2(0.2210, 0.8480), SIMD2(0.0861, -0.1020))

  /// ARRI Wide Gamut 4 (ALEXA LogC4 specification), D65.
  public static let arriWideGamut4 = standard(
    SIMD2(0.7347, 0.2653), SIMD2(0.1424, 0.8576), SIMD2(0.0991, -0.0308))

  /// Sony S-Gamut3 (Sony S-Log3 / S-Gamut3 technical summary), D65.
  public static let sGamut3 = standard(
    SIMD2(0.730, 0.280), SIMD2(0.140, 0.855), SIMD2(0.100, -0.050))

  /// Sony S-Gamut3.Cine, D65.
  public static let sGamut3Cine = standard(
    SIMD2(0.766, 0.275), SIMD2(0.225, 0.800), SIMD2(0.089, -0.087))

  /// Panasonic V-Gamut (V-Log/V-Gamut reference manual), D65.
  public static let vGamut = standard(
    SIMD2(0.730, 0.280), SIMD2(0.165, 0.840), SIMD2(0.100, -0.030))

  /// REDWideGamutRGB (RED white paper), D65.
  public static let redWideGamut = standard(
    SIMD2(0.780308, 0.304253), SIMD2(0.121595, 1.493994), SIMD2(0.095612, -0.084589))

  /// DaVinci Wide Gamut (Blackmagic DaVinci Resolve 17 Wide Gamut Intermediate), D65.
  public static let davinciWideGamut = standard(
    SIMD2(0.8000, 0.3130), SIMD2(0.1682, 0.9877), SIMD2(0.0790, -0.1155))

  /// Blackmagic Wide Gamut, Generation 4/5 (Blackmagic Generation 5 Color Science), with its
  /// own white (0.312717, 0.3290312).
  public static let blackmagicWideGamut = standard(
    SIMD2(0.717_721_5, 0.317_118_1), SIMD2(0.228_041, 0.861_569), SIMD2(0.100_584_1, -0.082_045_2),
    white: SIMD2(0.312_717, 0.329_031_2))

  /// Canon Cinema Gamut (Canon Cinema Gamut white paper), D65.
  public static let cinemaGamut = standard(
    SIMD2(0.74, 0.27), SIMD2(0.17, 1.14), SIMD2(0.08, -0.10))

  /// FilmLight E-Gamut (FilmLight's T-Log / E-Gamut specification), D65.
  public static let filmLightEGamut = standard(
    SIMD2(0.8, 0.3177), SIMD2(0.18, 0.9), SIMD2(0.065, -0.0805))

  /// DJI D-Gamut (DJI D-Log / D-Gamut white paper), D65.
  public static let djiDGamut = standard(
    SIMD2(0.71, 0.31), SIMD2(0.21, 0.88), SIMD2(0.09, -0.08))
}
