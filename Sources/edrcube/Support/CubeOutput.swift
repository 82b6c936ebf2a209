import ArgumentParser
import CLFFormat
import CubeAuthoring
import CubeFormat
import EDRPipeline
import FileOutput
import Foundation
import LUTFormats

/// What `convert` and `generate` write beside or instead of the `.cube` file: its writer
/// profile, Core Image `cubeData`, a Hald CLUT image.
struct CubeCompanionOptions: ParsableArguments {
  @Option(
    help:
      "Writer profile: adobe, resolve (shaper + INPUT_RANGE) or ocio (what OpenColorIO reads). Default: the first of adobe, ocio, resolve that can express the cube."
  )
  var profile: CubeWriterProfile?

  @Option(
    help:
      "The output's format: cube, or clf (a CLF process list, docs/clf.md). Default: clf for a .clf or .ctf name, else cube."
  )
  var format: LUTFileFormat?

  @Option(
    name: .customLong("core-image"),
    help: ArgumentHelp(
      "Also write Core Image cubeData (Float32 RGBA, red fastest) to this file, and beside it "
        + "a .swift snippet that feeds it to CIColorCubeWithColorSpace with extrapolation.",
      valueName: "OUT.bin"), completion: .file(extensions: ["bin"]))
  var coreImage: String?

  @Option(
    help: ArgumentHelp(
      "Also write the cube as a 16-bit Hald CLUT image (PNG for .png, else TIFF); the size "
        + "must be a square (16, 25, 36, 49, 64…).", valueName: "OUT.png"),
    completion: .file(extensions: ["png", "tif", "tiff"]))
  var hald: String?
}

/// The format of a written LUT file.
enum LUTFileFormat: String, ExpressibleByArgument {
  case cube, clf
}

extension CubeCompanionOptions {
  /// Whether the LUT goes to `path` as CLF: `--format`, else the name's extension; a
  /// `--format` that contradicts a `.cube`, `.clf` or `.ctf` name is an error.
  func writesCLF(to path: String) throws -> Bool {
    let named = LoadedLUT.isProcessList(path)
    guard let format else { return named }
    if (format == .clf) != named, named || path.lowercased().hasSuffix(".cube") {
      throw CLIFailure.tool("\(path): --format \(format.rawValue) contradicts the file's extension")
    }
    return format == .clf
  }
}

/// What every `generate` subcommand shares: where the cube goes (a `.cube` file, `-o`, and/or
/// its companions), `--threads` and `--quiet`.
struct CubeOutputOptions: ParsableArguments {
  @Option(
    name: [.short, .customLong("output")],
    help: "The .cube file to write (.clf or .ctf: a CLF process list, docs/clf.md).",
    completion: .file(extensions: ["cube", "clf", "ctf"]))
  var output: String?

  @OptionGroup var companions: CubeCompanionOptions
  @OptionGroup var threading: ThreadOptions
  @OptionGroup var quietness: QuietOption

  func validate() throws {
    if output == nil && companions.coreImage == nil && companions.hald == nil {
      throw ValidationError("give -o OUT.cube, --core-image OUT.bin and/or --hald OUT.png")
    }
  }

  /// The default size: 64 when only Core Image data is written, else `fallback`.
  func defaultSize(_ fallback: Int) -> Int {
    output == nil && companions.hald == nil && companions.coreImage != nil ? 64 : fallback
  }
}

/// Reading and writing cubes for the commands, with the tool's error reporting.
enum CubeOutput {
  /// Reads a cube (or a Hald CLUT image), printing `file:line:col: error: …` and failing on
  /// a bad file, or on a process list (these commands need a cube's table).
  static func read(_ path: String) throws -> CubeFile {
    switch try LoadedLUT.read(path) {
    case .cube(let file): return file
    case .processList:
      let format = try LoadedLUT.format(of: path)
      throw CLIFailure(
        "\(path): error: \(format.displayName) reads as a process list; this command needs a .cube "
          + "file or a Hald CLUT image (eval, apply and inspect take process lists)")
    }
  }

  /// Runs a library call, printing its error as `edrcube: error: …` and failing.
  static func library<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as EDRPipelineError {
      throw CLIFailure.tool(String(error.description.trimmingPrefix("error: ")))
    }
  }

  /// Writes `file` where `options` say, atomically; nothing is written when the Core Image
  /// output is impossible.
  static func write(_ file: CubeFile, _ options: CubeOutputOptions) throws {
    try write(file, to: options.output, options.companions)
  }

  /// Writes `file` to `path` (if any) and its companions, atomically; nothing is written when
  /// the Core Image output is impossible.
  static func write(_ file: CubeFile, to output: String?, _ options: CubeCompanionOptions) throws {
    // Every command that writes a cube, those without inputs (`generate identity`) included:
    // no two of its outputs may be one file (issue 40 R10).
    try OutputChecks.refuseReplacing([], by: [output] + options.paths)
    let coreImage = try options.coreImage.map { ($0, try coreImageData(file, for: $0)) }
    if let path = options.hald, file.hasShaper || file.lut3D?.haldLevel == nil {
      throw CLIFailure.tool(
        "\(path): a Hald CLUT needs a 3D cube without a shaper whose size is a square (16, 25, 36, 49, 64…)"
      )
    }
    if let path = output, try options.writesCLF(to: path) {
      do {
        try ProcessListWriter.write(ProcessList(cube: file), toPath: path)
      } catch {
        throw CLIFailure(error.description)
      }
    } else if let path = output {
      let profile = options.profile ?? CubeWriter.defaultProfile(for: file)
      do {
        try CubeWriter.write(file, profile: profile, toPath: path)
      } catch {
        let text = error.description
        throw CLIFailure(text.hasPrefix("error:") ? "\(path): \(text)" : text)
      }
    }
    if let (path, data) = coreImage { try writeCoreImage(file, data, to: path) }
    if let path = options.hald {
      guard let table = file.lut3D else { return }
      let clipped = try HaldImage.write(table, to: path)
      if clipped > 0 {
        Console.error("\(path): warning: \(clipped) value(s) outside 0…1 clipped")
      }
    }
  }

  /// The Core Image `cubeData` of `file`, or a failure naming `path`.
  static func coreImageData(_ file: CubeFile, for path: String) throws -> [Float] {
    guard let table = file.lut3D, !file.hasShaper else {
      throw CLIFailure.tool("\(path): Core Image needs a 3D cube without a shaper")
    }
    guard table.domainMin == .zero, table.domainMax == .one else {
      throw CLIFailure.tool("\(path): Core Image samples 0...1; this cube's domain differs")
    }
    guard let data = table.coreImageCubeData() else {
      throw CLIFailure.tool(
        "\(path): Core Image cubes are 2...64 nodes, this one has \(table.size)")
    }
    return data
  }

  /// The Swift snippet written beside Core Image data at `path` (`OUT.swift` for `OUT.bin`).
  static func snippetPath(_ path: String) -> String {
    URL(fileURLWithPath: path).deletingPathExtension().appendingPathExtension("swift").path
  }

  /// Writes Core Image `cubeData` and its Swift snippet (`OUT.swift` beside `OUT.bin`), each
  /// atomically (``AtomicFileWriter``).
  static func writeCoreImage(_ file: CubeFile, _ data: [Float], to path: String) throws {
    guard let table = file.lut3D else { return }
    let space = (try? CubeSpace(comments: file.comments)) ?? nil
    let name = (space ?? .fallback).coreImageColorSpaceName ?? "extendedLinearSRGB"
    let snippet = table.coreImageSnippet(
      dataFileName: URL(fileURLWithPath: path).lastPathComponent, colorSpaceName: name)
    do {
      // Float32 in the host's order: little-endian on every platform Swift on Linux targets.
      try AtomicFileWriter().write(to: path) { output in
        try data.withUnsafeBytes { try output.write($0) }
      }
      try AtomicFileWriter().write(to: snippetPath(path)) { output in
        try Array(snippet.utf8).withUnsafeBytes { try output.write($0) }
      }
    } catch {
      throw CLIFailure("\(error)")
    }
  }
}
