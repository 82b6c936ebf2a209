import Dispatch

/// The one place where EDRCube's work crosses threads: every parallel loop (the LUT engine's
/// batches, the pipeline's chunks, cube baking, EXR/TIFF coding, linting files) runs through
/// ``run(workers:_:)``, and the worker count comes from ``workers(for:requested:)``; the
/// frames of a sequence overlap through ``pipeline(count:overlaps:prepare:finish:)``.
///
/// Why handing pointers to workers is race-free here, once for all callers:
/// - ``run(workers:_:)`` returns only after every worker has returned, so anything the body
///   borrowed (buffers, pointers, tables) outlives every use;
/// - callers give each worker disjoint output (worker `w` writes only its own chunks, slots or
///   rows) and share inputs read-only;
/// - the body is non-escaping: nothing it captures survives the call.
public enum WorkScheduler {
  private static let limit = WorkerLimit()

  /// The worker count a loop uses when its caller names none: the cores this process may use
  /// (``ProcessCores/available``), or the limit set by ``limitWorkers(to:)``.
  public static var defaultWorkers: Int { limit.value ?? ProcessCores.available }

  /// Sets the process-wide worker count (`--threads N`); nil restores the default. Call it
  /// once, before any work starts.
  public static func limitWorkers(to count: Int?) {
    limit.value = count.map { max(1, $0) }
  }

  /// Workers for `items` independent pieces of work: `requested` (or ``defaultWorkers``),
  /// never more than the pieces, at least 1.
  public static func workers(for items: Int, requested: Int? = nil) -> Int {
    max(1, min(items, requested ?? defaultWorkers))
  }

  /// Calls `body(w)` for every worker `w` in `0..<workers`, concurrently, and returns when all
  /// have returned. With one worker the body runs on the calling thread.
  public static func run(workers: Int, _ body: (_ worker: Int) -> Void) {
    guard workers > 1 else {
      body(0)
      return
    }
    withoutActuallyEscaping(body) { body in
      let shared = WorkerShared(body)
      DispatchQueue.concurrentPerform(iterations: workers) { w in shared.value(w) }
    }
  }
}

/// A value holding pointers, handed to concurrent workers: the one way EDRCube's code shares
/// memory across threads. Safe under the rules of ``WorkScheduler``: the memory outlives the
/// workers, each worker writes only its own part of it, and shared parts are only read.
public struct WorkerShared<Value>: @unchecked Sendable {
  /// The shared value.
  public let value: Value

  /// Wraps `value` for the workers.
  public init(_ value: Value) { self.value = value }
}

/// The process-wide worker limit, behind a lock.
private final class WorkerLimit: @unchecked Sendable {
  private var stored: Int?
  private let lock = DispatchSemaphore(value: 1)

  var value: Int? {
    get {
      lock.wait()
      defer { lock.signal() }
      return stored
    }
    set {
      lock.wait()
      stored = newValue
      lock.signal()
    }
  }
}
