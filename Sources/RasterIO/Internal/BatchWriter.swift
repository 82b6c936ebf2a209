import Dispatch

/// Runs one batch's writes at a time on a serial queue, so a writer can prepare the next
/// batch meanwhile; `finish` waits for the running batch and rethrows its error. Used by one
/// producer thread.
final class BatchWriter: @unchecked Sendable {
  private let queue = DispatchQueue(label: "RasterIO.BatchWriter")
  private let group = DispatchGroup()
  private var failure: (any Error)?

  /// Starts `body` on the queue; call only after `finish`.
  func start(_ body: @escaping @Sendable () throws -> Void) {
    queue.async(group: group) {
      do { try body() } catch { self.failure = error }
    }
  }

  /// Waits for the running batch; rethrows its error (once).
  func finish() throws {
    group.wait()
    if let error = failure {
      failure = nil
      throw error
    }
  }

  /// Waits for the running batch, ignoring its error (cleanup on an error path).
  func waitQuietly() {
    group.wait()
  }
}
