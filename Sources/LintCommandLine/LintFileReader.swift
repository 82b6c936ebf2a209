import Foundation

/// Reads a file to lint with a bound (docs/reliability.md §4): only a regular file is read
/// (a FIFO or device would block or never end), its size is checked with `fstat` before
/// anything is read, and reading stops one byte past the limit (a file that grows meanwhile).
enum LintFileReader {
  /// The largest file linted, in bytes (64 MiB, as `lint --stdin`).
  static let fileLimit = StandardInput.lintTotalLimit

  /// The bytes of `path`; with `truncating`, at most the first `limit` bytes of a larger
  /// file, otherwise a larger file is an error.
  static func read(_ path: String, limit: Int, truncating: Bool = false) throws -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else {
      throw LintToolError(message: "cannot read \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw LintToolError(message: "cannot read \(path): not a regular file")
    }
    guard truncating || Int(info.st_size) <= limit else {
      throw LintToolError(message: "\(path) is larger than the limit of \(limit) bytes")
    }
    var bytes = [UInt8](repeating: 0, count: min(Int(info.st_size), limit) + 1)
    var count = 0
    while count < bytes.count {
      let n = bytes.withUnsafeMutableBytes {
        Foundation.read(fd, $0.baseAddress! + count, $0.count - count)
      }
      if n < 0, errno == EINTR { continue }
      guard n >= 0 else {
        throw LintToolError(message: "cannot read \(path): \(String(cString: strerror(errno)))")
      }
      if n == 0 { break }
      count += n
    }
    guard truncating || count <= limit else {
      throw LintToolError(message: "\(path) is larger than the limit of \(limit) bytes")
    }
    bytes.removeSubrange(min(count, limit)...)
    return bytes
  }
}
