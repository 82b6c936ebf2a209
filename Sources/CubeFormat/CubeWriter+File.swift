public import FileOutput

extension CubeWriter {
  /// Writes `file` to `path` atomically: into a temporary file beside it
  /// (`.NAME.tmp.XXXXXX`), flushed to disk, then renamed over `path`. On any failure the
  /// temporary file is removed and `path` is untouched.
  /// - Parameters:
  ///   - file: the tables and metadata to write.
  ///   - profile: which readers the output must suit.
  ///   - path: the destination file.
  ///   - writer: how the file is put in place (the default syncs it to disk).
  /// - Throws: ``CubeWriteError`` (`.io` for file-system failures).
  public static func write(
    _ file: CubeFile, profile: CubeWriterProfile = .adobe, toPath path: String,
    using writer: AtomicFileWriter = AtomicFileWriter()
  ) throws(CubeWriteError) {
    let bytes = try write(file, profile: profile)
    do {
      try writer.write(to: path) { output in
        try bytes.withUnsafeBytes { try output.write($0) }
      }
    } catch let error as FileOutputError {
      throw CubeWriteError(kind: .io(path: path, reason: error.message))
    } catch {
      throw CubeWriteError(kind: .io(path: path, reason: "cannot write the file: \(error)"))
    }
  }
}
