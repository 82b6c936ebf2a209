import CLFFormat
import CubeFormat
import LUTFormats

/// What a LUT handle holds: a `.cube` file or a CLF/CTF process list, and its path.
final class LUTHandle {
  enum Content {
    case cube(CubeFile)
    case processList(ProcessList)
  }

  let content: Content
  let path: String

  init(_ content: Content, path: String) {
    self.content = content
    self.path = path
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
      case .cube(let file): return LUTHandle(.cube(file), path: path)
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
