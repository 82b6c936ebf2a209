import ColorMath
public import CubeFormat
public import LUTEngine

/// A cube applied to images in a working space, with the conversions of docs/semantics.md §1, the
/// highlight policy of §4 for SDR cubes and the BT.2100 paths of §5 for PQ and HLG cubes.
///
/// Applying = working → cube input space (matrix, encode) → lookup → decode and matrix from
/// the cube's output space → working, then the optional tone map. Lookups go through LUTEngine's `LUTProcessor`. Per-pixel colour maths is done in
/// `Float` with table-driven transfer curves, within the `edr_application` tolerance of the
/// conformance suite.
public struct CubeApplication: Sendable {
  /// The cube's input space.
  public let space: CubeSpace
  /// The cube's output space (the input space unless the cube says otherwise).
  public let outputSpace: CubeSpace
  /// The image's space.
  public let working: WorkingSpace
  /// The highlight policy actually used: for cubes whose input is SDR (srgb, bt1886) the
  /// requested one, or `clamp` when extrapolation is `clamp`; nil for every other input
  /// space (raw, linear, pq, hlg, the log curves) and for a raw output, whose only policy is
  /// their extrapolation.
  public let policy: EDRPolicy?
  /// The optional tone map.
  public let toneMap: EDRToneMap?
  /// The lookup, with the extrapolation actually used.
  public let processor: LUTProcessor
  /// The CLF/CTF process list that is the lookup instead of ``processor``, if any.
  public private(set) var processList: ProcessListProcessor?

  /// The input curve's mode (`raw` makes the whole application raw).
  let mode: Mode
  /// The output curve's mode.
  let outputMode: Mode
  /// Working primaries → the cube's input primaries; nil when they agree or the cube is raw.
  public let toCube: FloatMatrix3x3?
  /// The cube's output primaries → working primaries; nil when they agree or the output is raw.
  public let fromCube: FloatMatrix3x3?
  /// Cd/m² of EDR 1.0 on the input side (PQ and HLG signals).
  public let referenceWhite: Float
  /// Cd/m² of EDR 1.0 on the output side.
  public let outputReferenceWhite: Float
  /// The luminance row of the output primaries.
  public let weights: SIMD3<Float>
  /// `w·F(1, 1, 1)` for tone-scaled-maxrgb.
  public let whiteResponse: Float
  /// The highlight scale of rising-maxrgb.
  public let continuation: HighlightContinuation
  /// The batch path's vector chain, where it covers this application.
  let chain: ChainKernel?

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
    /// A scene-linear log curve, encoded and decoded per channel.
    case log(TransferFunction)
  }

  /// Creates an application.
  ///
  /// - Parameters:
  ///   - lut: the cube's tables.
  ///   - space: the cube's input space.
  ///   - outputSpace: the cube's output space; nil means the input space. A raw input space
  ///     makes the whole application raw; a raw output space hands the looked-up values back
  ///     as they are (no decoding, matrix, highlight policy or tone map): a camera → display
  ///     cube's display code values.
  ///   - working: the image's space (default linear Rec.709).
  ///   - interpolation: 3D interpolation, used for every lookup (h(m) included).
  ///   - extrapolation: nil takes the default: `clamp` for pq and hlg cubes, else `bounded`
  ///     (`linear` above the domain, its slope capped below it: LUTEngine's
  ///     `BoundedExtension`).
  ///     For SDR cubes `clamp` means the `clamp` policy; for raw and linear cubes it is the
  ///     only policy.
  ///   - policy: the highlight policy for cubes with an SDR input (ignored for the others).
  ///   - toneMap: an optional tone map after the cube.
  ///   - instructionSet: the kernels (LUTEngine's `KernelInstructionSet`): `best` runs the batch path's
  ///     vector chain where the CPU has AVX2; every choice gives the same values.
  public init(
    lut: CubeLUT, space: CubeSpace, outputSpace: CubeSpace? = nil,
    working: WorkingSpace = .linearRec709,
    interpolation: Interpolation = .trilinear, extrapolation: Extrapolation? = nil,
    policy: EDRPolicy = .default, toneMap: EDRToneMap? = nil,
    instructionSet: KernelInstructionSet = .best
  ) {
    let transfer = space.transfer
    let output = transfer == .raw ? space : (outputSpace ?? space)
    let mode = Mode(transfer)
    let outputMode = Mode(output.transfer)
    let resolvedExtrapolation = extrapolation ?? (transfer.isHDR ? .clamp : .bounded)
    // A raw output is handed back as looked up: no decoding, so no highlight policy.
    let rawOutput = outputMode == .raw
    let effectivePolicy: EDRPolicy? =
      transfer.isSDR && !rawOutput ? (resolvedExtrapolation == .clamp ? .clamp : policy) : nil
    let lookupExtrapolation: Extrapolation =
      effectivePolicy == .clamp ? .clamp : resolvedExtrapolation
    self.space = space
    self.outputSpace = output
    self.working = working
    self.policy = effectivePolicy
    self.toneMap = toneMap
    self.mode = mode
    self.outputMode = outputMode
    self.processor = LUTProcessor(
      lut: lut, interpolation: interpolation, extrapolation: lookupExtrapolation,
      instructionSet: instructionSet)
    toCube = Self.matrix(from: working.primaries, to: space.primaries.primaries, raw: mode == .raw)
    fromCube = Self.matrix(
      from: output.primaries.primaries, to: working.primaries, raw: mode == .raw || rawOutput)
    referenceWhite = Float(space.referenceWhite)
    outputReferenceWhite = Float(output.referenceWhite)
    let outputPrimaries = output.primaries.primaries
    weights = SIMD3<Float>(outputPrimaries.luminanceWeights)
    whiteResponse =
      (weights
      * Self.decode(
        processor.apply(SIMD3(repeating: 1)), outputMode,
        referenceWhite: outputReferenceWhite)).sum()
    let slope =
      transfer.isSDR
      ? Self.neutralSlope(
        lut: lut, interpolation: interpolation, input: transfer, output: output.transfer,
        weights: outputPrimaries.luminanceWeights) : nil
    neutralSlopeAtWhite = slope
    continuation = HighlightContinuation(slopeAtWhite: slope ?? 1)
    chain = ChainKernel(
      input: mode, output: outputMode, policy: effectivePolicy, working: working,
      toCube: toCube, fromCube: fromCube, referenceWhite: referenceWhite,
      outputReferenceWhite: outputReferenceWhite, continuation: continuation, toneMap: toneMap,
      instructionSet: instructionSet)
  }

  /// The `Float` matrix between two sets of primaries, nil when they agree or the cube is raw.
  static func matrix(from source: RGBPrimaries, to target: RGBPrimaries, raw: Bool)
    -> FloatMatrix3x3?
  {
    guard !raw, !source.hasSameChromaticities(as: target) else { return nil }
    return Matrix3x3.rgbToRGB(from: source, to: target).float
  }

  /// `k = Y′(1)/Y(1)` by the chain rule, in Double: `Y′(1) = w·(dec′(L(1)) ⊙ L′(1))·enc′(1)`.
  /// `enc` is the input curve, `dec` the output curve (per channel; scale-free, so PQ's
  /// cd/m² do not matter).
  /// `L′(1)` is the lookup's derivative along the neutral axis at the domain's top, read off
  /// its first-order extension (`(L(1 + ε) − L(1))/ε` under linear extrapolation, ε = 2⁻⁴:
  /// exact for a 0–1 domain, where that extension is the boundary cell's own derivative);
  /// the curves' derivatives are central differences of the exact curves.
  static func neutralSlope(
    lut: CubeLUT, interpolation: Interpolation, input: TransferFunction,
    output: TransferFunction, weights: SIMD3<Double>
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
    let decoded = SIMD3(output.decode(white.x), output.decode(white.y), output.decode(white.z))
    func decodeSlope(_ y: Double) -> Double {
      (output.decode(y + h) - output.decode(y - h)) / (2 * h)
    }
    let decodeSlopes = SIMD3(decodeSlope(white.x), decodeSlope(white.y), decodeSlope(white.z))
    let encodeSlope = (input.encode(1 + h) - input.encode(1 - h)) / (2 * h)
    let y = (weights * decoded).sum()
    guard y > 1e-6 else { return 1 }
    return (weights * decodeSlopes * signalSlope).sum() * encodeSlope / y
  }

  /// Creates the application of a CLF/CTF process list: raw, values in and values out, as
  /// OpenColorIO's FileTransform applies it (docs/clf.md).
  public init(processList: ProcessListProcessor, working: WorkingSpace = .linearRec709) {
    self.init(lut: CubeLUT(), space: CubeSpace(.raw), working: working, extrapolation: .clamp)
    self.processList = processList
  }

  /// Creates an application from a parsed file, its spaces from `space` (input = output) or
  /// as ``CubeSpacePair/resolve(input:primaries:output:outputPrimaries:referenceWhite:comments:title:fileName:keepsPrimaries:)``
  /// decides them from the file's comment and words (its TITLE and comments), else
  /// `srgb rec709`.
  ///
  /// - Throws: `EDRPipelineError` when the space comment is malformed.
  public init(
    file: CubeFile, space: CubeSpace? = nil, working: WorkingSpace = .linearRec709,
    interpolation: Interpolation = .trilinear, extrapolation: Extrapolation? = nil,
    policy: EDRPolicy = .default, toneMap: EDRToneMap? = nil
  ) throws(EDRPipelineError) {
    let spaces: CubeSpacePair
    if let space {
      spaces = CubeSpacePair(space)
    } else {
      spaces =
        try CubeSpacePair.resolve(
          input: nil, primaries: nil, output: nil, outputPrimaries: nil, referenceWhite: nil,
          comments: file.comments, title: file.title, keepsPrimaries: file.lut3D == nil
        ).spaces
    }
    self.init(
      lut: CubeLUT(file), space: spaces.input, outputSpace: spaces.output, working: working,
      interpolation: interpolation, extrapolation: extrapolation, policy: policy,
      toneMap: toneMap)
  }

  /// The extrapolation the lookups use.
  public var extrapolation: Extrapolation { processor.extrapolation }

  /// The interpolation the lookups use.
  public var interpolation: Interpolation { processor.interpolation }
}
