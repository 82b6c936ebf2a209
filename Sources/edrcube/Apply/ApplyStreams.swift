import ArgumentParser
import FileOutput
import ImageApplication
import RasterIO

/// `--format`: the format of an image streamed through standard input or output.
enum StreamFormat: String, CaseIterable, ExpressibleByArgument {
  case exr, tiff

  /// The library's format.
  var fileFormat: ImageFileFormat { self == .exr ? .openEXR : .tiff }
}

/// `apply -` (the image comes from standard input) and `-o -` (it goes to standard output):
/// standard input is spooled into an anonymous temporary file, bounded by `--max-image-mib`,
/// because OpenEXR and libtiff seek in what they read; an output `-` is written to an anonymous
/// file by ``AtomicFileWriter`` and copied to standard output. Messages name the stream `-`.
struct ApplyStreams {
  /// Standard input in its temporary file, when an input is `-`.
  private(set) var input: StandardInputSpool?
  /// `--format`, when given.
  var format: StreamFormat?

  /// Checks how `-` is used: standard input is the only input, written with `-o`; standard
  /// output takes one image (`-o -` alone, and not also `--preview -`); `--format` needs a
  /// stream.
  static func validate(
    inputs: [String], output: String?, outputDirectory: String?, inPlace: Bool, preview: String?,
    format: StreamFormat?
  ) throws {
    if format != nil && !inputs.contains("-") && output != "-" {
      throw ValidationError("--format applies to streams: - as the input or -o -.")
    }
    if inputs.contains("-") {
      guard inputs == ["-"] else {
        throw ValidationError("- (standard input) must be the only input.")
      }
      guard outputDirectory == nil, !inPlace else {
        throw ValidationError("- (standard input) needs -o OUT (a file, or - for standard output).")
      }
    }
    if output == "-" && preview == "-" {
      throw ValidationError("-o - and --preview - cannot both write to standard output.")
    }
  }

  /// Reads standard input into its temporary file when an input is `-` (at most `limit` bytes).
  init(inputs: [String], format: StreamFormat?, limit: Int) throws {
    self.format = format
    guard inputs.contains("-") else { return }
    do {
      input = try StandardInputSpool(limit: limit)
    } catch {
      throw CLIFailure("\(error.description) (--max-image-mib)")
    }
  }

  /// The inputs with `-` replaced by the path of standard input's temporary file.
  func paths(_ inputs: [String]) -> [String] {
    guard let input else { return inputs }
    return inputs.map { $0 == "-" ? input.path : $0 }
  }

  /// `text` with the temporary file's path shown as `-`.
  func named(_ text: String) -> String {
    guard let input else { return text }
    return text.replacing(input.path, with: "-")
  }

  /// `failure` with the temporary file's path shown as `-`.
  func renamed(_ failure: CLIFailure) -> CLIFailure {
    CLIFailure(named(failure.message), detail: failure.detail.map(named), summary: failure.summary)
  }

  /// Refuses a streamed input or output whose format is not `--format`.
  func checkFormat(of job: ImageJob) throws {
    guard let format, job.input == input?.path || job.output == "-" else { return }
    let found: ImageFileFormat
    do {
      found = try ImageFileFormat.detect(path: job.input)
    } catch {
      throw CLIFailure(named(error.description))
    }
    guard found == format.fileFormat else {
      let name = job.input == input?.path ? "-" : job.input
      throw CLIFailure(
        "\(name): error: the image is \(found.rawValue.uppercased()), not \(format.rawValue.uppercased()) (--format \(format.rawValue))"
      )
    }
  }

  /// Removes standard input's temporary file.
  func close() {
    input?.close()
  }
}
