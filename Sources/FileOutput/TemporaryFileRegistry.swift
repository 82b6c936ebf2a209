import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The temporary files that are being written now, by full path, so that a process that is
/// told to stop (SIGINT, SIGTERM) can remove them before it exits.
///
/// A file is created and recorded under one lock, and ``removeAll()`` takes the same lock and
/// closes the registry: every file created before it is removed, and none is created after
/// it, whatever thread the signal is handled on.
public enum TemporaryFileRegistry {
  private struct State {
    var paths: Set<String> = []
    var closed = false
  }

  private static let state = Mutex(State())

  /// Creates a temporary file with `create` (which returns its descriptor and name) in
  /// `folderPath` and records it, under the lock; fails once the registry is closed.
  static func create(
    in folderPath: String,
    _ create: () -> Result<(descriptor: Int32, name: String), FileSystemError>
  ) -> Result<(descriptor: Int32, name: String), FileSystemError> {
    state.withLock { state in
      guard !state.closed else {
        return .failure(FileSystemError(reason: "the process is stopping", code: ECANCELED))
      }
      let created = create()
      if case .success(let file) = created { state.paths.insert(folderPath + "/" + file.name) }
      return created
    }
  }

  static func remove(_ path: String) {
    _ = state.withLock { $0.paths.remove(path) }
  }

  /// The temporary files being written now (full paths).
  public static var current: Set<String> { state.withLock { $0.paths } }

  /// Removes every temporary file still being written and closes the registry, so no new
  /// one is created. Call it from a signal source (not from inside a raw signal handler: it
  /// takes a lock) just before exiting.
  /// - Returns: How many files were removed.
  @discardableResult
  public static func removeAll() -> Int {
    state.withLock { state in
      state.closed = true
      defer { state.paths.removeAll() }
      return state.paths.count { FileSystemCalls.removeFile(at: $0) }
    }
  }
}
