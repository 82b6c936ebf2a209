/// The primaries a cube or an image can name (docs/semantics.md §1); raw values are the CLI
/// spellings. Whites: D65 except `ap0`, `ap1` (ACES white) and `p3-dci` (DCI white); matrices
/// between them adapt with Bradford (``Matrix3x3/rgbToRGB(from:to:)``).
public enum NamedPrimaries: String, Sendable, Hashable, CaseIterable {
  /// ITU-R BT.709 / sRGB.
  case rec709
  /// Display P3 (P3-D65).
  case p3
  /// DCI-P3 (P3 primaries, DCI white).
  case p3DCI = "p3-dci"
  /// ITU-R BT.2020.
  case rec2020
  /// ACES AP0 (ACES2065-1).
  case ap0
  /// ACES AP1 (ACEScg, ACEScct).
  case ap1
  /// ARRI Wide Gamut 3.
  case awg3
  /// ARRI Wide Gamut 4.
  case awg4
  /// Sony S-Gamut3.
  case sgamut3
  /// Sony S-Gamut3.Cine.
  case sgamut3cine
  /// Panasonic V-Gamut.
  case vgamut
  /// REDWideGamutRGB.
  case rwg
  /// DaVinci Wide Gamut.
  case dwg
  /// Blackmagic Wide Gamut (Generation 4/5).
  case bmdwg
  /// Canon Cinema Gamut.
  case cinemaGamut = "cinemagamut"
  /// DJI D-Gamut.
  case dgamut
  /// FilmLight E-Gamut (Blender's AgX works in it).
  case egamut

  /// The chromaticities.
  public var primaries: RGBPrimaries {
    switch self {
    case .rec709: .rec709
    case .p3: .displayP3
    case .p3DCI: .dciP3
    case .rec2020: .rec2020
    case .ap0: .ap0
    case .ap1: .ap1
    case .awg3: .arriWideGamut3
    case .awg4: .arriWideGamut4
    case .sgamut3: .sGamut3
    case .sgamut3cine: .sGamut3Cine
    case .vgamut: .vGamut
    case .rwg: .redWideGamut
    case .dwg: .davinciWideGamut
    case .bmdwg: .blackmagicWideGamut
    case .cinemaGamut: .cinemaGamut
    case .dgamut: .djiDGamut
    case .egamut: .filmLightEGamut
    }
  }

  /// The named set whose red, green, blue and white chromaticities all lie within
  /// `tolerance` (per coordinate) of `primaries`, e.g. an EXR file's `chromaticities`
  /// attribute; nil when none does.
  public init?(matching primaries: RGBPrimaries, tolerance: Double = 1e-4) {
    func near(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Bool {
      abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }
    guard
      let match = Self.allCases.first(where: {
        let p = $0.primaries
        return near(p.red, primaries.red) && near(p.green, primaries.green)
          && near(p.blue, primaries.blue) && near(p.white, primaries.white)
      })
    else { return nil }
    self = match
  }
}
