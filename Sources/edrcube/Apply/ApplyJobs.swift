import FileOutput
import Foundation
import ImageApplication
import RasterIO

/// One input file found in `apply`'s arguments.
struct ApplyInput {
  var path: String
  /// Its frame number, for a frame of a sequence.
  var frame: Int?
  /// Its path below the folder argument it was found in (its name for a file argument): the
  /// path `--output-dir` gives it.
  var relativePath: String

  init(path: String, frame: Int? = nil, relativePath: String? = nil) {
    self.path = path
    self.frame = frame
    self.relativePath = relativePath ?? (path as NSString).lastPathComponent
  }
}

/// Expands `apply`'s inputs (files, folders, frame sequences) into jobs with output paths.
enum ApplyJobs {
  /// Image extensions picked up from folders (the format itself is recognised by content).
  static let folderExtensions: Set<String> = ["exr", "tif", "tiff"]

  /// The input files, in order: folders list their images sorted by name (and, when
  /// `recursive`, their subfolders' images, depth first); `shot.%04d.exr` and `shot.####.exr`
  /// take `frames`, or the frames that exist.
  static func inputs(_ arguments: [String], frames: FrameRange?, recursive: Bool = false) throws
    -> [ApplyInput]
  {
    var result: [ApplyInput] = []
    for argument in arguments {
      if let sequence = FrameSequence(pattern: argument) {
        let numbers = try frames?.frames ?? sequence.existingFrames()
        guard !numbers.isEmpty else {
          throw CLIFailure("\(argument): error: no frames of this sequence exist")
        }
        result += numbers.map { ApplyInput(path: sequence.path(frame: $0), frame: $0) }
        continue
      }
      var info = stat()
      guard stat(argument, &info) == 0 else {
        // strerror names the cause: no such file, a symbolic link loop, no permission.
        throw CLIFailure("\(argument): error: \(String(cString: strerror(errno)))")
      }
      switch info.st_mode & S_IFMT {
      case S_IFDIR: result += try images(in: argument, recursive: recursive)
      case S_IFREG: result.append(ApplyInput(path: argument))
      default:
        // A FIFO or device would block the batch or never end (issue 40 R11).
        throw CLIFailure("\(argument): error: not a regular file")
      }
    }
    if frames != nil && !arguments.contains(where: { FrameSequence(pattern: $0) != nil }) {
      throw CLIFailure("edrcube: error: --frames needs a sequence input such as shot.%04d.exr")
    }
    return result
  }

  /// The images in `folder` sorted by name, named by their path below `folder`; with
  /// `recursive` also those of its subfolders (hidden ones and links to folders, which could
  /// loop, are not entered).
  private static func images(in folder: String, recursive: Bool, below prefix: String = "") throws
    -> [ApplyInput]
  {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    } catch {
      throw CLIFailure("\(folder): error: cannot list the folder")
    }
    var found: [ApplyInput] = []
    for name in names where !name.hasPrefix(".") {
      let path = (folder as NSString).appendingPathComponent(name)
      let relative = prefix.isEmpty ? name : prefix + "/" + name
      var info = stat()
      if recursive, lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
        found += try images(in: path, recursive: true, below: relative)
      } else if folderExtensions.contains(URL(fileURLWithPath: name).pathExtension.lowercased()),
        stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG
      {
        // Only regular files: a FIFO named *.exr would block the batch (issue 40 R11).
        found.append(ApplyInput(path: path, relativePath: relative))
      }
    }
    return found
  }

  /// Creates, once and before any file is read, the folders the outputs go into (`-o
  /// graded/shot.%04d.exr`, `--output-dir` with its subfolders, `--preview`), as `mkdir -p`
  /// would; standard output (`-`) has none. Fails naming the folder and the reason.
  static func createOutputFolders(_ outputs: [String]) throws {
    let folders = Set(
      outputs.filter { $0 != "-" }.map { ($0 as NSString).deletingLastPathComponent }
        .filter { !$0.isEmpty })
    for folder in folders.sorted() { try makeFolder(folder) }
  }

  /// `mkdir -p folder`, with the failing component and `strerror`'s reason in the error.
  private static func makeFolder(_ folder: String) throws {
    var info = stat()
    if stat(folder, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFDIR else {
        throw CLIFailure("\(folder): error: cannot create the output folder: a file is in the way")
      }
      return
    }
    let parent = (folder as NSString).deletingLastPathComponent
    if !parent.isEmpty, parent != folder { try makeFolder(parent) }
    guard mkdir(folder, 0o777) == 0 || errno == EEXIST else {
      throw CLIFailure(
        "\(folder): error: cannot create the output folder: \(String(cString: strerror(errno)))")
    }
  }

  /// Fails, before any input is looked at, when no output is given (`-o`, `--output-dir`,
  /// `--in-place`); when the last of several inputs is named like an image (`apply in.exr
  /// out.exr`, the oiiotool and ocioconvert habit), the message suggests `-o` for it.
  static func requireOutput(
    _ inputs: [String], output: String?, outputDirectory: String?, inPlace: Bool
  ) throws {
    guard output == nil, outputDirectory == nil, !inPlace else { return }
    var message = "edrcube: error: give exactly one of -o OUT, --output-dir DIR, --in-place"
    if inputs.count >= 2, let last = inputs.last,
      folderExtensions.contains((last as NSString).pathExtension.lowercased())
    {
      message += "; did you mean -o \(last)?"
    }
    throw CLIFailure(message)
  }

  /// The output's format, from its name (ImageApplication's rule); nil for standard output.
  static func outputFormat(_ job: ImageJob) throws -> ImageFileFormat? {
    try ImageDocument.outputFormat(of: job.output)
  }

  /// Output paths: `--in-place` replaces the input; `--output-dir` keeps file names (and the
  /// folder structure below a folder argument); `-o` names one output, or a sequence pattern
  /// for a sequence input.
  static func jobs(
    _ inputs: [ApplyInput], output: String?, outputDirectory: String?, inPlace: Bool
  ) throws -> [ImageJob] {
    let given = [output != nil, outputDirectory != nil, inPlace].filter { $0 }.count
    guard given == 1 else {
      throw CLIFailure("edrcube: error: give exactly one of -o OUT, --output-dir DIR, --in-place")
    }
    if inPlace { return inputs.map { ImageJob(input: $0.path, output: $0.path) } }
    if let outputDirectory {
      return inputs.map {
        ImageJob(
          input: $0.path,
          output: (outputDirectory as NSString).appendingPathComponent($0.relativePath))
      }
    }
    let output = output ?? ""
    if let pattern = FrameSequence(pattern: output) {
      return try inputs.map { input in
        guard let frame = input.frame else {
          throw CLIFailure("\(output): error: a sequence output needs sequence inputs")
        }
        return ImageJob(input: input.path, output: pattern.path(frame: frame))
      }
    }
    guard inputs.count == 1, let only = inputs.first else {
      throw CLIFailure(
        "edrcube: error: -o names one file but there are \(inputs.count) inputs; use --output-dir or a pattern such as out.%04d.exr"
      )
    }
    return [ImageJob(input: only.path, output: output)]
  }

  /// Fails when two inputs would write one output (same names from two folders into
  /// `--output-dir`): one result would silently replace the other (issue 40 R10).
  static func refuseSharedOutputs(_ jobs: [ImageJob]) throws {
    var writer: [String: String] = [:]
    for job in jobs {
      let key = URL(fileURLWithPath: job.output).standardizedFileURL.path
      if let first = writer[key], first != job.input {
        throw CLIFailure(
          "\(job.output): error: the results of \(first) and \(job.input) would both be written here; give them distinct names or output folders"
        )
      }
      writer[key] = job.input
    }
  }

  /// Whether `next` reads the file `job` writes (`--in-place` given the same file twice, or an
  /// output named as a later input): `next` is then read only once `job` is written, as a
  /// plain loop would.
  static func reads(_ next: ImageJob, writtenBy job: ImageJob) -> Bool {
    guard next.input != job.output else { return true }
    do {
      try InputProtection.check(outputs: [job.output], inputs: [next.input])
      return false
    } catch {
      return true
    }
  }
}
