/// An RGB colour space's gamut: the CIE 1931 xy chromaticities of its primaries and white.
///
/// The normalised primary matrix (RGB → XYZ, white Y = 1) is derived from the
/// chromaticities (SMPTE RP 177: `NPM = P·diag(P⁻¹·W)`), never typed in.
public struct RGBPrimaries: Sendable, Hashable {
  /// xy of the red primary.
  public let red: SIMD2<Double>
  /// xy of the green primary.
  public let green: SIMD2<Double>
  /// xy of the blue primary.
  public let blue: SIMD2<Double>
  /// xy of the white point.
  public let white: SIMD2<Double>
  /// The normalised primary matrix: linear RGB → CIE XYZ with white at Y = 1.
  public let rgbToXYZ: Matrix3x3
  /// XYZ → linear RGB (the inverse of ``rgbToXYZ``).
  public let xyzToRGB: Matrix3x3
  /// The weights of R, G, B in luminance: the standard's luma coefficients where it
  /// publishes rounded ones (BT.709, BT.2020), else the Y row of ``rgbToXYZ``.
  public let luminanceWeights: SIMD3<Double>

  /// Creates primaries from xy chromaticities.
  ///
  /// - Parameters:
  ///   - red: the red primary's CIE 1931 xy chromaticity.
  ///   - green: the green primary's xy chromaticity.
  ///   - blue: the blue primary's xy chromaticity.
  ///   - white: the white point's xy chromaticity.
  ///   - luminanceWeights: the published luma coefficients, if any; nil takes the Y row of
  ///     the derived matrix.
  /// - Returns: nil when the primaries are degenerate (collinear: no invertible matrix), or
  ///   the white has `y = 0`. A primary may have `y = 0`: CIE XYZ itself (red 1, 0; green 0, 1;
  ///   blue 0, 0; white ⅓, ⅓), which OpenEXR writes for XYZ images, has the identity matrix.
  public init?(
    red: SIMD2<Double>, green: SIMD2<Double>, blue: SIMD2<Double>, white: SIMD2<Double>,
    luminanceWeights: SIMD3<Double>? = nil
  ) {
    // Twice the xy triangle's area: zero (to rounding) when the primaries are collinear.
    let (u, v) = (green - red, blue - red)
    guard white.y != 0, white.x.isFinite, white.y.isFinite, abs(u.x * v.y - u.y * v.x) > 1e-12,
      Self.primaryMatrix(red, green, blue).inverse != nil
    else { return nil }
    self.init(checked: red, green, blue, white: white, luminanceWeights: luminanceWeights)
    guard rgbToXYZ.inverse != nil else { return nil }
  }

  /// Derives the matrices; the chromaticities have been checked (or are standard ones).
  init(
    checked red: SIMD2<Double>, _ green: SIMD2<Double>, _ blue: SIMD2<Double>,
    white: SIMD2<Double>, luminanceWeights: SIMD3<Double>?
  ) {
    let p = Self.primaryMatrix(red, green, blue)
    let npm = p * Matrix3x3.diagonal((p.inverse ?? .identity) * Self.xyz(white))
    self.red = red
    self.green = green
    self.blue = blue
    self.white = white
    rgbToXYZ = npm
    xyzToRGB = npm.inverse ?? .identity
    self.luminanceWeights = luminanceWeights ?? npm.rows.1
  }

  /// XYZ (Y = 1) of an xy chromaticity.
  static func xyz(_ c: SIMD2<Double>) -> SIMD3<Double> {
    SIMD3(c.x / c.y, 1, (1 - c.x - c.y) / c.y)
  }

  /// The matrix whose columns are the primaries' chromaticity vectors `(x, y, 1 − x − y)`:
  /// their XYZ up to a scale, which `diag(P⁻¹·W)` then fixes (so a primary on `y = 0` works).
  private static func primaryMatrix(
    _ red: SIMD2<Double>, _ green: SIMD2<Double>, _ blue: SIMD2<Double>
  ) -> Matrix3x3 {
    func v(_ c: SIMD2<Double>) -> SIMD3<Double> { SIMD3(c.x, c.y, 1 - c.x - c.y) }
    let (r, g, b) = (v(red), v(green), v(blue))
    return Matrix3x3(rows: SIMD3(r.x, g.x, b.x), SIMD3(r.y, g.y, b.y), SIMD3(r.z, g.z, b.z))
  }

  /// Whether two gamuts have the same chromaticities (so converting between them is a no-op).
  public func hasSameChromaticities(as other: RGBPrimaries) -> Bool {
    red == other.red && green == other.green && blue == other.blue && white == other.white
  }
}
