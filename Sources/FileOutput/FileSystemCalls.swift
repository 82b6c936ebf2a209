import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A failed system call: the `strerror` text.
struct FileSystemError: Error {
  var reason: String
}

/// The POSIX calls behind ``AtomicFileWriter``, one small function each, returning `errno` text
/// on failure.
enum FileSystemCalls {
  /// Creates a unique file from a `…XXXXXX` template and closes it; returns its path.
  /// The corresponding C function is `mkstemp`.
  static func makeTemporaryFile(template: String) -> Result<String, FileSystemError> {
    var bytes = Array(template.utf8CString)
    let fd = bytes.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { mkstemp($0) } ?? -1
    }
    guard fd >= 0 else { return .failure(FileSystemError(reason: errnoText())) }
    close(fd)
    return .success(String(decoding: bytes.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
  }

  /// Sets the mode of `path` and, if `sync`, flushes it to stable storage.
  /// The corresponding C functions are `open`, `fchmod`, `fsync` and `close`.
  static func chmod(path: String, mode: mode_t, sync: Bool) -> Result<Void, FileSystemError> {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return .failure(FileSystemError(reason: errnoText())) }
    defer { close(fd) }
    guard fchmod(fd, mode) == 0, !sync || fsync(fd) == 0 else {
      return .failure(FileSystemError(reason: errnoText()))
    }
    return .success(())
  }

  /// Flushes a directory's entries (after a rename). The corresponding C function is `fsync`.
  static func syncDirectory(path: String) -> Result<Void, FileSystemError> {
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return .failure(FileSystemError(reason: errnoText())) }
    defer { close(fd) }
    guard fsync(fd) == 0 else { return .failure(FileSystemError(reason: errnoText())) }
    return .success(())
  }

  /// Renames `from` over `to`. The corresponding C function is `rename`.
  static func rename(from: String, to: String) -> Result<Void, FileSystemError> {
    Foundation.rename(from, to) == 0 ? .success(()) : .failure(FileSystemError(reason: errnoText()))
  }

  /// Removes a file, ignoring a missing one. The corresponding C function is `unlink`.
  static func removeIfPresent(path: String) {
    _ = unlink(path)
  }

  /// Device and inode of `path` following symlinks, or nil if it does not exist.
  /// The corresponding C function is `stat`.
  static func identity(path: String) -> (device: UInt, inode: UInt, isDirectory: Bool)? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return (UInt(info.st_dev), UInt(info.st_ino), (info.st_mode & S_IFMT) == S_IFDIR)
  }

  /// The process umask, read from `/proc/self/status` (calling `umask` would race other threads).
  static let processUmask: mode_t = {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
      let value = mode_t(line.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8)
    else { return 0o022 }
    return value
  }()

  private static func errnoText() -> String {
    String(cString: strerror(errno))
  }
}
