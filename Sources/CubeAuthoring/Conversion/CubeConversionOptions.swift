import ColorMath
import EDRPipeline
public import LUTEngine

/// The parameters of an SDR → PQ or HLG cube conversion (docs/semantics.md §6).
public struct CubeConversionOptions: Sendable, Hashable {
  /// The encoding of the new cube; raw values are the CLI spellings of `--to`.
  public enum Target: String, Sendable, Hashable, CaseIterable {
    /// SMPTE ST 2084 signals, Rec.2020.
    case pq
    /// BT.2100 HLG signals (reference display 1000 cd/m²), Rec.2020.
    case hlg

    /// The cube-space transfer.
    public var transfer: TransferFunction { self == .pq ? .pq : .hlg }
  }

  /// Where the new cube's nodes lie.
  public enum NodePlacement: String, Sendable, Hashable, CaseIterable {
    /// Evenly over the whole signal range 0…1 (the straightforward conversion).
    case full
    /// Evenly over 0…signal(mastering peak): `DOMAIN_MAX` below 1, every node below the peak
    /// (signals above it clamp to it channel by channel in every reader, as PQ/HLG cubes
    /// clamp by default: use ``shaped`` for content above the peak).
    case domain
    /// Through a 1D shaper over the whole signal range (Resolve shaper + 3D): below the
    /// mastering peak table position = q·(signal / signal(peak))^1.15, so nodes lie closer
    /// toward the peak; above it the last quarter of the intervals (q = 1 − that share),
    /// linear in the signal, where the roll-off to the peak lies.
    case shaped
  }

  /// PQ or HLG.
  public var target: Target
  /// Nodes per axis of the new cube (default 65).
  public var size: Int
  /// Cd/m² of EDR 1.0 (default 203).
  public var referenceWhite: Double
  /// The source cube's input space; nil takes its `# EDRCube space:` comment, else its
  /// words, else `srgb rec709`.
  public var sourceSpace: CubeSpace?
  /// The source's file name, read for space names as its TITLE and comments are (nil: none).
  public var sourceFileName: String?
  /// The highlight policy for the SDR cube on EDR.
  public var policy: EDRPolicy
  /// How the SDR cube is evaluated (and the new cube, when measuring).
  public var interpolation: Interpolation
  /// Tone-map target peak in cd/m² (from the container peak, with ``toneMapCurve``), or nil.
  public var peak: Double?
  /// The curve of the `peak` tone map (default `knee`).
  public var toneMapCurve: EDRToneMap.Curve
  /// Where the nodes lie.
  public var placement: NodePlacement
  /// Whether node values are fitted (least squares in ΔE_ITP over each cell) instead of
  /// sampled.
  public var fitsNodes: Bool

  /// The `--shaper` mode: nodes below the mastering peak behind a 1D shaper, fitted.
  public static func peakFitted(
    target: Target = .pq, size: Int = 65, referenceWhite: Double = CubeSpace.defaultReferenceWhite
  ) -> CubeConversionOptions {
    CubeConversionOptions(
      target: target, size: size, referenceWhite: referenceWhite, placement: .shaped,
      fitsNodes: true)
  }

  /// The mastering peak assumed when no `peak` is given: 1000 cd/m².
  public static let defaultMasteringPeak: Double = 1000

  /// Creates options; the defaults are docs/semantics.md §6's.
  public init(
    target: Target = .pq, size: Int = 65, referenceWhite: Double = CubeSpace.defaultReferenceWhite,
    sourceSpace: CubeSpace? = nil, sourceFileName: String? = nil, policy: EDRPolicy = .default,
    interpolation: Interpolation = .trilinear, peak: Double? = nil,
    toneMapCurve: EDRToneMap.Curve = .default, placement: NodePlacement = .full,
    fitsNodes: Bool = false
  ) {
    self.target = target
    self.size = size
    self.referenceWhite = referenceWhite
    self.sourceSpace = sourceSpace
    self.sourceFileName = sourceFileName
    self.policy = policy
    self.interpolation = interpolation
    self.peak = peak
    self.toneMapCurve = toneMapCurve
    self.placement = placement
    self.fitsNodes = fitsNodes
  }

  /// The new cube's space: pq or hlg, Rec.2020, the reference white.
  public var targetSpace: CubeSpace {
    CubeSpace(target.transfer, primaries: .rec2020, referenceWhite: referenceWhite)
  }

  /// The brightest luminance the nodes must cover, cd/m²: `peak`, else 1000 (the usual PQ
  /// mastering peak and HLG's nominal display peak). Also the top of the quality sample.
  public var masteringPeak: Double { peak ?? Self.defaultMasteringPeak }

  /// The tone map: ``toneMapCurve`` (maxRGB, so hue is kept) from the container peak to
  /// `peak`, in EDR units; without `peak`, placements that spend their nodes below the
  /// mastering peak (``NodePlacement/domain``, ``NodePlacement/shaped``) roll off to it
  /// (1000 cd/m²) by default, so colours above it are never clipped channel by channel.
  public var toneMap: EDRToneMap? { placement == .full && peak == nil ? nil : rollOff }

  /// ``toneMapCurve`` from the container peak to the mastering peak (``masteringPeak``).
  var rollOff: EDRToneMap? {
    guard let container = targetSpace.containerPeak else { return nil }
    return .peak(
      nits: masteringPeak, inputPeak: container, curve: toneMapCurve,
      referenceWhite: referenceWhite)
  }
}
