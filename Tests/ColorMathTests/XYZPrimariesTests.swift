import ColorMath
import TestSupport
import Testing

/// Chromaticities with a primary on `y = 0`: CIE XYZ as OpenEXR writes it (red 1, 0; green 0, 1;
/// blue 0, 0; white ⅓, ⅓ rounded to Float, as in openexr-images' `Chromaticities/XYZ.exr`).
/// Reference matrices from colour-science 0.4:
/// `colour.RGB_Colourspace("XYZ", [[1, 0], [0, 1], [0, 0]], [w, w]).matrix_RGB_to_XYZ` with
/// `w = float(np.float32(1/3))`, and `colour.matrix_RGB_to_RGB(xyz, RGB_COLOURSPACES["ITU-R
/// BT.709"], chromatic_adaptation_transform="Bradford")`.
@Suite struct XYZPrimariesTests {
  static let third = Double(Float(1.0 / 3.0))
  static let xyz = RGBPrimaries(
    red: SIMD2(1, 0), green: SIMD2(0, 1), blue: SIMD2(0, 0), white: SIMD2(third, third))

  @Test func xyzPrimariesGiveColourScienceMatrix() throws {
    let xyz = try #require(Self.xyz)
    expectClose(
      xyz.rgbToXYZ.array.flatMap { $0 }, [1, 0, 0, 0, 1, 0, 0, 0, 0.999_999_910_593_035_5],
      abs: 1e-12, "XYZ NPM")
  }

  @Test func xyzToRec709MatchesColourScience() throws {
    let m = Matrix3x3.rgbToRGB(from: try #require(Self.xyz), to: .rec709)
    let expected: [Double] = [
      3.146_657_626_431_689_4, -1.666_463_770_985_334_5, -0.480_193_855_446_354_73,
      -0.995_521_606_952_738_4, 1.955_756_741_022_712_8, 0.039_764_865_930_025_14,
      0.063_594_807_626_388_62, -0.214_563_229_516_818_75, 1.150_968_421_890_430_4,
    ]
    expectClose(m.array.flatMap { $0 }, expected, abs: 1e-9, "XYZ → Rec.709 (Bradford)")
  }

  @Test func onePrimaryOnTheXAxis() throws {
    // colour.RGB_Colourspace("e", [[0.9, 0], [0.1, 0.9], [0.05, 0.02]], [0.3127, 0.329])
    let p = try #require(
      RGBPrimaries(
        red: SIMD2(0.9, 0), green: SIMD2(0.1, 0.9), blue: SIMD2(0.05, 0.02),
        white: SIMD2(0.3127, 0.329)))
    let expected: [Double] = [
      0.787_893_077_294_548_7, 0.108_718_006_988_040_8, 0.053_844_842_769_082_19,
      0, 0.978_462_062_892_367_1, 0.021_537_937_107_632_88,
      0.087_543_675_254_949_84, 0, 1.001_514_075_504_928_8,
    ]
    expectClose(p.rgbToXYZ.array.flatMap { $0 }, expected, abs: 1e-12, "NPM")
  }

  @Test func aWhiteOnTheXAxisOrCollinearPrimariesAreRefused() {
    #expect(
      RGBPrimaries(
        red: SIMD2(1, 0), green: SIMD2(0, 1), blue: SIMD2(0, 0), white: SIMD2(0.5, 0)) == nil)
    #expect(
      RGBPrimaries(
        red: SIMD2(0.6, 0.3), green: SIMD2(0.4, 0.4), blue: SIMD2(0.2, 0.5),
        white: SIMD2(0.3, 0.3)) == nil)
  }
}
