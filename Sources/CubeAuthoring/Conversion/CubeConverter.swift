import ColorMath
public import CubeFormat
import EDRPipeline
import LUTEngine

/// Converts an SDR cube (srgb or bt1886), or a camera → display cube (`logc3 awg3 -> bt1886
/// rec709`), into a PQ or HLG cube (docs/semantics.md §6).
///
/// A camera cube keeps its input: the new cube's nodes lie evenly over the source's input
/// domain in its own curve and primaries (`logc3 awg3 -> pq rec2020 203`); each node's
/// display code goes through the display decode (1.0 = `W`), to Rec.2020, the roll-off to the
/// mastering peak, and the target's encode.
///
/// For every node: signal → cd/m² → `/W` (Rec.2020 EDR) → the SDR cube on EDR under the
/// policy (through EDRPipeline's `CubeApplication`, Rec.2020 working space, which converts to the cube's
/// primaries and back) → optional tone map → clamp to the container → encode. Nodes lie
/// evenly over 0…1, over 0…signal(peak) (`DOMAIN_MAX`), or behind a 1D shaper below the peak
/// (``CubeConversionOptions/NodePlacement``), and their values are sampled or fitted in
/// ΔE_ITP (``CubeConversionOptions/fitsNodes``).
public struct CubeConverter: Sendable {
  /// The parameters.
  public let options: CubeConversionOptions

  /// Creates a converter.
  public init(options: CubeConversionOptions) { self.options = options }

  /// The source cube's spaces: the options' source space (replacing the input; the output
  /// the file's comment or words state still holds), else the file's comment, else its words
  /// (TITLE, comments and ``CubeConversionOptions/sourceFileName``, `SpaceWords`), else
  /// `srgb rec709`. An SDR look or a camera → display cube (`LogC to Rec709`: a log or
  /// linear input with an srgb or bt1886 output); anything else is refused.
  ///
  /// - Throws: `EDRPipelineError` for a malformed comment or spaces that cannot be converted.
  public func sourceSpaces(of file: CubeFile) throws(EDRPipelineError) -> CubeSpacePair {
    let given = options.sourceSpace
    let spaces =
      try CubeSpacePair.resolve(
        input: given?.transfer, primaries: given?.primaries, output: nil, outputPrimaries: nil,
        referenceWhite: nil, comments: file.comments, title: file.title,
        fileName: options.sourceFileName
      ).spaces
    guard ConversionSource.isConvertible(spaces) else {
      throw EDRPipelineError(
        .unsupportedCube(
          reason: "convert needs an SDR look (input srgb or bt1886) or a camera → display "
            + "cube (a log input with an srgb or bt1886 output), this one is "
            + spaces.name + Self.refusalAdvice(spaces)))
    }
    return spaces
  }

  /// Why a cube cannot be converted and what to do instead: `; its output …`.
  static func refusalAdvice(_ spaces: CubeSpacePair) -> String {
    let input = spaces.input.transfer
    if input.isHDR {
      return "; its input is already \(input.rawValue)"
    }
    if input == .raw {
      return "; a raw cube has no meaning to carry: give --from-space"
    }
    return "; its output, \(spaces.output.transfer.rawValue), is not a display encoding, so "
      + "there is no display light to carry to PQ/HLG: apply it as it is (edrcube apply "
      + "--lut-space \(input.rawValue)), or give --from-space srgb if it is an SDR look"
  }

  /// The source, its spaces decided (``sourceSpaces(of:)``).
  func source(of file: CubeFile) throws(EDRPipelineError) -> ConversionSource {
    ConversionSource(file: file, spaces: try sourceSpaces(of: file))
  }

  /// Converts a file.
  ///
  /// - Parameters:
  ///   - file: the SDR cube.
  ///   - sourceName: how to name the source in the comments (e.g. its file name).
  /// - Returns: the new cube, with its space and every parameter as comments.
  /// - Throws: `EDRPipelineError` for bad options or a cube that is not SDR.
  public func convert(_ file: CubeFile, sourceName: String? = nil) throws(EDRPipelineError)
    -> CubeFile
  {
    let source = try source(of: file)
    try validate(source)
    let grid = ConversionGrid(options: options)
    let n = options.size
    let axes = (0..<3).map { k in
      source.isCamera
        ? (0..<n).map {
          CubeBaker.nodeInput($0, of: n, lo: source.domainMin[k], hi: source.domainMax[k])
        }
        : grid.nodeSignals
    }
    let signals = ParallelSlices.fill(count: n, width: 3 * n * n, initial: 0.0) { b, slice in
      for g in 0..<n {
        for r in 0..<n {
          let o = 3 * (r + n * g)
          (slice[o], slice[o + 1], slice[o + 2]) = (axes[0][r], axes[1][g], axes[2][b])
        }
      }
    }
    let application = source.application(of: file, options: options)
    let decode = source.decoder(target: options.targetSpace)
    var values = targets(of: signals, decode: decode, through: application)
    if options.fitsNodes && n > 2 {
      var samples = ConversionFit.sampleSignals(
        size: n, signal: source.isCamera ? { $0 } : grid.signal(at:))
      if source.isCamera {
        for i in stride(from: 0, to: samples.count, by: 3) {
          let c = source.code(at: SIMD3(samples[i], samples[i + 1], samples[i + 2]))
          (samples[i], samples[i + 1], samples[i + 2]) = (c.x, c.y, c.z)
        }
      }
      let fit = ConversionFit(
        size: n, targets: targets(of: samples, decode: decode, through: application),
        metric: ConversionFitMetric(options.targetSpace))
      values = fit.refine(values, passes: Self.fitPasses)
    }
    let table =
      source.isCamera
      ? CubeTable3D(
        size: n, domainMin: SIMD3(source.domainMin), domainMax: SIMD3(source.domainMax),
        values: values)
      : CubeTable3D(
        size: n, domainMin: .zero, domainMax: SIMD3(repeating: grid.tableDomainMax),
        values: values)
    return CubeFile(
      title: (file.title ?? sourceName ?? "look") + " (\(options.target.rawValue.uppercased()))",
      lut1D: source.isCamera ? nil : grid.shaper, lut3D: table,
      comments: comments(source: source, sourceName: sourceName, grid: grid))
  }

  /// The largest size whose nodes are fitted (8 samples per cell: 7 million at 97³).
  public static let largestFittedSize = 97

  /// SART passes of the node fit (the bundled looks' p99 no longer moves after 12).
  static let fitPasses = 12

  /// The new cube's signal for each of its input values (interleaved RGB): decode to
  /// Rec.2020 EDR, the source cube (with the tone map), encode in the target.
  private func targets(
    of signals: [Double], decode: ConversionSource.Decoder,
    through application: CubeApplication
  ) -> [Float] {
    let codec = SpaceCodec(options.targetSpace)
    let count = signals.count / 3
    var pixels = ParallelSlices.fill(count: count, width: 3, initial: Float(0)) { i, out in
      let v = SIMD3<Float>(
        decode(SIMD3(signals[3 * i], signals[3 * i + 1], signals[3 * i + 2])))
      (out[0], out[1], out[2]) = (v.x, v.y, v.z)
    }
    pixels.withUnsafeMutableBufferPointer { application.apply(inPlace: $0, channels: 3) }
    let applied = pixels
    return ParallelSlices.fill(count: count, width: 3, initial: Float(0)) { i, out in
      let edr = SIMD3<Double>(SIMD3(applied[3 * i], applied[3 * i + 1], applied[3 * i + 2]))
      let v = SIMD3<Float>(codec.encode(edr))
      (out[0], out[1], out[2]) = (v.x, v.y, v.z)
    }
  }

  /// Checks the numeric options, and that a camera cube's nodes stay over its own input.
  private func validate(_ source: ConversionSource) throws(EDRPipelineError) {
    if source.isCamera && options.placement != .full {
      throw EDRPipelineError(
        .invalidParameter(
          "placement",
          reason: "a camera cube keeps its own \(source.spaces.input.transfer.rawValue) input, "
            + "whose nodes lie evenly over its domain; --shaper and --placement "
            + "\(options.placement.rawValue) place PQ/HLG input signals (use --fit)"))
    }
    guard CubeGenerator.sizes3D.contains(options.size) else {
      throw EDRPipelineError(
        .invalidParameter(
          "size",
          reason:
            "must be \(CubeSizeLimits.nodes3D.lowerBound)...\(CubeSizeLimits.nodes3D.upperBound), got \(options.size)"
        ))
    }
    if options.fitsNodes && options.size > Self.largestFittedSize {
      throw EDRPipelineError(
        .invalidParameter(
          "size",
          reason: "node fitting works up to \(Self.largestFittedSize), got \(options.size)"))
    }
    guard options.referenceWhite > 0, options.referenceWhite.isFinite else {
      throw EDRPipelineError(.invalidReferenceWhite(options.referenceWhite))
    }
    let container = options.targetSpace.containerPeak.map { $0 * options.referenceWhite } ?? 0
    if let peak = options.peak, !(peak > 0 && peak <= container) {
      throw EDRPipelineError(
        .invalidParameter("peak", reason: "must be in (0, \(Int(container))] cd/m², got \(peak)"))
    }
  }

  /// The comments of the new file: its space, then every parameter.
  private func comments(source: ConversionSource, sourceName: String?, grid: ConversionGrid)
    -> [String]
  {
    let o = options
    let space = CubeSpacePair(source.inputSpace(target: o.targetSpace), output: o.targetSpace)
    let toneMap = source.toneMap(o)
    var lines = [
      space.commentText,
      "converted by edrcube convert from \(sourceName.map { "'\($0)' " } ?? "")"
        + "(\(source.spaces.name))",
      "target: \(o.target.rawValue) rec2020, reference white \(formatted(o.referenceWhite)) cd/m2",
      "size: \(o.size)",
      "edr-policy: \(o.policy.rawValue)",
      "interpolation of the SDR cube: \(o.interpolation.rawValue)",
      "tone map: "
        + (toneMap == nil
          ? "none"
          : "\(o.toneMapCurve.rawValue) to \(formatted(o.masteringPeak)) cd/m2"
            + (o.peak == nil ? " (roll-off to the mastering peak)" : "")),
      source.isCamera
        ? "node placement: evenly over the source's \(source.spaces.input.name) input"
        : "node placement: \(o.placement.rawValue)",
    ]
    let top = Float(grid.domainMax)
    if let shaper = grid.shaper {
      let peak = Float(grid.peakSignal)
      let above = peak < 1 ? ConversionGrid.intervalsAbovePeak(size: o.size) : 0
      lines.append("mastering peak: \(formatted(o.masteringPeak)) cd/m2 (signal \(peak))")
      lines.append(
        "shaper: \(shaper.size) rows over 0 to 1, (signal / \(peak))^\(ConversionGrid.shaperExponent) "
          + "below the peak, \(above) of \(o.size - 1) intervals above it")
    } else if o.placement != .full {
      lines.append("mastering peak: \(formatted(o.masteringPeak)) cd/m2 (DOMAIN_MAX \(top))")
    }
    lines.append(
      "node values: "
        + (o.fitsNodes
          ? "least-squares fit in dE_ITP over each cell (\(Self.fitPasses) passes)" : "sampled"))
    return lines
  }

  private func formatted(_ x: Double) -> String {
    x == x.rounded() && abs(x) < 1e9 ? String(Int(x)) : String(x)
  }
}
