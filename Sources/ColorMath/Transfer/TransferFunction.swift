/// The transfer curves the package knows: the one vocabulary of `--lut-space`,
/// `--lut-output-space` and `# EDRCube space:` comments (docs/semantics.md §1).
///
/// `encode` goes from light to signal, `decode` from signal to light. Units per case:
/// - `raw`, `linear`: identity (a `raw` cube space also skips matrices and policies).
/// - `srgb`: IEC 61966-2-1, sign-mirrored and unbounded; relative light (1 = white).
/// - `bt1886`: pure 2.4 power, sign-mirrored; relative light.
/// - `pq`: SMPTE ST 2084; light is absolute, cd/m² `[0, 10000]` (encode = inverse EOTF).
/// - `hlg`: BT.2100-2 OETF per channel; light is normalised *scene* light `[0, 1]`. HLG's
///   display-referred EOTF works on RGB (OOTF on luminance) and lives in ``HLG``.
/// - the camera and ACES log curves: scene-linear light (0.18 = mid grey, 1.0 = EDR 1.0), each
///   with its vendor's published formula and its exact inverse. `acescc` maps every negative
///   value to its floor (decoded as 0), `applelog` every value below −0.0564 to 0 and `lg2`
///   every value below 2⁻¹²⁶ to 2⁻¹²⁶ (OpenColorIO's floor); the others are invertible on the
///   whole line (`cineon` continued below 0 by its tangent).
public enum TransferFunction: String, Sendable, Hashable, CaseIterable {
  /// No conversion at all: values are looked up as they are (OpenColorIO's FileTransform).
  case raw
  /// No transfer: values are linear light.
  case linear
  /// Extended sRGB (IEC 61966-2-1).
  case srgb
  /// Pure 2.4 power (the `bt1886` cube space).
  case bt1886
  /// SMPTE ST 2084 Perceptual Quantizer.
  case pq
  /// ITU-R BT.2100 Hybrid Log-Gamma (OETF).
  case hlg
  /// ACEScct (Academy S-2016-001).
  case acescct
  /// ACEScc (Academy S-2014-003).
  case acescc
  /// ARRI LogC3, EI 800 (ALEXA SUP 3.x).
  case logc3
  /// ARRI LogC4.
  case logc4
  /// Sony S-Log3.
  case slog3
  /// Panasonic V-Log.
  case vlog
  /// RED Log3G10 (version 3).
  case log3g10
  /// Apple Log.
  case applelog
  /// Blackmagic DaVinci Intermediate.
  case davinciIntermediate = "davinci-intermediate"
  /// Kodak Cineon printing-density log (685 white, 95 black).
  case cineon
  /// Fujifilm F-Log.
  case flog
  /// Fujifilm F-Log2.
  case flog2
  /// Blackmagic Film Generation 5.
  case bmdFilmGen5 = "bmd-film-gen5"
  /// Sony S-Log2.
  case slog2
  /// Canon Log 2 (v1.2).
  case clog2
  /// Canon Log 3 (v1.2).
  case clog3
  /// DJI D-Log.
  case dlog
  /// OpenColorIO's lg2 allocation over Blender's AgX Log range, log₂(0.18) − 10 … + 15 stops.
  case lg2

  /// Whether this is an SDR display encoding (srgb, bt1886), subject to the highlight policy.
  public var isSDR: Bool { self == .srgb || self == .bt1886 }
  /// Whether this is an absolute HDR encoding (pq, hlg).
  public var isHDR: Bool { self == .pq || self == .hlg }

  /// The primaries a cube space in this curve takes when none are named: the camera's own
  /// gamut for the log curves (ap1 for ACES, awg3, awg4, sgamut3cine, vgamut, rwg, dwg, and
  /// rec2020 for Apple Log and F-Log (F-Gamut is BT.2020), bmdwg, sgamut3 (S-Gamut's
  /// chromaticities) for S-Log2, cinemagamut, dgamut, and egamut for lg2 (Blender's AgX)),
  /// rec2020 for pq and hlg, else rec709 (cineon included).
  public var defaultPrimaries: NamedPrimaries {
    switch self {
    case .pq, .hlg, .applelog: .rec2020
    case .acescct, .acescc: .ap1
    case .logc3: .awg3
    case .logc4: .awg4
    case .slog3: .sgamut3cine
    case .vlog: .vgamut
    case .log3g10: .rwg
    case .davinciIntermediate: .dwg
    case .flog, .flog2: .rec2020
    case .bmdFilmGen5: .bmdwg
    case .slog2: .sgamut3
    case .clog2, .clog3: .cinemaGamut
    case .dlog: .dgamut
    case .lg2: .egamut
    case .raw, .linear, .srgb, .bt1886, .cineon: .rec709
    }
  }

  /// Light → signal.
  public func encode(_ x: Double) -> Double { encodeGeneric(x) }

  /// Light → signal in `Float`.
  public func encode(_ x: Float) -> Float { encodeGeneric(x) }

  /// Signal → light.
  public func decode(_ x: Double) -> Double { decodeGeneric(x) }

  /// Signal → light in `Float`.
  public func decode(_ x: Float) -> Float { decodeGeneric(x) }

  /// PQ runs in Double for both types (as ``PQ`` does).
  private func encodeGeneric<T: TransferScalar>(_ x: T) -> T {
    switch self {
    case .raw, .linear: x
    case .pq: T(PQ.inverseEOTF(Double(x)))
    case .srgb: SRGB.encodeGeneric(x)
    case .bt1886: BT1886.encodeGeneric(x)
    case .hlg: HLG.oetfGeneric(x)
    case .acescct: ACEScct.encode(x)
    case .acescc: ACEScc.encode(x)
    case .logc3: LogC3.encode(x)
    case .logc4: LogC4.encode(x)
    case .slog3: SLog3.encode(x)
    case .vlog: VLog.encode(x)
    case .log3g10: Log3G10.encode(x)
    case .applelog: AppleLog.encode(x)
    case .davinciIntermediate: DaVinciIntermediate.encode(x)
    case .cineon: Cineon.encode(x)
    case .flog: FujiLog.flog.encode(x)
    case .flog2: FujiLog.flog2.encode(x)
    case .bmdFilmGen5: BMDFilmGen5.encode(x)
    case .slog2: SLog2.encode(x)
    case .clog2: CanonLog2.encode(x)
    case .clog3: CanonLog3.encode(x)
    case .dlog: DJIDLog.encode(x)
    case .lg2: Lg2Allocation.encode(x)
    }
  }

  private func decodeGeneric<T: TransferScalar>(_ x: T) -> T {
    switch self {
    case .raw, .linear: x
    case .pq: T(PQ.eotf(Double(x)))
    case .srgb: SRGB.decodeGeneric(x)
    case .bt1886: BT1886.decodeGeneric(x)
    case .hlg: HLG.inverseOETFGeneric(x)
    case .acescct: ACEScct.decode(x)
    case .acescc: ACEScc.decode(x)
    case .logc3: LogC3.decode(x)
    case .logc4: LogC4.decode(x)
    case .slog3: SLog3.decode(x)
    case .vlog: VLog.decode(x)
    case .log3g10: Log3G10.decode(x)
    case .applelog: AppleLog.decode(x)
    case .davinciIntermediate: DaVinciIntermediate.decode(x)
    case .cineon: Cineon.decode(x)
    case .flog: FujiLog.flog.decode(x)
    case .flog2: FujiLog.flog2.decode(x)
    case .bmdFilmGen5: BMDFilmGen5.decode(x)
    case .slog2: SLog2.decode(x)
    case .clog2: CanonLog2.decode(x)
    case .clog3: CanonLog3.decode(x)
    case .dlog: DJIDLog.decode(x)
    case .lg2: Lg2Allocation.decode(x)
    }
  }
}
