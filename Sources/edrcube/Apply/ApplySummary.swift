import EDRPipeline
import Foundation
import ImageApplication

/// What `apply` says at the end: one text line, or with `--json` one JSON object
/// (docs/semantics.md §8).
struct ApplySummary: Encodable, Sendable {
  /// Seconds summed over the files, per phase.
  struct Seconds: Encodable, Sendable {
    var read = 0.0
    var apply = 0.0
    var write = 0.0
  }

  var files: Int
  var succeeded = 0
  var failed = 0
  /// Each failed file's error.
  var errors: [CLIFailure.Report] = []
  var pixels = 0
  var nonFinitePixels = 0
  var nonFiniteOutputPixels = 0
  var clippedValues = 0
  /// The cube's path, its spaces (`srgb rec709`, `logc3 awg3 -> bt1886 rec709`) and where they
  /// came from (null until a file was read), and the working spaces met.
  var lut: String
  var cubeSpace: String?
  var cubeSpaceOrigin: String?
  /// Why: `cube's words: TITLE "LogC to Video"`, `default` (… `assumed srgb rec709`).
  var cubeSpaceReason: String?
  var workingSpaces: [String] = []
  var seconds = Seconds()

  enum CodingKeys: CodingKey {
    case files, succeeded, failed, errors, pixels, nonFinitePixels, nonFiniteOutputPixels
    case clippedValues, lut, cubeSpace, cubeSpaceOrigin, cubeSpaceReason, workingSpaces, seconds
  }

  /// Every key is always present (`null` where there is no value).
  func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(files, forKey: .files)
    try c.encode(succeeded, forKey: .succeeded)
    try c.encode(failed, forKey: .failed)
    try c.encode(errors, forKey: .errors)
    try c.encode(pixels, forKey: .pixels)
    try c.encode(nonFinitePixels, forKey: .nonFinitePixels)
    try c.encode(nonFiniteOutputPixels, forKey: .nonFiniteOutputPixels)
    try c.encode(clippedValues, forKey: .clippedValues)
    try c.encode(lut, forKey: .lut)
    try c.encode(cubeSpace, forKey: .cubeSpace)
    try c.encode(cubeSpaceOrigin, forKey: .cubeSpaceOrigin)
    try c.encode(cubeSpaceReason, forKey: .cubeSpaceReason)
    try c.encode(workingSpaces, forKey: .workingSpaces)
    try c.encode(seconds, forKey: .seconds)
  }

  init(files: Int, lut: String) {
    self.files = files
    self.lut = lut
  }

  /// Counts a file that was written.
  mutating func add(_ report: FrameReport) {
    succeeded += 1
    pixels += report.counts.pixels
    nonFinitePixels += report.counts.nonFinitePixels
    nonFiniteOutputPixels += report.counts.nonFiniteOutputs
    clippedValues += report.counts.clippedValues
    seconds.read += report.seconds.read
    seconds.apply += report.seconds.apply
    seconds.write += report.seconds.write
  }

  /// Counts a file that failed.
  mutating func add(_ failure: CLIFailure) {
    failed += 1
    errors.append(failure.report)
  }

  /// Records the transforms used, one per working space, in the order met.
  mutating func describe(_ transforms: [ResolvedTransform]) {
    guard let first = transforms.first else { return }
    cubeSpace = first.spaceName
    cubeSpaceOrigin = first.spaces?.origin.rawValue ?? CubeSpace.Origin.processList.rawValue
    cubeSpaceReason = first.spaceOriginText
    workingSpaces = transforms.map(\.workingName)
  }

  /// `apply: 1 of 1 file(s), 0.01 Mpix, 0 non-finite pixel(s) in the input, …`.
  var text: String {
    "apply: \(succeeded) of \(files) file(s), "
      + String(format: "%.2f", Double(pixels) / 1e6) + " Mpix, "
      + "\(nonFinitePixels) non-finite pixel(s) in the input, "
      + "\(nonFiniteOutputPixels) in the output, "
      + "\(clippedValues) value(s) clipped by the output format"
  }
}
