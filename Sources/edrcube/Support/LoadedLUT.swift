import ArgumentParser
import CLFFormat
import CubeFormat
import LUTFormats

/// The file `--lut` names: a `.cube` file or a Hald CLUT image (a cube), or a process list
/// (CLF/CTF, and the formats OpenColorIO applies raw: .3dl, .csp, .spi1d, .spi3d, .spimtx,
/// ASC CDL), read by the reader ``LUTReader`` chooses (docs/formats.md).
enum LoadedLUT {
  case cube(CubeFile)
  case processList(ProcessList)

  /// Whether `path` names a CLF or CTF file (by its extension, in any case).
  static func isProcessList(_ path: String) -> Bool {
    let lower = path.lowercased()
    return lower.hasSuffix(".clf") || lower.hasSuffix(".ctf")
  }

  /// The format `path` is read with (`forced`, else by name and content).
  /// - Throws: `CLIFailure` naming an unknown or unsupported format.
  static func format(of path: String, forced: LUTFormat? = nil) throws -> LUTFormat {
    do {
      return try LUTReader.format(of: path, forced: forced)
    } catch {
      throw CLIFailure(error.description)
    }
  }

  /// Reads `path` with the reader its format names (`forced` forces one; `cccid` picks a CDL
  /// correction); a process list's warnings are printed on stderr.
  /// - Throws: `CLIFailure` with the reader's located error.
  static func read(_ path: String, forced: LUTFormat? = nil, cccid: String? = nil) throws
    -> LoadedLUT
  {
    let format = try format(of: path, forced: forced)
    if format == .hald { return .cube(try HaldImage.read(path)) }
    do {
      switch try LUTReader.read(path, as: format, cccid: cccid) {
      case .cube(let file): return .cube(file)
      case .processList(let list):
        for warning in list.warnings { Console.error(warning.description) }
        return .processList(list)
      }
    } catch {
      if case .cube(let cubeError) = error {
        throw CLIFailure(cubeError.description, detail: cubeError.lineText)
      }
      throw CLIFailure(error.description)
    }
  }
}

/// `--lut-format` and `--cccid`: how a LUT file is read (docs/formats.md).
struct LUTFormatOptions: ParsableArguments {
  @Option(
    name: .customLong("lut-format"),
    help: """
      Read the LUT as this format: \(LUTFormat.readableNames). Default: by its extension, \
      else its content.
      """)
  var lutFormat: LUTFormat?

  @Option(
    help: "The correction of a .ccc or .cdl file to use: its id or index (default: the first).")
  var cccid: String?

  /// Reads `path` as these options say.
  func read(_ path: String) throws -> LoadedLUT {
    try LoadedLUT.read(path, forced: lutFormat, cccid: cccid)
  }

  /// The extensions shell completion offers for a LUT file.
  static let extensions = [
    "cube", "clf", "ctf", "3dl", "csp", "spi1d", "spi3d", "spimtx", "cc", "ccc", "cdl", "png",
    "tif", "tiff",
  ]
}

extension LUTFormat: ExpressibleByArgument {}
