import ArgumentParser
import ColorMath
import CubeAuthoring
import CubeFormat
import EDRPipeline
import EDRPlots
import Foundation
import LUTEngine

/// `edrcube convert IN OUT --to pq|hlg`: an SDR cube as a PQ or HLG cube (docs/semantics.md §6, §8).
struct ConvertCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "convert",
    abstract:
      "Convert an SDR cube (srgb or bt1886) or a camera → display cube into a PQ or HLG cube.",
    discussion: """
      Every node of the new grid is decoded to Rec.2020 EDR, sent through the SDR cube under \
      the highlight policy, optionally tone-mapped to --peak, and encoded again. The output \
      carries '# EDRCube space: …' and every parameter as comments. --report measures \
      ΔE_ITP (BT.2124) between the new cube on PQ/HLG signals and the SDR cube on EDR over \
      a dense sample of Rec.709 and Rec.2020 colours up to the mastering peak and, apart, \
      above it to the container's peak, leaving out the colours the target cannot carry as \
      input (HLG's bright saturated ones); it splits the colours up to the peak into those \
      inside the SDR cube's gamut and beyond it, lists the worst colours and suggests what to \
      change (threshold 1 ≈ just noticeable). --plot draws the same sample. --shaper and \
      --placement domain roll off above the mastering peak (maxRGB, hue kept) unless --peak \
      says otherwise. A camera → display cube (LogC to Rec709: a log input, an srgb or bt1886 \
      output) keeps its log input: its display light (1.0 = the reference white) is rolled \
      off to the mastering peak and encoded as PQ/HLG, and --report samples its input codes.
      """)

  @Argument(
    help: "The SDR or camera → display cube (or Hald CLUT image) to convert.",
    completion: .file(extensions: ["cube", "png", "tif", "tiff"]))
  var input: String

  @Argument(help: "The .cube file to write.", completion: .file(extensions: ["cube"]))
  var output: String?

  @Option(help: "Target encoding: pq or hlg.")
  var to: CubeConversionOptions.Target

  @Option(help: "Nodes per axis (default 65; 64 with only --core-image).")
  var size: Int?

  @Option(help: "Cd/m² of EDR 1.0 (default 203).")
  var referenceWhite: Double = CubeSpace.defaultReferenceWhite

  @Option(
    help: """
      The source cube's input encoding: srgb, bt1886, or a camera curve (logc3, slog3, …) for \
      a camera → display cube (default: its comment, else its words, else srgb).
      """,
    completion: .list(
      TransferFunction.allCases.filter { !$0.isHDR && $0 != .raw }.map(\.rawValue)))
  var fromSpace: String?

  @Option(help: "The SDR cube's primaries: \(NamedPrimaries.names).")
  var fromPrimaries: NamedPrimaries?

  @Option(
    help: "Highlight policy: clamp, linear, maxrgb, tone-scaled-maxrgb, rising-maxrgb (default).")
  var edrPolicy: EDRPolicy = .default

  @Option(help: "How the SDR cube is evaluated: trilinear or tetrahedral.")
  var interp: Interpolation = .trilinear

  @Option(help: "Tone-map from the container peak to this many cd/m² (see --tone-map).")
  var peak: Double?

  @Option(
    name: .customLong("tone-map"),
    help: "Tone-map curve of --peak: knee (default), bt2390 or reinhard.")
  var toneMapCurve: EDRToneMap.Curve = .default

  @Flag(
    help: """
      The quality mode: every node below the mastering peak (--peak, else 1000 cd/m²) behind a \
      1D shaper (Resolve shaper + 3D), and node values fitted in ΔE_ITP over each cell (same \
      as --placement shaped --fit).
      """)
  var shaper = false

  @Option(
    help: """
      Node placement: full, domain (DOMAIN_MAX at the mastering peak) or shaped (below the \
      peak behind a 1D shaper).
      """)
  var placement: CubeConversionOptions.NodePlacement?

  @Flag(help: "Fit node values over each cell (least squares in ΔE_ITP) instead of sampling them.")
  var fit = false

  @Flag(help: "Measure ΔE_ITP against the SDR cube on EDR: max, p99, mean.")
  var report = false

  @OptionGroup var jsonOutput: JSONOption

  @Option(
    help: """
      Draw a ΔE_ITP heat map of --report's sample (a red × green tile per gamut and blue \
      level) and a histogram into this PNG (grey: colours the target cannot carry, left out \
      as in --report).
      """, completion: .file(extensions: ["png"]))
  var plot: String?

  @OptionGroup var companions: CubeCompanionOptions

  func validate() throws {
    if output == nil && companions.coreImage == nil && companions.hald == nil {
      throw ValidationError("give OUT, --core-image OUT.bin and/or --hald OUT.png")
    }
    if companions.coreImage != nil && (shaper || (placement ?? .full) != .full) {
      throw ValidationError(
        "--core-image needs nodes over 0...1 (Core Image has no DOMAIN and no shaper)")
    }
    if let fromSpace {
      let transfer = TransferFunction(rawValue: fromSpace.lowercased())
      guard let transfer, !transfer.isHDR, transfer != .raw else {
        throw ValidationError(
          "--from-space must be srgb, bt1886 or a camera curve (the source's input), got "
            + "'\(fromSpace)'")
      }
    }
  }

  @OptionGroup var threading: ThreadOptions
  @OptionGroup var quietness: QuietOption

  func run() throws {
    try OutputChecks.refuseReplacing(
      [input], by: [output, plot] + companions.paths)
    let file = try CubeOutput.read(input)
    if fromSpace == nil && fromPrimaries == nil { try announceAssumption(file) }
    var sourceSpace: CubeSpace?
    if fromSpace != nil || fromPrimaries != nil {
      let comment = (try? CubeSpace(comments: file.comments)) ?? nil
      let transfer = fromSpace.flatMap { TransferFunction(rawValue: $0.lowercased()) }
      sourceSpace = CubeSpace(
        transfer ?? comment?.transfer ?? .srgb,
        primaries: fromPrimaries ?? comment?.primaries)
    }
    let options = CubeConversionOptions(
      target: to, size: size ?? (output == nil ? 64 : 65), referenceWhite: referenceWhite,
      sourceSpace: sourceSpace, sourceFileName: input, policy: edrPolicy, interpolation: interp,
      peak: peak,
      toneMapCurve: toneMapCurve, placement: placement ?? (shaper ? .shaped : .full),
      fitsNodes: fit || shaper)
    let name = URL(fileURLWithPath: input).lastPathComponent
    let converter = CubeConverter(options: options)
    let look = try CubeOutput.library {
      let spaces = try converter.sourceSpaces(of: file)
      return CubeApplication(
        lut: CubeLUT(file), space: spaces.input, outputSpace: spaces.output, policy: edrPolicy)
    }
    if let warning = look.flatteningWarning(path: input) { Console.error(warning) }
    let converted = try CubeOutput.library {
      try converter.convert(file, sourceName: name)
    }
    try CubeOutput.write(converted, to: output, companions)
    guard report || jsonOutput.json || plot != nil else { return }
    let evaluation = try CubeOutput.library {
      try ConversionQuality.evaluate(converted: converted, source: file, options: options)
    }
    let result = evaluation.report
    if jsonOutput.json {
      try Console.json(result)
    } else if report {
      Console.output(Self.text(result, camera: evaluation.isCamera))
    }
    if let plot { try writePlot(plot, evaluation: evaluation, report: result) }
  }

  /// The `assumed srgb rec709` note for a cube that names nothing (its TITLE, comments and
  /// file name).
  private func announceAssumption(_ file: CubeFile) throws {
    let resolved = try CubeOutput.library {
      try CubeSpacePair.resolve(
        input: nil, primaries: nil, output: nil, outputPrimaries: nil, referenceWhite: nil,
        comments: file.comments, title: file.title, fileName: input)
    }
    if let assumption = resolved.assumption { Console.note("\(input): note: \(assumption)") }
  }

  /// The ΔE_ITP heat map of the report's own sample (one tile of red × green per gamut and
  /// blue level) and its histogram, titled with the report's figures.
  func writePlot(_ path: String, evaluation: ConversionEvaluation, report r: ConversionReport)
    throws
  {
    let layout = ConversionPlot.SampleLayout(levels: evaluation.levels, gamuts: evaluation.gamuts)
    let differences = layout.arrange(evaluation.colours.map { $0?.deltaE })
    let name = URL(fileURLWithPath: input).lastPathComponent
    let title =
      "dE_ITP, \(name): to \(Int(r.peakNits)) cd/m2 max \(Self.f(r.max)) p99 \(Self.f(r.p99))"
      + (r.abovePeak.map { ", above p99 \(Self.f($0.p99))" } ?? "")
    let canvas = ConversionPlot(scale: 1).render(
      differences: differences, width: layout.width, height: layout.height, title: title,
      report: r)
    try PlotPNG.write(canvas, to: path)
  }

  static func f(_ x: Double) -> String { String(format: "%.3f", x) }

  static func text(_ r: ConversionReport, camera: Bool = false) -> String {
    let leftOut = r.leftOut == 0 ? "" : " (\(r.leftOut) beyond what the target carries left out)"
    let sample =
      camera
      ? "camera input codes whose display light stays within \(Int(r.peakNits)) cd/m²"
      : "EDR colours up to \(Int(r.peakNits)) cd/m²"
    var lines = [
      "ΔE_ITP over \(r.sampleCount) \(sample)\(leftOut): "
        + "max \(f(r.max)), p99 \(f(r.p99)), mean \(f(r.mean)) (threshold \(f(r.threshold)): "
        + "1 ≈ just noticeable)"
    ]
    let parts = [
      (camera ? "inside the camera's gamut" : "inside the SDR cube's gamut", r.insideSourceGamut),
      ("beyond it", r.beyondSourceGamut),
    ]
    for (name, part) in parts {
      guard let part, part.count > 0 else { continue }
      lines.append(
        "  \(name): \(part.count) colours, max \(f(part.max)), p99 \(f(part.p99)), "
          + "mean \(f(part.mean))")
    }
    if let above = r.abovePeak {
      lines.append(
        "above the mastering peak: \(above.count) colours, max \(f(above.max)), "
          + "p99 \(f(above.p99)), mean \(f(above.mean))")
    }
    func nits(_ v: SIMD3<Double>) -> String {
      "\(Int(v.x.rounded()))/\(Int(v.y.rounded()))/\(Int(v.z.rounded()))"
    }
    if !r.worst.isEmpty {
      lines.append(
        camera
          ? "worst colours (Rec.2020 cd/m², scene input at the reference white -> look -> cube):"
          : "worst colours (Rec.2020 cd/m², input -> SDR look -> cube):")
    }
    for c in r.worst {
      lines.append(
        "  \(nits(c.inputNits)) -> \(nits(c.expectedNits)) -> \(nits(c.gotNits)): ΔE_ITP \(f(c.deltaE))"
      )
    }
    lines.append("suggestion: \(r.suggestion)")
    return lines.joined(separator: "\n")
  }
}

extension CubeConversionOptions.Target: ExpressibleByArgument {}
extension CubeConversionOptions.NodePlacement: ExpressibleByArgument {}
