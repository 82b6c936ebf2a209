import FileOutput
import Foundation

/// The check every writing command makes before it writes anything: no output replaces an
/// input (issue 27 item 4; `apply --in-place` is the only exception, per job).
enum OutputChecks {
  /// Fails with `OUT: error: the output would replace the input IN; REMEDY` if any output is
  /// an input, and with `two outputs … would be written to one file` if two outputs are one
  /// file (issue 40 R10). `-` (standard output, for `apply`) is checked as the file standard
  /// output is open on, so `-o - 1<>IN` cannot overwrite the input (R14); standard output is
  /// always checked against the inputs, since every command prints something there.
  static func refuseReplacing(
    _ inputs: [String], by outputs: [String?], remedy: String = "choose another output",
    dashIsStandardOutput: Bool = false, distinct: Bool = true
  ) throws {
    let outputs = (dashIsStandardOutput ? outputs.map { $0 == "-" ? "/dev/stdout" : $0 } : outputs)
      .map { $0.map(linkTarget) }
    do {
      if distinct { try InputProtection.checkDistinct(outputs: outputs) }
      try InputProtection.check(outputs: outputs, inputs: inputs, remedy: remedy)
      // What every command prints (a summary, a report, values) must not land in a file it
      // reads either: `eval --lut A 1<>A`, `inspect A >>A` (issue 40 R14 variants).
      try InputProtection.check(
        outputs: ["/dev/stdout"], inputs: inputs, remedy: "send standard output elsewhere")
    } catch {
      throw CLIFailure(error.description.replacing("/dev/stdout", with: "standard output"))
    }
  }

  /// `path`, or where the chain of symbolic links at `path` ends when its last target does not
  /// exist yet: the file a write through the link creates (`-o LINK --plot TARGET` is one
  /// file, but a dangling link and its target have no inode to compare). At most 40 links.
  static func linkTarget(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {
      guard !FileManager.default.fileExists(atPath: current),
        let next = try? FileManager.default.destinationOfSymbolicLink(atPath: current)
      else { return current }
      current =
        next.hasPrefix("/")
        ? next : URL(fileURLWithPath: current).deletingLastPathComponent().path + "/" + next
    }
    return current
  }
}

extension CubeOutputOptions {
  /// Every file these options write: the cube, Core Image data and its `.swift` snippet, the
  /// Hald image.
  var paths: [String?] {
    [output] + companions.paths
  }
}

extension CubeCompanionOptions {
  /// Every file these options write besides the cube: Core Image data and its `.swift`
  /// snippet, the Hald image.
  var paths: [String?] {
    [coreImage, coreImage.map(CubeOutput.snippetPath), hald]
  }
}
