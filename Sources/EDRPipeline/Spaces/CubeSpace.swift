public import ColorMath

/// What a cube's input and output values mean (docs/semantics.md §1).
///
/// The transfer (ColorMath's `TransferFunction`, whose raw values are the CLI spellings of
/// `--lut-space`) says how values are encoded, the primaries which RGB they are, and the
/// reference white how many cd/m² EDR 1.0 is when the encoding is absolute (PQ, HLG).
public struct CubeSpace: Sendable, Hashable {
  /// The default reference white, 203 cd/m² (ITU-R BT.2408).
  public static let defaultReferenceWhite: Double = 203

  /// The HLG reference display's nominal peak, cd/m².
  public static let hlgDisplayPeak: Double = 1000

  /// The encoding.
  public var transfer: TransferFunction
  /// The primaries (ignored for `raw`).
  public var primaries: NamedPrimaries
  /// Cd/m² of EDR 1.0 when converting to absolute signals; used by pq and hlg.
  public var referenceWhite: Double

  /// Creates a space; omitted parts take the defaults of docs/semantics.md §1.
  public init(
    _ transfer: TransferFunction, primaries: NamedPrimaries? = nil,
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
    default: nil
    }
  }
}
