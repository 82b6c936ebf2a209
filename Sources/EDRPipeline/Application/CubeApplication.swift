import ColorMath
public import CubeFormat
public import LUTEngine

/// A cube applied to images in a working space, with the conversions of docs/semantics.md §1, the
/// highlight policy of §4 for SDR cubes and the BT.2100 paths of §5 for PQ and HLG cubes.
///
/// Applying = working → cube space (encode) → lookup → decode → working, then the optional
/// tone map. Lookups go through LUTEngine's `LUTProcessor`. Per-pixel colour maths is done in
/// `Float` with table-driven transfer curves, within the `edr_application` tolerance of the
/// conformance suite.
public struct CubeApplication: Sendable {
  /// The cube's space.
  public let space: CubeSpace
  /// The image's space.
  public let working: WorkingSpace
  /// The highlight policy actually used: for SDR cubes the requested one, or `clamp` when
  /// extrapolation is `clamp`; nil for raw, linear, pq and hlg cubes, whose only policy is
  /// their extrapolation.
  public let policy: EDRPolicy?
  /// The optional tone map.
  public let toneMap: EDRToneMap?
  /// The lookup, with the extrapolation actually used.
  public let processor: LUTProcessor

  let mode: Mode
  let toCube: FloatMatrix3x3?
  let fromCube: FloatMatrix3x3?
  let referenceWhite: Float
  let weights: SIMD3<Float>
  /// `w·F(1, 1, 1)` for tone-scaled-maxrgb.
  let whiteResponse: Float
  /// The highlight scale of rising-maxrgb.
  let continuation: HighlightContinuation

  /// For an SDR cube, `k = Y′(1)/Y(1)`: the relative slope of the look's neutral
  /// luminance `Y(s) = w·F(s, s, s)` where it reaches white, from below (1 for a look whose
  /// white is black); nil for other cubes. See `neutralSlope`.
  public let neutralSlopeAtWhite: Double?

  /// ``neutralSlopeAtWhite`` below which a look counts as clipping at white: 0.1.
  public static let clipSlope: Double = 0.1

  /// Whether this is an SDR cube whose neutral response is (nearly) flat at white
  /// (``neutralSlopeAtWhite`` < ``clipSlope``): under a policy that
  /// ``EDRPolicy/flattensClippedLooks``, its highlights go flat.
  public var clipsAtWhite: Bool { (neutralSlopeAtWhite ?? 1) < Self.clipSlope }

  /// Whether EDR highlights through this application come out flat: a look that
  /// ``clipsAtWhite`` under a policy that ``EDRPolicy/flattensClippedLooks``.
  public var flattensHighlights: Bool { clipsAtWhite && (policy?.flattensClippedLooks ?? false) }

  /// How the cube's values are encoded, reduced to what the per-pixel code needs.
  enum Mode: Sendable, Equatable {
    case raw, linear, sRGB, gamma24, pq, hlg
  }

  /// Creates an application.
  ///
  /// - Parameters:
  ///   - lut: the cube's tables.
  ///   - space: the cube's space.
  ///   - working: the image's space (default linear Rec.709).
  ///   - interpolation: 3D interpolation, used for every lookup (h(m) included).
  ///   - extrapolation: nil takes the default: `clamp` for pq and hlg cubes, else `linear`.
  ///     For SDR cubes `clamp` means the `clamp` policy; for raw and linear cubes it is the
  ///     only policy.
  ///   - policy: the highlight policy for SDR cubes (ignored for the other spaces).
  ///   - toneMap: an optional tone map after the cube.
  public init(
    lut: CubeLUT, space: CubeSpace, working: WorkingSpace = .linearRec709,
    interpolation: Interpolation = .trilinear, extrapolation: Extrapolation? = nil,
    policy: EDRPolicy = .default, toneMap: EDRToneMap? = nil
  ) {
    let transfer = space.transfer
    let mode: Mode =
      switch transfer {
      case .raw: .raw
      case .linear: .linear
      case .srgb: .sRGB
      case .bt1886: .gamma24
      case .pq: .pq
      case .hlg: .hlg
      }
    let resolvedExtrapolation = extrapolation ?? (transfer.isHDR ? .clamp : .linear)
    let effectivePolicy: EDRPolicy? =
      transfer.isSDR ? (resolvedExtrapolation == .clamp ? .clamp : policy) : nil
    let lookupExtrapolation: Extrapolation =
      transfer.isSDR ? (effectivePolicy == .clamp ? .clamp : .linear) : resolvedExtrapolation
    self.space = space
    self.working = working
    self.policy = effectivePolicy
    self.toneMap = toneMap
    self.mode = mode
    self.processor = LUTProcessor(
      lut: lut, interpolation: interpolation, extrapolation: lookupExtrapolation)
    let cubePrimaries = space.primaries.primaries
    if mode == .raw || cubePrimaries.hasSameChromaticities(as: working.primaries) {
      toCube = nil
      fromCube = nil
    } else {
      toCube = Matrix3x3.rgbToRGB(from: working.primaries, to: cubePrimaries).float
      fromCube = Matrix3x3.rgbToRGB(from: cubePrimaries, to: working.primaries).float
    }
    referenceWhite = Float(space.referenceWhite)
    weights = SIMD3<Float>(cubePrimaries.luminanceWeights)
    whiteResponse = (weights * mode.decodeSDR(processor.apply(SIMD3(repeating: 1)))).sum()
    let slope =
      transfer.isSDR
      ? Self.neutralSlope(
        lut: lut, interpolation: interpolation, mode: mode,
        weights: cubePrimaries.luminanceWeights) : nil
    neutralSlopeAtWhite = slope
    continuation = HighlightContinuation(slopeAtWhite: slope ?? 1)
  }

  /// `k = Y′(1)/Y(1)` by the chain rule, in Double: `Y′(1) = w·(dec′(L(1)) ⊙ L′(1))·enc′(1)`.
  /// `L′(1)` is the lookup's derivative along the neutral axis at the domain's top, read off
  /// its first-order extension (`(L(1 + ε) − L(1))/ε` under linear extrapolation, ε = 2⁻⁴:
  /// exact for a 0–1 domain, where that extension is the boundary cell's own derivative);
  /// the curves' derivatives are central differences of the exact curves.
  static func neutralSlope(
    lut: CubeLUT, interpolation: Interpolation, mode: Mode, weights: SIMD3<Double>
  ) -> Double {
    func look(_ s: Float) -> SIMD3<Double> {
      SIMD3(
        ReferenceKernel.evaluate(
          lut, at: SIMD3(repeating: s), interpolation: interpolation, extrapolation: .linear))
    }
    let epsilon: Float = 1.0 / 16
    let white = look(1)
    let signalSlope = (look(1 + epsilon) - white) / Double(epsilon)
    let h = 1e-6
    let decoded = SIMD3(
      mode.decodeExact(white.x), mode.decodeExact(white.y), mode.decodeExact(white.z))
    func decodeSlope(_ y: Double) -> Double {
      (mode.decodeExact(y + h) - mode.decodeExact(y - h)) / (2 * h)
    }
    let decodeSlopes = SIMD3(decodeSlope(white.x), decodeSlope(white.y), decodeSlope(white.z))
    let encodeSlope = (mode.encodeExact(1 + h) - mode.encodeExact(1 - h)) / (2 * h)
    let y = (weights * decoded).sum()
    guard y > 1e-6 else { return 1 }
    return (weights * decodeSlopes * signalSlope).sum() * encodeSlope / y
  }

  /// Creates an application from a parsed file, its space resolved from `space` or the
  /// file's `# EDRCube space:` comment, else `srgb rec709`.
  ///
  /// - Throws: `EDRPipelineError` when the space comment is malformed.
  public init(
    file: CubeFile, space: CubeSpace? = nil, working: WorkingSpace = .linearRec709,
    interpolation: Interpolation = .trilinear, extrapolation: Extrapolation? = nil,
    policy: EDRPolicy = .default, toneMap: EDRToneMap? = nil
  ) throws(EDRPipelineError) {
    var resolved = CubeSpace.fallback
    if let space {
      resolved = space
    } else if let found = try CubeSpace(comments: file.comments) {
      resolved = found
    }
    self.init(
      lut: CubeLUT(file), space: resolved, working: working, interpolation: interpolation,
      extrapolation: extrapolation, policy: policy, toneMap: toneMap)
  }

  /// The extrapolation the lookups use.
  public var extrapolation: Extrapolation { processor.extrapolation }

  /// The interpolation the lookups use.
  public var interpolation: Interpolation { processor.interpolation }
}
