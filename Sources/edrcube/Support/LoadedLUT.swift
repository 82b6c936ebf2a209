import CLFFormat
import CubeFormat

/// The file `--lut` names: a `.cube` file, or a CLF/CTF process list (`.clf`, `.ctf`).
enum LoadedLUT {
  case cube(CubeFile)
  case processList(ProcessList)

  /// Whether `path` names a CLF or CTF file (by its extension, in any case).
  static func isProcessList(_ path: String) -> Bool {
    let lower = path.lowercased()
    return lower.hasSuffix(".clf") || lower.hasSuffix(".ctf")
  }

  /// Reads `path` with the reader its extension names; a process list's warnings are
  /// printed on stderr.
  /// - Throws: `CLIFailure` with the reader's located error.
  static func read(_ path: String) throws -> LoadedLUT {
    if isProcessList(path) {
      do {
        let list = try ProcessListReader.read(contentsOf: path)
        for warning in list.warnings { Console.error(warning.description) }
        return .processList(list)
      } catch {
        throw CLIFailure(error.description)
      }
    }
    do {
      return .cube(try CubeReader.read(contentsOf: path))
    } catch {
      throw CLIFailure(error.description, detail: error.lineText)
    }
  }
}
