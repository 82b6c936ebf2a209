import ArgumentParser
import CubeAuthoring
import EDRPipeline
import EDRPlots
import RasterIO

/// `edrcube pattern`: an EDR test chart to judge a LUT beyond SDR.
struct PatternCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pattern",
    abstract: "Write an EDR test chart as OpenEXR (linear Rec.709, 1.0 = reference white).",
    discussion: """
      Bands from top to bottom: a grey ramp from 0 to the headroom; a grey ramp on a log2 \
      axis; red, green, blue, cyan, magenta and yellow ramps to the headroom; grey patches \
      at 1, 2, 4, 8 and 16× white; Rec.2020 and Display P3 primaries and secondaries beyond \
      Rec.709 (at 1× and 4× white); PQ signal steps 0…1 and HLG signal steps 0…1 (1000 cd/m² \
      display) converted to EDR with the reference white. No value exceeds the headroom: \
      brighter colours are scaled down to it, their hue kept.
      """)

  @Argument(help: "The output .exr file.", completion: .file(extensions: ["exr"]))
  var output: String

  @Option(help: "The brightest value, in multiples of reference white.")
  var headroom: Double = 16

  @Option(help: "Width in pixels.")
  var width = 1920

  @Option(help: "Height in pixels.")
  var height = 1080

  @Option(name: .customLong("reference-white"), help: "Cd/m² of EDR 1.0 for the PQ and HLG steps.")
  var referenceWhite: Double = 203

  @Option(name: .customLong("pixel-type"), help: "half or float.")
  var pixelType: PixelTypeOption = .half

  @Option(
    help: "Also write an SDR preview PNG (tone-mapped from the headroom).",
    completion: .file(extensions: ["png"]))
  var png: String?

  @OptionGroup var quietness: QuietOption

  func validate() throws {
    guard headroom >= 1, headroom.isFinite else { throw ValidationError("--headroom must be ≥ 1.") }
    guard (16...16384).contains(width), (14...16384).contains(height) else {
      throw ValidationError("--width must be 16…16384 and --height 14…16384.")
    }
  }

  func run() throws {
    let chart = EDRTestChart(
      width: width, height: height, headroom: headroom, referenceWhite: referenceWhite,
      capsAtHeadroom: true)
    let values = chart.render()
    let type = pixelType.exrPixelType
    let channels = ["R", "G", "B", "A"].enumerated().map { c, name in
      EXRChannel(
        name: name,
        samples: EXRSamples(stride(from: c, to: values.count, by: 4).map { values[$0] }, as: type)
      )
    }
    var part = EXRPart(dataWindow: EXRBox(width: width, height: height), channels: channels)
    part.chromaticities = EXRChromaticities(
      red: [0.64, 0.33], green: [0.30, 0.60], blue: [0.15, 0.06], white: [0.3127, 0.3290])
    part.stringAttributes["comments"] = "EDRCube test chart, headroom \(headroom)"
    do {
      try EXRImage(parts: [part]).write(to: output)
      if let png {
        var preview = values
        SDRPreview(headroom: headroom).convert(rgba: &preview)
        try PNGImage.write(
          RGBAPixels(width: width, height: height, values: preview, hasAlpha: false), to: png)
      }
    } catch {
      throw CLIFailure("\(error)")  // RasterIOError or FileOutputError: `path: error: …`
    }
    Console.summary(
      "pattern: wrote \(output) (\(width)×\(height), headroom \(headroom))"
        + (png.map { " and \($0)" } ?? ""))
  }
}
