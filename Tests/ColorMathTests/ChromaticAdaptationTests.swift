import ColorMath
import TestSupport
import Testing

/// Named primaries and Bradford adaptation between whites (docs/semantics.md §1). Reference
/// numbers from colour-science 0.4.7: `normalised_primary_matrix(cs.primaries,
/// cs.whitepoint)` and `matrix_RGB_to_RGB(src, dst, "Bradford")`.
@Suite struct ChromaticAdaptationTests {
  /// Every named set's derived RGB → XYZ matrix, row-major.
  static let matrices: [(NamedPrimaries, [Double])] = [
    (
      .rec709,
      [
        0.412390799266, 0.357584339384, 0.180480788402, 0.212639005872, 0.715168678768,
        0.0721923153607, 0.0193308187156, 0.119194779795, 0.95053215225,
      ]
    ),
    (
      .p3,
      [
        0.486570948648, 0.265667693169, 0.198217285234, 0.22897456407, 0.691738521837,
        0.0792869140937, 0, 0.0451133818589, 1.0439443689,
      ]
    ),
    (
      .p3DCI,
      [
        0.445169815565, 0.277134409207, 0.172282669816, 0.209491677913, 0.721595254161,
        0.0689130679262, 0, 0.047060560054, 0.907355394362,
      ]
    ),
    (
      .rec2020,
      [
        0.636958048301, 0.144616903586, 0.168880975164, 0.262700212011, 0.677998071519,
        0.0593017164699, 0, 0.0280726930491, 1.06098505771,
      ]
    ),
    (
      .ap0,
      [
        0.952552395938, 0, 9.36786316605e-05, 0.343966449765, 0.728166096613, -0.0721325463786,
        0, 0, 1.00882518435,
      ]
    ),
    (
      .ap1,
      [
        0.662454181109, 0.134004206456, 0.156187687005, 0.272228716781, 0.674081765811,
        0.0536895174079, -0.00557464949039, 0.00406073352898, 1.01033910031,
      ]
    ),
    (
      .awg3,
      [
        0.638007619284, 0.214703856337, 0.0977444514308, 0.291953779, 0.823841041511,
        -0.11579482051, 0.00279827903195, -0.067034235689, 1.15329370742,
      ]
    ),
    (
      .awg4,
      [
        0.704858320407, 0.12976029517, 0.115837311474, 0.254524176404, 0.781477732712,
        -0.036001909116, 0, 0, 1.08905775076,
      ]
    ),
    (
      .sgamut3,
      [
        0.706482713192, 0.128801049791, 0.115172164069, 0.270979670813, 0.786606411221,
        -0.0575860820344, -0.0096778453862, 0.00460003749252, 1.09413555865,
      ]
    ),
    (
      .sgamut3cine,
      [
        0.599083920758, 0.248925516115, 0.102446490178, 0.215075820116, 0.885068501744,
        -0.100144321859, -0.0320658495445, -0.0276583906795, 1.14878199098,
      ]
    ),
    (
      .vgamut,
      [
        0.679644469878, 0.15221141244, 0.118600044733, 0.26068555009, 0.77489446333,
        -0.03558001342, -0.00931019821751, -0.00461246704363, 1.10298041602,
      ]
    ),
    (
      .rwg,
      [
        0.735275245906, 0.068609410614, 0.146571270532, 0.2866940995, 0.842979134017,
        -0.129673233517, -0.0796808568784, -0.347343216994, 1.51608182463,
      ]
    ),
    (
      .dwg,
      [
        0.700622392094, 0.148774815123, 0.101058719835, 0.274118510907, 0.87363189594,
        -0.147750406847, -0.0989629128832, -0.137895325076, 1.32591598872,
      ]
    ),
    (
      .bmdwg,
      [
        0.606530372213, 0.220408095338, 0.123479000458, 0.267989407073, 0.832730878622,
        -0.100720285695, -0.0294421660153, -0.0866106069663, 1.20486076444,
      ]
    ),
    (
      .cinemaGamut,
      [
        0.716049646552, 0.129683477876, 0.104722802624, 0.261261357526, 0.869642145755,
        -0.130903503281, -0.00967634657502, -0.236481636126, 1.33521573346,
      ]
    ),
    (
      .dgamut,
      [
        0.648171968634, 0.194058149821, 0.108225808597, 0.283004662361, 0.813196056392,
        -0.096200718753, -0.0182583653136, -0.0831677784946, 1.19048389457,
      ]
    ),
    (
      .egamut,
      [
        0.705396850088, 0.16404132831, 0.081017748654, 0.280130724091, 0.82020664155,
        -0.100337365641, -0.103781511569, -0.0729072570266, 1.26574651936,
      ]
    ),
  ]

  @Test func everyNamedSetMatchesColourScience() {
    #expect(Self.matrices.map(\.0) == NamedPrimaries.allCases)
    for (name, expected) in Self.matrices {
      expectClose(
        name.primaries.rgbToXYZ.array.flatMap { $0 }, expected, rel: 1e-10, abs: 1e-15,
        "\(name.rawValue)")
    }
  }

  @Test func whites() {
    #expect(NamedPrimaries.ap0.primaries.white == SIMD2(0.32168, 0.33767))
    #expect(NamedPrimaries.ap1.primaries.white == SIMD2(0.32168, 0.33767))
    #expect(NamedPrimaries.p3DCI.primaries.white == SIMD2(0.314, 0.351))
    #expect(NamedPrimaries.p3.primaries.white == SIMD2(0.3127, 0.3290))
  }

  /// Converting from a set with another white adapts it (Bradford), as colour-science does.
  @Test(arguments: [
    (
      NamedPrimaries.ap1,
      [
        1.70505099266, -0.621792120657, -0.083258872001, -0.130256417507, 1.14080473658,
        -0.0105483190684, -0.0240033568046, -0.128968976065, 1.15297233287,
      ]
    ),
    (
      .ap0,
      [
        2.52168618657, -1.13413098822, -0.387555198596, -0.276479914127, 1.37271908764,
        -0.0962391734461, -0.0153780649757, -0.152975335865, 1.16835340089,
      ]
    ),
    (
      .p3DCI,
      [
        1.1575164062, -0.154962378074, -0.0025540281259, -0.0415000715307, 1.04556792308,
        -0.00406785154901, -0.0180500389563, -0.078578272653, 1.09662831161,
      ]
    ),
  ])
  func adaptedMatricesMatchColourScience(_ source: NamedPrimaries, _ expected: [Double]) {
    let m = Matrix3x3.rgbToRGB(from: source.primaries, to: .rec709)
    expectClose(m.array.flatMap { $0 }, expected, rel: 1e-9, abs: 1e-12, source.rawValue)
    // White maps to white, both ways.
    let white = m * SIMD3(1, 1, 1)
    expectClose([white.x, white.y, white.z], [1, 1, 1], abs: 1e-12)
    let back = Matrix3x3.rgbToRGB(from: .rec709, to: source.primaries) * SIMD3(1, 1, 1)
    expectClose([back.x, back.y, back.z], [1, 1, 1], abs: 1e-12)
  }

  @Test func equalWhitesNeedNoAdaptation() {
    #expect(Matrix3x3.bradfordAdaptation(from: RGBPrimaries.d65, to: RGBPrimaries.d65).isIdentity)
    let direct = RGBPrimaries.rec709.xyzToRGB * RGBPrimaries.rec2020.rgbToXYZ
    #expect(Matrix3x3.rgbToRGB(from: .rec2020, to: .rec709) == direct)
  }
}
