import CLFFormat
import CubeFormat
import Foundation
import LUTFormats

/// What a LUT handle holds: a `.cube` file or a CLF/CTF process list, and its path.
final class LUTHandle {
  enum Content {
    case cube(CubeFile)
    case processList(ProcessList)
  }

  let content: Content
  let path: String
  /// The most digits after the point the file's table prints (`CubeSyntaxSurvey`'s
  /// `fractionDigits`): the precision `inspect` judges the identity at, as the CLI does. 0
  /// for a table built in memory (and for process lists).
  let printedDecimals: Int

  init(_ content: Content, path: String, printedDecimals: Int = 0) {
    self.content = content
    self.path = path
    self.printedDecimals = printedDecimals
  }

  /// Whether `path` names a CLF or CTF file (by its extension, in any case).
  static func isProcessList(_ path: String) -> Bool {
    let lower = path.lowercased()
    return lower.hasSuffix(".clf") || lower.hasSuffix(".ctf")
  }

  /// Reads `path` with the reader its extension or content names (``LUTReader``): a `.cube`
  /// file, or a process list (CLF/CTF, .3dl, .csp, .spi1d, .spi3d, .spimtx, ASC CDL).
  static func read(_ path: String) throws(APIError) -> LUTHandle {
    do {
      let format = try LUTReader.format(of: path)
      switch try LUTReader.read(path, as: format) {
      case .cube(let file):
        // The file was just read, so a failure here only leaves the precision unknown.
        let bytes = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        let decimals = CubeSyntaxSurvey(data: bytes ?? Data()).fractionDigits
        return LUTHandle(.cube(file), path: path, printedDecimals: decimals)
      case .processList(let list): return LUTHandle(.processList(list), path: path)
      }
    } catch {
      throw APIError(kind: "parse", message: error.message, at: error.location)
    }
  }

  /// A retained opaque pointer to `self`.
  func retained() -> UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }

  /// The handle behind `pointer`, not retained.
  static func from(_ pointer: UnsafeRawPointer) -> LUTHandle {
    Unmanaged<LUTHandle>.fromOpaque(pointer).takeUnretainedValue()
  }
}
