/// The temporary file an ``AtomicFileWriter`` hands to its body: an open descriptor, never a
/// path, so nothing another process does to the folder's names can redirect the writes.
public struct OutputFile: Sendable {
  /// The descriptor, open for reading and writing at offset 0. The writer owns it: do not
  /// close it (give a library that closes its handle a `dup` of it).
  public let descriptor: Int32
  /// The destination the file will become, for messages.
  public let destination: String

  /// Writes all of `bytes` at the descriptor's offset.
  /// - Throws: ``FileOutputError`` `.io` with the system's reason.
  public func write(_ bytes: UnsafeRawBufferPointer) throws(FileOutputError) {
    if case .failure(let failure) = FileSystemCalls.writeAll(bytes, to: descriptor) {
      throw FileOutputError(.io, path: destination, "cannot write: \(failure.reason)")
    }
  }
}
