import WorkScheduler

/// Runs independent slices of work on every core.
///
/// Slice `i` is handled by worker `i mod workers`; each slice writes only its own outputs,
/// so results never depend on the thread count.
enum ParallelSlices {
  /// Calls `body(i)` for `i` in `0..<count`, spread over `threads` workers (nil: every core).
  static func run(count: Int, threads: Int? = nil, _ body: @Sendable (Int) -> Void) {
    guard count > 0 else { return }
    let workers = WorkScheduler.workers(for: count, requested: threads)
    WorkScheduler.run(workers: workers) { w in
      for i in stride(from: w, to: count, by: workers) { body(i) }
    }
  }

  /// Fills `count · width` values, slice `i` owning `[i·width, (i+1)·width)`.
  static func fill<T>(
    count: Int, width: Int, initial: T, threads: Int? = nil,
    _ body: @Sendable (Int, UnsafeMutableBufferPointer<T>) -> Void
  ) -> [T] {
    var out = [T](repeating: initial, count: count * width)
    out.withUnsafeMutableBufferPointer { all in
      // Slices are disjoint ranges of one buffer: no two workers write the same element.
      guard let p = all.baseAddress else { return }
      let workers = WorkScheduler.workers(for: count, requested: threads)
      WorkScheduler.run(workers: workers) { w in
        for i in stride(from: w, to: count, by: workers) {
          body(i, UnsafeMutableBufferPointer(start: p + i * width, count: width))
        }
      }
    }
    return out
  }
}
