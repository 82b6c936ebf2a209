public import ColorMath

/// What a cube's input and output values mean (docs/semantics.md §1).
///
/// The transfer says how values are encoded, the primaries which RGB they are, and the
/// reference white how many cd/m² EDR 1.0 is when the encoding is absolute (PQ, HLG).
public struct CubeSpace: Sendable, Hashable {
  /// The cube's encoding; the raw values are the CLI spellings of `--lut-space`.
  public enum Transfer: String, Sendable, Hashable, CaseIterable {
    /// Values go in as they are; nothing is converted (OpenColorIO's FileTransform).
    case raw
    /// Linear light, 1.0 = reference white.
    case linear
    /// Extended sRGB (IEC 61966-2-1, sign-mirrored, unbounded).
    case srgb
    /// Pure 2.4 power, sign-mirrored.
    case bt1886
    /// SMPTE ST 2084 signals.
    case pq
    /// BT.2100 HLG signals (reference display Lw 1000, Lb 0).
    case hlg

    /// Whether this is an SDR encoding (srgb, bt1886), subject to the highlight policy.
    public var isSDR: Bool { self == .srgb || self == .bt1886 }
    /// Whether this is an absolute HDR encoding (pq, hlg).
    public var isHDR: Bool { self == .pq || self == .hlg }

    /// The primaries a space takes when none are named: rec2020 for pq and hlg, else rec709.
    public var defaultPrimaries: NamedPrimaries { isHDR ? .rec2020 : .rec709 }
  }

  /// The default reference white, 203 cd/m² (ITU-R BT.2408).
  public static let defaultReferenceWhite: Double = 203

  /// The HLG reference display's nominal peak, cd/m².
  public static let hlgDisplayPeak: Double = 1000

  /// The encoding.
  public var transfer: Transfer
  /// The primaries (ignored for `raw`).
  public var primaries: NamedPrimaries
  /// Cd/m² of EDR 1.0 when converting to absolute signals; used by pq and hlg.
  public var referenceWhite: Double

  /// Creates a space; omitted parts take the defaults of docs/semantics.md §1.
  public init(
    _ transfer: Transfer, primaries: NamedPrimaries? = nil,
    referenceWhite: Double = CubeSpace.defaultReferenceWhite
  ) {
    self.transfer = transfer
    self.primaries = primaries ?? transfer.defaultPrimaries
    self.referenceWhite = referenceWhite
  }

  /// The space of a cube that says nothing: `srgb rec709`.
  public static let fallback = CubeSpace(.srgb)

  /// The brightest value the encoding can hold, in EDR units (1 = reference white):
  /// 10000 / W for pq, 1000 / W for hlg, nil for unbounded spaces. The default input peak of
  /// a tone map.
  public var containerPeak: Double? {
    switch transfer {
    case .pq: PQ.peakLuminance / referenceWhite
    case .hlg: Self.hlgDisplayPeak / referenceWhite
    case .raw, .linear, .srgb, .bt1886: nil
    }
  }
}
