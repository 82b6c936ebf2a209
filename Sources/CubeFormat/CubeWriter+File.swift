import Glibc

extension CubeWriter {
  /// Writes `file` to `path` atomically: into a temporary file beside it
  /// (`.NAME.tmp.XXXXXX`), flushed to disk, then renamed over `path`. On any failure the
  /// temporary file is removed and `path` is untouched.
  /// - Parameters:
  ///   - file: the tables and metadata to write.
  ///   - profile: which readers the output must suit.
  ///   - path: the destination file.
  /// - Throws: ``CubeWriteError`` (`.io` for file-system failures).
  public static func write(
    _ file: CubeFile, profile: CubeWriterProfile = .adobe, toPath path: String
  ) throws(CubeWriteError) {
    try writeAtomically(try write(file, profile: profile), to: path)
  }

  /// Writes `bytes` to `path` through a temporary file and a rename.
  static func writeAtomically(_ bytes: [UInt8], to path: String) throws(CubeWriteError) {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    var template = Array("\(folder).\(name).tmp.XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
      guard let base = buffer.baseAddress else { return -1 }
      return mkstemp(base)
    }
    guard fd >= 0 else { throw ioError(path, "cannot create a temporary file") }
    let temporary = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var done = false
    defer {
      if !done {
        close(fd)
        unlink(temporary)
      }
    }
    // `done` turns true once `fd` is closed below; from then on failures clean up inline.
    var written = 0
    while written < bytes.count {
      let n = bytes.withUnsafeBytes { raw -> Int in
        guard let base = raw.baseAddress else { return 0 }
        return Glibc.write(fd, base + written, raw.count - written)
      }
      if n < 0, errno == EINTR { continue }
      guard n > 0 else { throw ioError(path, "write failed") }
      written += n
    }
    guard fchmod(fd, 0o644) == 0, fsync(fd) == 0 else { throw ioError(path, "flush failed") }
    done = true
    guard close(fd) == 0 else {
      let error = ioError(path, "close failed")
      unlink(temporary)
      throw error
    }
    guard rename(temporary, path) == 0 else {
      let error = ioError(path, "cannot rename into place")
      unlink(temporary)
      throw error
    }
    let folderFD = open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folderFD >= 0 {
      _ = fsync(folderFD)
      close(folderFD)
    }
  }

  private static func ioError(_ path: String, _ what: String) -> CubeWriteError {
    CubeWriteError(kind: .io(path: path, reason: "\(what): \(String(cString: strerror(errno)))"))
  }
}
