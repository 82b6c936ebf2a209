import Synchronization

/// The temporary files that are being written now, by full path, so that a process that is
/// told to stop (SIGINT, SIGTERM) can remove them before it exits.
public enum TemporaryFileRegistry {
  private static let paths = Mutex<Set<String>>([])

  static func add(_ path: String) {
    _ = paths.withLock { $0.insert(path) }
  }

  static func remove(_ path: String) {
    _ = paths.withLock { $0.remove(path) }
  }

  /// The temporary files being written now (full paths).
  public static var current: Set<String> { paths.withLock { $0 } }

  /// Removes every temporary file still being written and forgets them. Call it from a signal
  /// source (not from inside a raw signal handler: it takes a lock) just before exiting.
  /// - Returns: How many files were removed.
  @discardableResult
  public static func removeAll() -> Int {
    let pending = paths.withLock { current in
      defer { current.removeAll() }
      return current
    }
    return pending.count { FileSystemCalls.removeFile(at: $0) }
  }
}
