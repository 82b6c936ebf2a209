internal import COpenEXR
import Synchronization

/// Routes OpenEXRCore's error messages to the ``LibraryMessages`` of the context that raised
/// them, without calling back into the library.
///
/// OpenEXRCore 3.1 calls the error handler while it may hold the context's (non-recursive)
/// lock; asking it for the context's `user_data` from there waits on that lock forever
/// (docs/reliability.md §4). So the collector is found here instead: in a registry keyed by
/// the context's address once the context exists, and, while `exr_start_read`/`exr_start_write`
/// is still creating it, in a task-local value bound by the starting thread.
enum EXRMessageRouter {
  /// The collector for a context that is being created on this thread.
  @TaskLocal static var starting: LibraryMessages?

  private static let registry = Mutex<[UInt: LibraryMessages]>([:])

  /// Sends `message` about `context` to its collector, if one is known.
  static func deliver(_ message: String, context: exr_const_context_t?) {
    let key = context.map { UInt(bitPattern: $0) }
    let registered = key.flatMap { key in registry.withLock { $0[key] } }
    (registered ?? starting)?.append(message)
  }

  /// Routes messages about `context` to `messages` until ``unregister(_:)``.
  static func register(_ context: exr_context_t, messages: LibraryMessages) {
    registry.withLock { $0[UInt(bitPattern: context)] = messages }
  }

  /// Stops routing messages about `context` (call after `exr_finish`: its address may be reused).
  static func unregister(_ context: exr_context_t) {
    _ = registry.withLock { $0.removeValue(forKey: UInt(bitPattern: context)) }
  }
}
