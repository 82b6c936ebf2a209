#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed system call: the call's name, the `strerror` text and the `errno` value.
struct FileSystemError: Error {
  var reason: String
  var code: Int32

  /// The error of the last failed call (`errno`).
  static func last() -> FileSystemError {
    let code = errno
    return FileSystemError(reason: String(cString: strerror(code)), code: code)
  }
}

/// The POSIX calls behind ``AtomicFileWriter``, one small function each. Everything after the
/// destination has been resolved goes through descriptors: the folder's descriptor and the
/// temporary file's, never a path that another process could swap for a symbolic link.
enum FileSystemCalls {
  /// `stat` (following links) or `lstat`; nil with the error when the call fails.
  static func status(path: String, followLinks: Bool) -> Result<FileStatus, FileSystemError> {
    var info = stat()
    let code = followLinks ? stat(path, &info) : lstat(path, &info)
    return code == 0 ? .success(FileStatus(info)) : .failure(.last())
  }

  /// `fstat` on an open descriptor.
  static func status(descriptor: Int32) -> Result<FileStatus, FileSystemError> {
    var info = stat()
    return fstat(descriptor, &info) == 0 ? .success(FileStatus(info)) : .failure(.last())
  }

  /// `fstatat` of `name` in the folder `folder`, not following a final symbolic link.
  static func status(of name: String, in folder: Int32) -> Result<FileStatus, FileSystemError> {
    var info = stat()
    let code = fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW)
    return code == 0 ? .success(FileStatus(info)) : .failure(.last())
  }

  /// The canonical absolute path (`realpath`): every symbolic link resolved.
  static func resolvedPath(_ path: String) -> Result<String, FileSystemError> {
    guard let resolved = realpath(path, nil) else { return .failure(.last()) }
    defer { free(resolved) }
    return .success(String(cString: resolved))
  }

  /// Opens a folder for the `…at` calls (`open` with `O_DIRECTORY`).
  static func openFolder(_ path: String) -> Result<Int32, FileSystemError> {
    let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    return fd >= 0 ? .success(fd) : .failure(.last())
  }

  /// Opens the folder at a canonical absolute path (one ``resolvedPath(_:)`` returned) one
  /// component at a time from `/`, each with `O_NOFOLLOW`: a component replaced by a symbolic
  /// link since the path was resolved fails (`ELOOP` or `ENOTDIR`) instead of being followed.
  static func openResolvedFolder(_ path: String) -> Result<Int32, FileSystemError> {
    var fd = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { return .failure(.last()) }
    for component in path.split(separator: "/") {
      let next = openat(fd, String(component), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      let failure = FileSystemError.last()
      close(fd)
      guard next >= 0 else { return .failure(failure) }
      fd = next
    }
    return .success(fd)
  }

  /// Creates `prefix` + 6 random characters in `folder` with `O_CREAT | O_EXCL | O_NOFOLLOW`,
  /// mode 0600, open for reading and writing (what `mkstemp` does, relative to a folder
  /// descriptor); returns the descriptor and the name.
  static func createUnique(prefix: String, in folder: Int32)
    -> Result<(descriptor: Int32, name: String), FileSystemError>
  {
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<100 {
      let suffix = String((0..<6).map { _ in letters.randomElement(using: &generator) ?? "x" })
      let name = prefix + suffix
      let fd = openat(
        folder, name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode_t(0o600))
      if fd >= 0 { return .success((fd, name)) }
      guard errno == EEXIST else { return .failure(.last()) }
    }
    return .failure(FileSystemError(reason: "no unused temporary name", code: EEXIST))
  }

  /// Creates a file with no name, open for reading and writing: `mkstemp` in `$TMPDIR` (else
  /// `/tmp`), unlinked at once, so it disappears with its last descriptor.
  static func createAnonymousFile() -> Result<Int32, FileSystemError> {
    let folder = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    var template = Array(((folder ?? "/tmp") + "/.edrcube-stream.XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
    guard fd >= 0 else { return .failure(.last()) }
    _ = template.withUnsafeBufferPointer { $0.baseAddress.map { unlink($0) } }
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    return .success(fd)
  }

  /// Copies `source` to `destination` up to its end, from its start when `rewinding`;
  /// false (after `limit` bytes) when there is more than `limit`.
  static func copyAll(
    from source: Int32, to destination: Int32, rewinding: Bool = true, limit: Int = .max
  ) -> Result<Bool, FileSystemError> {
    if rewinding, lseek(source, 0, SEEK_SET) != 0 { return .failure(.last()) }
    var buffer = [UInt8](repeating: 0, count: 1 << 20)
    var copied = 0
    while true {
      let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(.last())
      }
      if count == 0 { return .success(true) }
      let kept = min(count, limit - copied)
      let written = buffer.withUnsafeBytes {
        writeAll(UnsafeRawBufferPointer(rebasing: $0[0..<kept]), to: destination)
      }
      if case .failure(let failure) = written { return .failure(failure) }
      copied += kept
      if kept < count { return .success(false) }
    }
  }

  /// Writes all of `bytes` at the descriptor's offset (`write`, repeated after short writes).
  static func writeAll(_ bytes: UnsafeRawBufferPointer, to fd: Int32)
    -> Result<Void, FileSystemError>
  {
    var offset = 0
    while offset < bytes.count {
      guard let base = bytes.baseAddress else { break }
      let written = write(fd, base + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return .failure(.last())
      }
      offset += written
    }
    return .success(())
  }

  /// Sets the mode and, where permitted, the owner; then flushes the file if `sync`.
  /// The corresponding C functions are `fchmod`, `fchown` (failure ignored) and `fsync`.
  static func finish(
    _ fd: Int32, mode: mode_t, owner: (uid_t, gid_t)?, sync: Bool
  ) -> Result<Void, FileSystemError> {
    if let owner { _ = fchown(fd, owner.0, owner.1) }
    guard fchmod(fd, mode) == 0, !sync || fsync(fd) == 0 else { return .failure(.last()) }
    return .success(())
  }

  /// Renames `from` over `to`, both in `folder` (`renameat`).
  static func rename(_ from: String, to: String, in folder: Int32) -> Result<Void, FileSystemError>
  {
    renameat(folder, from, folder, to) == 0 ? .success(()) : .failure(.last())
  }

  /// Removes `name` from `folder` (`unlinkat`), ignoring failure.
  static func remove(_ name: String, in folder: Int32) {
    _ = unlinkat(folder, name, 0)
  }

  /// Removes the file at `path` (`unlink`); whether it was removed.
  static func removeFile(at path: String) -> Bool {
    unlink(path) == 0
  }

  /// Flushes a folder's entries (after a rename). The corresponding C function is `fsync`.
  static func sync(_ fd: Int32) -> Result<Void, FileSystemError> {
    fsync(fd) == 0 ? .success(()) : .failure(.last())
  }

  /// Closes a descriptor, ignoring failure.
  static func closeDescriptor(_ fd: Int32) {
    _ = close(fd)
  }

  /// The effective user and group of this process.
  static var processOwner: (uid_t, gid_t) { (geteuid(), getegid()) }

  /// The process umask, read from `/proc/self/status` (calling `umask` would race other threads).
  static let processUmask: mode_t = {
    guard let text = readSmallFile("/proc/self/status"),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
      let value = mode_t(line.dropFirst(6).filter { !$0.isWhitespace }, radix: 8)
    else { return 0o022 }
    return value
  }()

  private static func readSmallFile(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 8192)
    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    return count > 0 ? String(decoding: buffer.prefix(count), as: UTF8.self) : nil
  }
}
