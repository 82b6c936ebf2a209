import Foundation

/// Writes files so that a reader sees either the old complete file or the new complete one.
///
/// The content goes to `.NAME.tmp.XXXXXX` in the destination folder (a `mkstemp` name), which is
/// then given mode `0666 & ~umask`, synced (unless ``synchronizes`` is off), renamed over the destination, and the folder synced.
/// On any error the temporary file is removed and the destination is untouched. A destination
/// that is a symbolic link is replaced by the new file (the link's target is left alone).
public struct AtomicFileWriter: Sendable {
  /// Files the output must never replace (the inputs), unless ``allowReplacingInputs`` is set.
  public var protectedInputs: [String]
  /// Whether the output may replace one of ``protectedInputs`` (`--in-place`).
  public var allowReplacingInputs: Bool
  /// Whether to `fsync` the file and its folder (default). Without it the rename is still
  /// atomic for other processes, but a power cut may leave an empty or partial file; skipping
  /// it saves the time to put the whole file on disk (about 0.4 s for 100 MB here).
  public var synchronizes: Bool

  /// Creates a writer protecting `inputs`.
  public init(
    protecting inputs: [String] = [], allowReplacingInputs: Bool = false, synchronizes: Bool = true
  ) {
    self.protectedInputs = inputs
    self.allowReplacingInputs = allowReplacingInputs
    self.synchronizes = synchronizes
  }

  /// Runs `body` with a temporary path in `destination`'s folder, then moves the result there.
  /// - Parameters:
  ///   - destination: The final path.
  ///   - body: Writes the complete file at the path it is given.
  /// - Throws: `FileOutputError` `.invalidRequest` if the destination is a folder or a protected
  ///   input, `.io` if a step fails, or whatever `body` throws. Nothing is left behind.
  public func write(
    to destination: String, _ body: (_ temporaryPath: String) throws -> Void
  ) throws {
    try checkDestination(destination)
    let url = URL(fileURLWithPath: destination)
    let folder = url.deletingLastPathComponent().path
    let template = folder + "/." + url.lastPathComponent + ".tmp.XXXXXX"
    let temporary: String
    switch FileSystemCalls.makeTemporaryFile(template: template) {
    case .success(let path): temporary = path
    case .failure(let failure):
      throw FileOutputError(
        .io, path: destination, "cannot create a file in \(folder): \(failure.reason)")
    }
    do {
      try body(temporary)
      let mode = 0o666 & ~FileSystemCalls.processUmask
      try FileSystemCalls.chmod(path: temporary, mode: mode, sync: synchronizes).get()
      try FileSystemCalls.rename(from: temporary, to: destination).get()
    } catch let failure as FileSystemError {
      FileSystemCalls.removeIfPresent(path: temporary)
      throw FileOutputError(.io, path: destination, "cannot complete the file: \(failure.reason)")
    } catch {
      // What `body` threw (the writer's own error), after removing its partial file.
      FileSystemCalls.removeIfPresent(path: temporary)
      throw error
    }
    if synchronizes, case .failure(let failure) = FileSystemCalls.syncDirectory(path: folder) {
      throw FileOutputError(
        .io, path: destination, "written, but syncing \(folder) failed: \(failure.reason)")
    }
  }

  private func checkDestination(_ destination: String) throws(FileOutputError) {
    guard let target = FileSystemCalls.identity(path: destination) else { return }
    if target.isDirectory {
      throw FileOutputError(.invalidRequest, path: destination, "the output path is a folder")
    }
    guard !allowReplacingInputs else { return }
    for input in protectedInputs {
      if let source = FileSystemCalls.identity(path: input),
        source.device == target.device, source.inode == target.inode
      {
        throw FileOutputError(
          .invalidRequest, path: destination,
          "the output would replace the input \(input) (use in-place to allow it)")
      }
    }
  }
}
