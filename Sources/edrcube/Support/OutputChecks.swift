import ArgumentParser
import FileOutput

/// The check every writing command makes before it writes anything: no output replaces an
/// input (issue 27 item 4; `apply --in-place` is the only exception, per job).
enum OutputChecks {
  /// Fails with `OUT: error: the output would replace the input IN…` if any output is an input.
  static func refuseReplacing(_ inputs: [String], by outputs: [String?]) throws {
    do {
      try InputProtection.check(outputs: outputs, inputs: inputs)
    } catch {
      Console.error(error.description)
      throw ExitCode.failure
    }
  }
}

extension CubeOutputOptions {
  /// Every file these options write: the cube, Core Image data and its `.swift` snippet, the
  /// Hald image.
  var paths: [String?] {
    [output, coreImage, coreImage.map(CubeOutput.snippetPath), hald]
  }
}
