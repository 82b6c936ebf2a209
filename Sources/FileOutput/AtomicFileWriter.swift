/// Writes files so that a reader sees either the old complete file or the new complete one.
///
/// The content goes to `.NAME.tmp.XXXXXX`, created with `O_EXCL | O_NOFOLLOW` relative to a
/// descriptor of the destination's folder. Every later step uses descriptors only: the body
/// writes through the file's descriptor, which then gets its mode (an existing file's mode and,
/// where permitted, owner; else `0666 & ~umask`) with `fchmod`, is synced (unless
/// ``synchronizes`` is off) and is renamed over the destination with `renameat` in the same
/// folder, which is then synced. Nothing is reopened or changed by name, so a local user who
/// swaps the temporary name for a symbolic link cannot redirect a write or a mode change
/// (docs/reliability.md §4). On any error the temporary file is removed and the destination is
/// untouched.
///
/// A destination that is a symbolic link is written through: the link's target is replaced in
/// its own folder and the link stays a link. A folder, FIFO, device or socket is refused.
///
/// With ``writesDashToStandardOutput``, the destination `-` is standard output: the body
/// writes an anonymous temporary file, which is then copied there.
public struct AtomicFileWriter: Sendable {
  /// Files the output must never replace (the inputs), unless ``allowReplacingInputs`` is set.
  public var protectedInputs: [String]
  /// Whether the output may replace one of ``protectedInputs`` (`--in-place`).
  public var allowReplacingInputs: Bool
  /// Whether to `fsync` the file and its folder (default). Without it the rename is still
  /// atomic for other processes, but a power cut may leave an empty or partial file; skipping
  /// it saves the time to put the whole file on disk (about 0.4 s for 100 MB here).
  public var synchronizes: Bool
  /// Whether the destination `-` means standard output (`-o -`) rather than a file named `-`.
  public var writesDashToStandardOutput: Bool

  /// Creates a writer protecting `inputs`.
  public init(
    protecting inputs: [String] = [], allowReplacingInputs: Bool = false, synchronizes: Bool = true,
    writesDashToStandardOutput: Bool = false
  ) {
    self.protectedInputs = inputs
    self.allowReplacingInputs = allowReplacingInputs
    self.synchronizes = synchronizes
    self.writesDashToStandardOutput = writesDashToStandardOutput
  }

  /// Runs `body` with a temporary file in `destination`'s folder, then moves it there.
  /// - Parameters:
  ///   - destination: The final path.
  ///   - body: Writes the complete file through the descriptor it is given.
  /// - Throws: `FileOutputError` `.invalidRequest` if the destination is not a regular file
  ///   (or a link to one) or is a protected input, `.io` if a step fails, or whatever `body`
  ///   throws. Nothing is left behind.
  public func write(to destination: String, _ body: (_ file: OutputFile) throws -> Void) throws {
    if writesDashToStandardOutput && destination == "-" {
      return try StandardOutputSpool.write(reportedAs: destination, body)
    }
    try write(to: destination, resolved: OutputDestination(destination), body)
  }

  /// ``write(to:_:)`` once `destination` is resolved to `target` (tests put a change of the
  /// file system between the two steps).
  func write(
    to destination: String, resolved target: OutputDestination,
    _ body: (_ file: OutputFile) throws -> Void
  ) throws {
    try checkInputs(target, destination: destination)
    let folder = try Self.get(target.openFolder(), destination) {
      "cannot open the folder \(target.folder): \($0)"
    }
    defer { FileSystemCalls.closeDescriptor(folder) }
    let (fd, temporary) = try Self.get(
      TemporaryFileRegistry.create(in: target.folder) {
        FileSystemCalls.createUnique(prefix: "." + target.name + ".tmp.", in: folder)
      }, destination
    ) { "cannot create a file in \(target.folder): \($0)" }
    let registered = target.folder + "/" + temporary
    defer {
      FileSystemCalls.closeDescriptor(fd)
      TemporaryFileRegistry.remove(registered)
    }
    do {
      try body(OutputFile(descriptor: fd, destination: destination))
      try complete(fd, named: temporary, in: folder, target: target, destination: destination)
    } catch {
      Self.removeIfOurs(temporary, fd: fd, in: folder)
      throw error
    }
    if synchronizes, case .failure(let failure) = FileSystemCalls.sync(folder) {
      throw FileOutputError(
        .io, path: destination, "written, but syncing \(target.folder) failed: \(failure.reason)")
    }
  }

  /// Mode, owner, sync, then the rename, once the name is checked to still be our file.
  private func complete(
    _ fd: Int32, named temporary: String, in folder: Int32, target: OutputDestination,
    destination: String
  ) throws(FileOutputError) {
    let mode =
      target.existing.map { $0.permissions & 0o777 } ?? (0o666 & ~FileSystemCalls.processUmask)
    let owner = target.existing.map { ($0.owner, $0.group) }
    let keepsOwner = owner.map { $0 == FileSystemCalls.processOwner } ?? true
    try Self.get(
      FileSystemCalls.finish(fd, mode: mode, owner: keepsOwner ? nil : owner, sync: synchronizes),
      destination
    ) { "cannot complete the file: \($0)" }
    guard Self.isOurs(temporary, fd: fd, in: folder) else {
      throw FileOutputError(
        .io, path: destination,
        "the temporary file \(temporary) was replaced by another process; nothing was renamed")
    }
    try Self.get(FileSystemCalls.rename(temporary, to: target.name, in: folder), destination) {
      "cannot rename the temporary file into place: \($0)"
    }
  }

  private func checkInputs(_ target: OutputDestination, destination: String)
    throws(FileOutputError)
  {
    guard !allowReplacingInputs, let existing = target.existing else { return }
    for input in protectedInputs {
      if case .success(let source) = FileSystemCalls.status(path: input, followLinks: true),
        source.isSameFile(as: existing)
      {
        throw FileOutputError(
          .invalidRequest, path: destination,
          "the output would replace the input \(input) (use --in-place to allow it)")
      }
    }
  }

  /// Whether `name` in `folder` is still the file open as `fd` (not swapped for another file
  /// or a symbolic link).
  private static func isOurs(_ name: String, fd: Int32, in folder: Int32) -> Bool {
    guard case .success(let named) = FileSystemCalls.status(of: name, in: folder),
      case .success(let open) = FileSystemCalls.status(descriptor: fd)
    else { return false }
    return named.kind == .regular && named.isSameFile(as: open)
  }

  private static func removeIfOurs(_ name: String, fd: Int32, in folder: Int32) {
    if isOurs(name, fd: fd, in: folder) { FileSystemCalls.remove(name, in: folder) }
  }

  private static func get<T>(
    _ result: Result<T, FileSystemError>, _ destination: String, _ message: (String) -> String
  ) throws(FileOutputError) -> T {
    switch result {
    case .success(let value): return value
    case .failure(let failure):
      throw FileOutputError(.io, path: destination, message(failure.reason))
    }
  }
}
