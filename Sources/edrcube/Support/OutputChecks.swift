import FileOutput

/// The check every writing command makes before it writes anything: no output replaces an
/// input (issue 27 item 4; `apply --in-place` is the only exception, per job).
enum OutputChecks {
  /// Fails with `OUT: error: the output would replace the input IN; REMEDY` if any output is
  /// an input.
  static func refuseReplacing(
    _ inputs: [String], by outputs: [String?], remedy: String = "choose another output"
  ) throws {
    do {
      try InputProtection.check(outputs: outputs, inputs: inputs, remedy: remedy)
    } catch {
      throw CLIFailure(error.description)
    }
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
