#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes an output meant for standard output (`-o -`) through an anonymous temporary file:
/// the image libraries seek in their output, which a pipe cannot do, so the body writes a
/// file that has no name (created in `$TMPDIR`, else `/tmp`, and unlinked at once), which is
/// then copied to standard output. Nothing is left behind, whatever happens.
enum StandardOutputSpool {
  /// Runs `body` with the anonymous file, then copies what it wrote to standard output.
  /// - Throws: ``FileOutputError`` `.io` if the file cannot be made or copied, or whatever
  ///   `body` throws (then nothing reaches standard output).
  static func write(
    reportedAs destination: String, _ body: (_ file: OutputFile) throws -> Void
  ) throws {
    let fd: Int32
    switch FileSystemCalls.createAnonymousFile() {
    case .success(let descriptor): fd = descriptor
    case .failure(let failure):
      throw FileOutputError(
        .io, path: destination, "cannot create a temporary file: \(failure.reason)")
    }
    defer { FileSystemCalls.closeDescriptor(fd) }
    try body(OutputFile(descriptor: fd, destination: destination))
    if case .failure(let failure) = FileSystemCalls.copyAll(from: fd, to: STDOUT_FILENO) {
      throw FileOutputError(
        .io, path: destination, "cannot write to standard output: \(failure.reason)")
    }
  }
}
