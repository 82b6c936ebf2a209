#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard input (`apply -`) copied into an anonymous temporary file, so that libraries that
/// seek in their input (OpenEXR's C API, libtiff) can read it by a path: `/proc/self/fd/N`
/// (Linux) or `/dev/fd/N`. The file has no name in any folder: it disappears when
/// ``close()`` is called or the process ends.
public struct StandardInputSpool: Sendable {
  /// The file's descriptor.
  public let descriptor: Int32
  /// A path that opens the file.
  public var path: String {
    #if os(Linux)
      "/proc/self/fd/\(descriptor)"
    #else
      "/dev/fd/\(descriptor)"
    #endif
  }

  /// Copies standard input (`source`, for tests another descriptor) to the end, refusing more
  /// than `limit` bytes.
  /// - Throws: ``FileOutputError`` `.io` (with `reportedAs` as its path) if the file cannot be
  ///   made or the input cannot be read, `.invalidRequest` if the input is longer than `limit`.
  public init(limit: Int, reportedAs name: String = "-", source: Int32 = STDIN_FILENO)
    throws(FileOutputError)
  {
    switch FileSystemCalls.createAnonymousFile() {
    case .success(let fd): descriptor = fd
    case .failure(let failure):
      throw FileOutputError(.io, path: name, "cannot create a temporary file: \(failure.reason)")
    }
    switch FileSystemCalls.copyAll(from: source, to: descriptor, rewinding: false, limit: limit) {
    case .success(true): return
    case .success(false):
      close()
      throw FileOutputError(
        .invalidRequest, path: name, "standard input is longer than the limit of \(limit) bytes")
    case .failure(let failure):
      close()
      throw FileOutputError(.io, path: name, "cannot read standard input: \(failure.reason)")
    }
  }

  /// Closes the file (which removes it).
  public func close() {
    FileSystemCalls.closeDescriptor(descriptor)
  }
}
