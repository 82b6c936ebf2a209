import Dispatch
import Synchronization

extension WorkScheduler {
  /// Runs `count` items through two stages, `prepare` then `finish`, overlapping them: while
  /// `finish(i, …)` runs on the calling thread, `prepare(i + 1)` runs on a helper thread.
  ///
  /// At most two items are in flight: the one being finished and the next one (being prepared,
  /// or prepared and waiting); `prepare(i + 2)` starts only after `finish(i, …)` has returned
  /// and its prepared value is released. `finish` is called in item order on the calling
  /// thread, so everything it does (reporting, counting) happens in the order of a plain loop.
  /// Results do not depend on timing as long as `prepare(i + 1)` does not depend on what
  /// `finish(i, …)` does; where it does (item `i + 1` reads the file item `i` writes),
  /// `overlaps(i)` returns false and `prepare(i + 1)` runs after `finish(i, …)`.
  ///
  /// Each stage may itself run parallel loops (``run(workers:_:)``).
  /// - Parameters:
  ///   - count: The number of items.
  ///   - overlaps: Whether `prepare(i + 1)` may run while item `i` is finished.
  ///   - prepare: Makes item `i`'s value (errors belong in the value, e.g. a `Result`).
  ///   - finish: Consumes item `i`'s value.
  public static func pipeline<Prepared: Sendable>(
    count: Int, overlaps: (_ item: Int) -> Bool = { _ in true },
    prepare: @Sendable (_ item: Int) -> Prepared,
    finish: (_ item: Int, _ prepared: consuming Prepared) -> Void
  ) {
    guard count > 0 else { return }
    withoutActuallyEscaping(prepare) { prepare in
      let queue = DispatchQueue(label: "WorkScheduler.pipeline")
      var ready: Prepared? = prepare(0)
      for item in 0..<count {
        let next = item + 1
        let ahead = Handoff<Prepared>()
        let group = DispatchGroup()
        if next < count && overlaps(item) {
          queue.async(group: group) { ahead.put(prepare(next)) }
        }
        // `ready` is emptied, so `finish` holds the only reference to item `item`'s value.
        if let current = ready.take() { finish(item, current) }
        // Nothing escapes: the helper's work ends before the next item or the return.
        group.wait()
        ready = ahead.take() ?? (next < count ? prepare(next) : nil)
      }
    }
  }
}

/// One value passed from the helper thread to the calling thread of
/// ``WorkScheduler/pipeline(count:overlaps:prepare:finish:)``.
private final class Handoff<Value: Sendable>: Sendable {
  private let slot = Mutex<Value?>(nil)

  func put(_ value: sending Value) {
    slot.withLock { $0 = value }
  }

  func take() -> Value? {
    slot.withLock { $0.take() }
  }
}
