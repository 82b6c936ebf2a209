import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension CubeReader {
  /// The streaming window: 2 × the line limit (a window without a line break is proof of
  /// a line over the limit), which keeps peak memory under 2 × the table for a 65³ cube.
  static let windowSize = 2 * lineLengthLimit

  /// Reads and parses a `.cube` file, streaming it in bounded memory (a few MiB beyond the
  /// tables, whatever the file's size or line lengths).
  /// - Parameter path: the file to read; also the name used in errors and warnings.
  /// - Returns: the tables, metadata and warnings.
  /// - Throws: ``CubeParseError``; `.io` when the file cannot be opened or read.
  /// - Complexity: O(n) in the file's size.
  public static func read(contentsOf path: String) throws(CubeParseError) -> CubeFile {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw ioError(path, "cannot open: \(errnoText())") }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { throw ioError(path, "cannot stat: \(errnoText())") }
    if (info.st_mode & S_IFMT) == S_IFDIR { throw ioError(path, "is a directory") }
    let sizeHint = (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : nil
    var parser = CubeParser(file: path, inputSizeHint: sizeHint)
    let window = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: windowSize)
    defer { window.deallocate() }
    var filled = 0
    var endOfFile = false
    while true {
      while filled < window.count, !endOfFile {
        let n = Foundation.read(fd, window.baseAddress.map { $0 + filled }, window.count - filled)
        if n < 0 {
          if errno == EINTR { continue }
          throw ioError(path, "read failed: \(errnoText())")
        }
        if n == 0 { endOfFile = true }
        filled += n
      }
      let available = UnsafeBufferPointer(rebasing: window[0..<filled])
      if endOfFile {
        try parser.consume(available)
        return try parser.finish()
      }
      guard let cut = completeLinesEnd(available) else {
        throw CubeParseError(
          kind: .lineTooLong(limit: lineLengthLimit),
          location: SourceLocation(file: path, line: parser.line + 1, column: 1),
          lineText: CubeParser.sanitized(UnsafeBufferPointer(rebasing: available.prefix(200))))
      }
      try parser.consume(UnsafeBufferPointer(rebasing: available[0..<cut]))
      let rest = filled - cut
      if rest > 0, let base = window.baseAddress {
        memmove(base, base + cut, rest)
      }
      filled = rest
    }
  }

  /// The index just past the last complete line in `p` (never splitting a CRLF), or `nil`.
  static func completeLinesEnd(_ p: UnsafeBufferPointer<UInt8>) -> Int? {
    var k = p.count - 1
    while k >= 0 {
      let b = p[k]
      if b == 0x0A { return k + 1 }
      // A CR as the last byte might be the first half of a CRLF: cut before it.
      if b == 0x0D, k < p.count - 1 { return k + 1 }
      k -= 1
    }
    return nil
  }

  private static func ioError(_ path: String, _ reason: String) -> CubeParseError {
    CubeParseError(
      kind: .io(reason), location: SourceLocation(file: path, line: 0, column: 0))
  }

  private static func errnoText() -> String { String(cString: strerror(errno)) }
}
