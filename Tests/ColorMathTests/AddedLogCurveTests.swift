import ColorMath
import TestSupport
import Testing

/// The curves added for real camera and film cubes (issue 35) against colour-science 0.4.7
/// and OpenColorIO 2.6. Reference numbers from
/// `python3 Tests/Fixtures/oracles/log_curves_more.py` (colour-science's defaults: 10-bit normalised code values, reflection input; OpenColorIO's
/// `AllocationTransform {allocation: lg2, vars: [-12.47393, 12.5260688]}`).
@Suite struct AddedLogCurveTests {
  static let vectors: [LogCurveVectorTests.Vector] = [
    .init(
      "cineon", [-0.005, 0, 0.001, 0.005, 0.18, 1, 4, 16, 100],
      [
        0.014844100669590491, 0.09286412512218964, 0.10402783497152707, 0.14089204488662743,
        0.4573196130854184,
        0.6695992179863147, 0.8451208074035219, 1.0214177703092047, 1.2547407130409396,
      ],
      [
        -0.0031194408611148164, 0.0006290555604157609, 0.014399596453520395,
        0.11080988559477314, 0.5743884917400719, 2.803456841081463, 13.521694568553714,
      ]),
    .init(
      "flog", [-0.005, 0, 0.001, 0.005, 0.18, 1, 4, 16, 100],
      [
        0.049185845000000006, 0.092864, 0.10145319719315149, 0.13142781864239028,
        0.45931845866162124, 0.7049964092164284, 0.9106188610295703, 1.1176574311889234,
        1.3918443225090367,
      ],
      [
        -0.004906800665000616, 0.0008168843212356387, 0.017807823161235803, 0.11553225887375732,
        0.48728848563885085, 1.9014966223343053, 7.281324880488497,
      ]),
    .init(
      "flog2", [-0.005, 0, 0.001, 0.005, 0.18, 1, 4, 16, 100],
      [
        0.048866694999999995, 0.092864, 0.1016240981003585, 0.13085310864176158,
        0.39100724189123004, 0.5682193704444426, 0.7149677010264666, 0.8624089292243204,
        1.0575579430129582,
      ],
      [
        -0.004871207452365548, 0.0008109587621332719, 0.020233237899864497, 0.196883308751196,
        1.3516789677218863, 8.900801408209718, 58.250874019561095,
      ]),
    .init(
      "bmd-film-gen5", [-0.005, 0, 0.001, 0.005, 0.18, 1, 4, 16, 100],
      [
        0.051047723762645054, 0.09246575342465753, 0.10074935935706003, 0.13388378308667026,
        0.38356164383561653, 0.5304896249573048, 0.6506415062483035, 0.7710608850923122,
        0.9303398518999735,
      ],
      [
        -0.005126481603687439, 0.0009095370587187407, 0.016958156169356923,
        0.21861310183789934, 2.2314342276716577, 22.32243110935488, 222.86094420380755,
      ]),
    .init(
      "slog2", [-0.005, 0, 0.001, 0.005, 0.18, 1, 4, 16, 100],
      [
        0.07141627467842894, 0.08825129151344577, 0.09158353179734618, 0.10426254335837692,
        0.33953252463377426, 0.5850910595641119, 0.8025665427569835, 1.0242119053113519,
        1.3187001534354705,
      ],
      [
        -0.011360633579493396, 0.003619929299073656, 0.047917346927185286, 0.28389914754983203,
        1.1017179143338063, 3.935951459206058, 13.758274097347455,
      ]),
    .init(
      "clog2", [-0.005, 0, 0.001, 0.005, 0.18, 1, 4, 16, 100],
      [
        0.051494800336761216, 0.092864125, 0.10254712511672076, 0.1342334496632388,
        0.39825469256149193, 0.573229279230156, 0.717735807370363, 0.862846711878491,
        1.054884082935486,
      ],
      [
        -0.00522022180548047, 0.0007279309047396755, 0.01838206569522697, 0.183195623962622,
        1.2939755223313283, 8.780204177247041, 59.23450169918357,
      ]),
    .init(
      "clog3", [-0.005, 0, 0.001, 0.005, 0.18, 1, 4, 16, 100],
      [
        0.11414730222222222, 0.12512219, 0.12731716755555555, 0.13609707777777777,
        0.3433893703739356, 0.5802777942163708, 0.7944687038255565, 1.013806617662423,
        1.3056063354012342,
      ],
      [
        -0.03778653467042542, -0.011445306097283298, 0.03763672428531984, 0.28228443600949604,
        1.1395235039629543, 4.143266373441411, 14.668301411196483,
      ]),
  ]

  @Test(arguments: vectors)
  func encodeAndDecode(_ v: LogCurveVectorTests.Vector) {
    LogCurveVectorTests().encodeAndDecode(v)
  }

  /// D-Log's encoding against colour-science; its decoding is the encoding's exact inverse
  /// (colour-science's rounds the constants to 3.89616 and 2.27752, about 1e-6 away).
  @Test func djiDLog() {
    let linear = [-0.005, 0, 0.001, 0.005, 0.18, 1, 4, 16, 100]
    let encoded = [
      0.062775, 0.0929, 0.098925, 0.123025, 0.3987645561893306, 0.584555, 0.738174961672452,
      0.8924736880136662, 1.09668277417359,
    ]
    for (x, e) in zip(linear, encoded) {
      expectClose(TransferFunction.dlog.encode(x), e, rel: 1e-9, abs: 1e-12, "dlog \(x)")
      expectClose(TransferFunction.dlog.decode(e), x, rel: 1e-9, abs: 1e-12, "dlog back \(x)")
    }
  }

  /// OpenColorIO's lg2 allocation over Blender's AgX Log range (−12.47393 … 12.5260688), in
  /// `Float` as OpenColorIO evaluates it; negatives and 0 take log₂(2⁻¹²⁶), as there.
  @Test func lg2MatchesOpenColorIO() {
    let encoded: [(Double, Double)] = [
      (-0.1, -4.541042804718018), (0, -4.541042804718018), (0.001, 0.10032567381858826),
      (0.18, 0.39999955892562866), (1, 0.4989577531814575), (16, 0.6589577794075012),
      (100, 0.7647112607955933),
    ]
    for (x, y) in encoded {
      expectClose(TransferFunction.lg2.encode(x), y, rel: 1e-6, abs: 1e-6, "lg2 \(x)")
    }
    let decoded: [(Double, Double)] = [
      (-0.2, 5.4931597333052196e-06), (0, 0.00017578111146576703),
      (0.25, 0.013378588482737541), (0.5, 1.0182340145111084), (0.75, 77.49723815917969),
      (1, 5898.2353515625), (1.3, 1067695.75),
    ]
    for (y, x) in decoded {
      // OpenColorIO's exponential runs in Float: 2.7e-6 relative at 2^14.
      expectClose(TransferFunction.lg2.decode(y), x, rel: 1e-5, "lg2 decode \(y)")
    }
  }

  /// Cineon below signal 0 (linear −0.005650819439456877, colour-science's
  /// `log_decoding_Cineon(0)`) continues along its tangent there (colour-science's formula
  /// has no value below −0.0109), so every value has a code and decodes back.
  @Test func cineonContinuesBelowSignalZero() {
    let cut = -0.005_650_819_439_456_877
    expectClose(TransferFunction.cineon.decode(0), cut, rel: 1e-9)
    let h = 1e-7
    let slope = (TransferFunction.cineon.encode(cut + h) - TransferFunction.cineon.encode(cut)) / h
    for x in [-0.5, -0.02, -0.006] {
      let y = TransferFunction.cineon.encode(x)
      expectClose(y, slope * (x - cut), rel: 1e-5, "cineon \(x)")
      expectClose(TransferFunction.cineon.decode(y), x, rel: 1e-9, "cineon back \(x)")
    }
  }
}
