import Dispatch
import Synchronization

extension WorkScheduler {
  /// Runs `count` items through two stages, `prepare` then `finish`, overlapping them: while
  /// `finish(i, …)` runs on the calling thread, `prepare(i + 1)` runs on a helper thread (one
  /// thread prepares every item).
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
      let handoff = Handoff<Prepared>()
      let helper = DispatchGroup()
      // One thread prepares every item, each once the calling thread allows it: the buffers
      // of every item then come from that thread's malloc arena, where a finished item's
      // memory is reused for the next, so the process holds about two items' memory.
      DispatchQueue.global().async(group: helper) {
        for item in 0..<count {
          handoff.allowed.wait()
          handoff.put(prepare(item))
        }
      }
      handoff.allowed.signal()
      for item in 0..<count {
        let current = handoff.take()
        let ahead = item + 1 < count && overlaps(item)
        if ahead { handoff.allowed.signal() }
        finish(item, current)
        if item + 1 < count && !ahead { handoff.allowed.signal() }
        // `current` is released here, before item + 2 may be prepared.
      }
      // Nothing escapes: the helper has returned before this call does.
      helper.wait()
    }
  }
}

/// The values passed from the helper thread of
/// ``WorkScheduler/pipeline(count:overlaps:prepare:finish:)`` to the calling thread, one at a
/// time, and the calling thread's permission to prepare the next.
private final class Handoff<Value: Sendable>: Sendable {
  /// Signalled once per item the helper may prepare.
  let allowed = DispatchSemaphore(value: 0)
  private let ready = DispatchSemaphore(value: 0)
  private let slot = Mutex<Value?>(nil)

  /// Hands over a prepared value (the slot is empty: one item is allowed at a time).
  func put(_ value: sending Value) {
    slot.withLock { $0 = value }
    ready.signal()
  }

  /// Waits for the next prepared value and takes it.
  func take() -> Value {
    ready.wait()
    guard let value = slot.withLock({ $0.take() }) else {
      preconditionFailure("a value is put before each signal")
    }
    return value
  }
}
