import ColorMath
public import CubeFormat
import EDRPipeline
import LUTEngine

/// Converts an SDR cube (srgb or bt1886) into a PQ or HLG cube (docs/semantics.md §6).
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

  /// The SDR cube's spaces: the options' source space (replacing the input, and the output of
  /// a one-space comment); else the file's comment, else its words (TITLE and comments,
  /// `SpaceWords`), else `srgb rec709`. A camera cube (`LogC to Rec709`) is refused.
  ///
  /// - Throws: `EDRPipelineError` for a malformed comment or an input space that is not SDR.
  public func sourceSpaces(of file: CubeFile) throws(EDRPipelineError) -> CubeSpacePair {
    var spaces = try CubeSpacePair(comments: file.comments) ?? .fallback
    if let given = options.sourceSpace {
      spaces = CubeSpacePair(given, output: spaces.input == spaces.output ? nil : spaces.output)
    } else {
      spaces =
        try CubeSpacePair.resolve(
          input: nil, primaries: nil, output: nil, outputPrimaries: nil, referenceWhite: nil,
          comments: file.comments, title: file.title
        ).spaces
    }
    guard spaces.input.transfer.isSDR else {
      throw EDRPipelineError(
        .unsupportedCube(
          reason: "convert needs an SDR cube (input srgb or bt1886), this one is "
            + spaces.name + Self.cameraAdvice(spaces)))
    }
    return spaces
  }

  /// What to do instead with a cube whose input is not SDR: `; a logc3 input is …`.
  public static func cameraAdvice(_ spaces: CubeSpacePair) -> String {
    "; a \(spaces.input.transfer.rawValue) input is scene-referred (camera or log) and has no "
      + "SDR reading to carry to PQ/HLG: apply it as it is (edrcube apply --lut-space "
      + "\(spaces.input.transfer.rawValue)), or give --from-space srgb if it is an SDR look"
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
    let source = try sourceSpaces(of: file)
    try validate()
    let grid = ConversionGrid(options: options)
    let n = options.size
    let axis = grid.nodeSignals
    let signals = ParallelSlices.fill(count: n, width: 3 * n * n, initial: 0.0) { b, slice in
      for g in 0..<n {
        for r in 0..<n {
          let o = 3 * (r + n * g)
          (slice[o], slice[o + 1], slice[o + 2]) = (axis[r], axis[g], axis[b])
        }
      }
    }
    let application = CubeApplication(
      lut: CubeLUT(file), space: source.input, outputSpace: source.output,
      working: WorkingSpace(.linear, named: .rec2020),
      interpolation: options.interpolation, policy: options.policy, toneMap: options.toneMap)
    var values = targets(of: signals, through: application)
    if options.fitsNodes && n > 2 {
      let samples = ConversionFit.sampleSignals(size: n, signal: grid.signal(at:))
      let fit = ConversionFit(
        size: n, targets: targets(of: samples, through: application),
        metric: ConversionFitMetric(options.targetSpace))
      values = fit.refine(values, passes: Self.fitPasses)
    }
    let table = CubeTable3D(
      size: n, domainMin: .zero, domainMax: SIMD3(repeating: grid.tableDomainMax), values: values)
    return CubeFile(
      title: (file.title ?? sourceName ?? "look") + " (\(options.target.rawValue.uppercased()))",
      lut1D: grid.shaper, lut3D: table,
      comments: comments(source: source, sourceName: sourceName, grid: grid))
  }

  /// The largest size whose nodes are fitted (8 samples per cell: 7 million at 97³).
  public static let largestFittedSize = 97

  /// SART passes of the node fit (the bundled looks' p99 no longer moves after 12).
  static let fitPasses = 12

  /// The new cube's signal for each target signal (interleaved RGB): decode to Rec.2020
  /// EDR, the SDR cube on EDR (with the tone map), encode.
  private func targets(of signals: [Double], through application: CubeApplication) -> [Float] {
    let codec = SpaceCodec(options.targetSpace)
    let count = signals.count / 3
    var pixels = ParallelSlices.fill(count: count, width: 3, initial: Float(0)) { i, out in
      let v = SIMD3<Float>(
        codec.decode(SIMD3(signals[3 * i], signals[3 * i + 1], signals[3 * i + 2])))
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

  /// Checks the numeric options.
  private func validate() throws(EDRPipelineError) {
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
  private func comments(source: CubeSpacePair, sourceName: String?, grid: ConversionGrid)
    -> [String]
  {
    let o = options
    var lines = [
      o.targetSpace.commentText,
      "converted by edrcube convert from \(sourceName.map { "'\($0)' " } ?? "")"
        + "(\(source.name))",
      "target: \(o.target.rawValue) rec2020, reference white \(formatted(o.referenceWhite)) cd/m2",
      "size: \(o.size)",
      "edr-policy: \(o.policy.rawValue)",
      "interpolation of the SDR cube: \(o.interpolation.rawValue)",
      "tone map: "
        + (o.toneMap == nil
          ? "none"
          : "\(o.toneMapCurve.rawValue) to \(formatted(o.masteringPeak)) cd/m2"
            + (o.peak == nil ? " (roll-off to the mastering peak)" : "")),
      "node placement: \(o.placement.rawValue)",
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
