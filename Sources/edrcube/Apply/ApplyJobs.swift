import Foundation
import RasterIO

/// One file to process: where it comes from and where the result goes.
struct ApplyJob: Equatable {
  var input: String
  var output: String
}

/// Expands `apply`'s inputs (files, folders, frame sequences) into jobs with output paths.
enum ApplyJobs {
  /// Image extensions picked up from folders (the format itself is recognised by content).
  static let folderExtensions: Set<String> = ["exr", "tif", "tiff"]

  /// The input files, in order: folders list their images sorted by name; `shot.%04d.exr` and
  /// `shot.####.exr` take `frames`, or the frames that exist.
  static func inputs(_ arguments: [String], frames: FrameRange?) throws -> [(
    path: String, sequence: FrameSequence?, frame: Int?
  )] {
    var result: [(String, FrameSequence?, Int?)] = []
    for argument in arguments {
      if let sequence = FrameSequence(pattern: argument) {
        let numbers = try frames?.frames ?? sequence.existingFrames()
        guard !numbers.isEmpty else {
          throw CLIFailure("\(argument): error: no frames of this sequence exist")
        }
        result += numbers.map { (sequence.path(frame: $0), sequence, $0) }
        continue
      }
      var info = stat()
      guard stat(argument, &info) == 0 else {
        // strerror names the cause: no such file, a symbolic link loop, no permission.
        throw CLIFailure("\(argument): error: \(String(cString: strerror(errno)))")
      }
      if info.st_mode & S_IFMT == S_IFDIR {
        let names = try FileManager.default.contentsOfDirectory(atPath: argument).sorted()
        let images = names.filter {
          !$0.hasPrefix(".")
            && folderExtensions.contains(URL(fileURLWithPath: $0).pathExtension.lowercased())
        }
        result += images.map { ((argument as NSString).appendingPathComponent($0), nil, nil) }
      } else {
        result.append((argument, nil, nil))
      }
    }
    if frames != nil && !arguments.contains(where: { FrameSequence(pattern: $0) != nil }) {
      throw CLIFailure("edrcube: error: --frames needs a sequence input such as shot.%04d.exr")
    }
    return result
  }

  /// The output's format, from its name (`.exr`, `.tif`, `.tiff`, any case); an unknown
  /// extension is refused (before anything is written).
  static func outputFormat(_ job: ApplyJob) throws -> ImageFileFormat {
    let ext = (job.output as NSString).pathExtension.lowercased()
    switch ext {
    case "exr": return .openEXR
    case "tif", "tiff": return .tiff
    default:
      let what = ext.isEmpty ? "(no extension)" : "'.\(ext)'"
      throw CLIFailure(
        "\(job.output): error: unsupported output format \(what): name the output .exr, .tif or .tiff"
      )
    }
  }

  /// Output paths: `--in-place` replaces the input; `--output-dir` keeps file names; `-o` names
  /// one output, or a sequence pattern for a sequence input.
  static func jobs(
    _ inputs: [(path: String, sequence: FrameSequence?, frame: Int?)], output: String?,
    outputDirectory: String?, inPlace: Bool
  ) throws -> [ApplyJob] {
    let given = [output != nil, outputDirectory != nil, inPlace].filter { $0 }.count
    guard given == 1 else {
      throw CLIFailure("edrcube: error: give exactly one of -o OUT, --output-dir DIR, --in-place")
    }
    if inPlace { return inputs.map { ApplyJob(input: $0.path, output: $0.path) } }
    if let outputDirectory {
      return inputs.map {
        ApplyJob(
          input: $0.path,
          output: (outputDirectory as NSString).appendingPathComponent(
            ($0.path as NSString).lastPathComponent))
      }
    }
    let output = output ?? ""
    if let pattern = FrameSequence(pattern: output) {
      return try inputs.map { input in
        guard let frame = input.frame else {
          throw CLIFailure("\(output): error: a sequence output needs sequence inputs")
        }
        return ApplyJob(input: input.path, output: pattern.path(frame: frame))
      }
    }
    guard inputs.count == 1, let only = inputs.first else {
      throw CLIFailure(
        "edrcube: error: -o names one file but there are \(inputs.count) inputs; use --output-dir or a pattern such as out.%04d.exr"
      )
    }
    return [ApplyJob(input: only.path, output: output)]
  }
}
