public import CLFFormat
public import CubeFormat
import Foundation

/// A LUT file as read: a `.cube` file, or a process list (CLF/CTF and every format that
/// OpenColorIO applies raw with clamping tables).
public enum LUTDocument: Sendable {
  case cube(CubeFile)
  case processList(ProcessList)
}

/// Reads LUT files of every ``LUTFormat`` but ``LUTFormat/hald`` (an image: RasterIO's).
public enum LUTReader {
  /// Why a file was not read: the error of the reader that refused it.
  public enum Failure: Error, Sendable, CustomStringConvertible {
    case cube(CubeParseError)
    case clf(CLFParseError)
    case format(LUTFormatError)

    /// `file:line[:col]: error: message`.
    public var description: String {
      switch self {
      case .cube(let error): error.description
      case .clf(let error): error.description
      case .format(let error): error.description
      }
    }

    /// The one-line problem, without the location.
    public var message: String {
      switch self {
      case .cube(let error): error.message
      case .clf(let error): error.message
      case .format(let error): error.message
      }
    }

    /// Where: file, line (0: the whole file) and column (0 when unknown).
    public var location: SourceLocation {
      switch self {
      case .cube(let error): error.location
      case .clf(let error): error.location
      case .format(let error):
        SourceLocation(file: error.location.file, line: error.location.line, column: 0)
      }
    }
  }

  /// The format `path` is read with: `forced`, else by ``LUTFormat/choose(path:head:forced:)``
  /// on its name and first bytes. A pipe or FIFO is not sniffed (the bytes read would be gone
  /// for the reader), so its format comes from `forced` or its extension.
  public static func format(of path: String, forced: LUTFormat? = nil) throws(Failure) -> LUTFormat
  {
    if let forced { return forced }
    let start = head(of: path)
    do {
      return try LUTFormat.choose(path: path, head: start ?? [])
    } catch {
      guard start == nil else { throw .format(error) }
      throw .format(
        LUTFormatError(
          error.message + "; a pipe or FIFO is read once, so its content is not sniffed",
          at: error.location))
    }
  }

  /// The first 4 KiB of `path`: empty when it cannot be read (the reader then says why), nil
  /// when it is not a regular file. A FIFO or pipe is never opened here: its bytes would be
  /// lost to the reader, and even opening and closing its read end makes a waiting writer
  /// fail with EPIPE, leaving the reader to wait forever (issue 40).
  static func head(of path: String) -> [UInt8]? {
    var info = stat()
    guard stat(path, &info) == 0 else { return [] }
    guard info.st_mode & S_IFMT == S_IFREG else { return nil }
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return [] }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: 4096)
    let count = bytes.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
    return Array(bytes.prefix(max(count, 0)))
  }

  /// Reads `path` as `format`; `cccid` picks a correction of a CDL collection.
  /// - Throws: the reader's located error; ``LUTFormat/hald`` is refused (read images with
  ///   RasterIO).
  public static func read(_ path: String, as format: LUTFormat, cccid: String? = nil)
    throws(Failure)
    -> LUTDocument
  {
    switch format {
    case .cube:
      do {
        return .cube(try CubeReader.read(contentsOf: path))
      } catch {
        // A file of another format named .cube: say what it looks like.
        if case .missingSize = error.kind, let other = LUTFormat.sniff(head(of: path) ?? []),
          other != .cube
        {
          throw .format(
            LUTFormatError(
              "no LUT_1D_SIZE or LUT_3D_SIZE: not a .cube file; the content looks like "
                + "\(other.displayName) (--lut-format \(other.rawValue) reads it)",
              at: .init(file: path, line: 0)))
        }
        throw .cube(error)
      }
    case .clf:
      do { return .processList(try ProcessListReader.read(contentsOf: path)) } catch {
        throw .clf(error)
      }
    case .hald:
      throw .format(
        LUTFormatError(
          "a Hald CLUT image is read as an image, not by LUTReader", at: .init(file: path, line: 0))
      )
    default:
      do {
        let bytes = try LUTFileBytes.read(path)
        return .processList(try parse(bytes, as: format, file: path, cccid: cccid))
      } catch {
        throw .format(error)
      }
    }
  }

  /// Parses the text formats that read as a process list (all but `cube`, `clf` and `hald`).
  public static func parse(
    _ bytes: [UInt8], as format: LUTFormat, file: String? = nil, cccid: String? = nil
  )
    throws(LUTFormatError) -> ProcessList
  {
    switch format {
    case .threeDL: return try ThreeDLReader.parse(bytes, file: file)
    case .csp: return try CSPReader.parse(bytes, file: file)
    case .spi1d: return try SPIReaders.parse1D(bytes, file: file)
    case .spi3d: return try SPIReaders.parse3D(bytes, file: file)
    case .spimtx: return try SPIReaders.parseMatrix(bytes, file: file)
    case .cdl: return try CDLReader.parse(bytes, file: file, cccid: cccid)
    case .cube, .clf, .hald:
      throw LUTFormatError(
        "\(format.displayName) is not parsed here", at: .init(file: file, line: 0))
    }
  }
}
