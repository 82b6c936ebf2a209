import Dispatch
import Foundation
import Synchronization
import Testing

@testable import WorkScheduler

/// `WorkScheduler.pipeline`: items finished in order, the next one prepared meanwhile, never
/// more than two in flight (counted, not timed), and no overlap where the caller forbids it.
@Suite struct PipelineTests {
  /// What the stages did, in the order they did it, and the items alive at most.
  final class Trace: Sendable {
    private let state = Mutex((events: [String](), alive: 0, most: 0))
    /// Signalled when `prepare(i)` starts, for `finish(i - 1)` to wait on.
    let started: [DispatchSemaphore]

    init(count: Int) {
      started = (0..<count).map { _ in DispatchSemaphore(value: 0) }
    }

    func record(_ event: String, alive change: Int = 0) {
      state.withLock {
        $0.events.append(event)
        $0.alive += change
        $0.most = max($0.most, $0.alive)
      }
    }

    var events: [String] { state.withLock { $0.events } }
    var most: Int { state.withLock { $0.most } }
  }

  /// Each `finish(i)` waits until `prepare(i + 1)` has started (so the two did overlap, with no
  /// clock involved): items are finished in order with their own values, and at most two are
  /// alive (prepared, not yet finished) at any moment.
  @Test(arguments: [1, 2, 7])
  func itemsOverlapTwoAtATime(count: Int) {
    let trace = Trace(count: count)
    var finished: [Int] = []
    WorkScheduler.pipeline(count: count) { item in
      trace.record("prepare \(item)", alive: 1)
      trace.started[item].signal()
      return item * 10
    } finish: { item, value in
      // A guard against a hang, not a timing: the helper starts long before 60 s.
      if item + 1 < count {
        #expect(trace.started[item + 1].wait(timeout: .now() + 60) == .success)
      }
      finished.append(value)
      trace.record("finish \(item)", alive: -1)
    }
    #expect(finished == (0..<count).map { $0 * 10 })
    #expect(trace.most == min(count, 2))
    let events = trace.events
    for item in 0..<count {
      let prepared = events.firstIndex(of: "prepare \(item)") ?? -1
      #expect(prepared >= 0)
      // Item i + 2 is prepared only after item i is finished (two in flight at most).
      if item + 2 < count {
        #expect(
          events.firstIndex(of: "finish \(item)")! < events.firstIndex(of: "prepare \(item + 2)")!)
      }
    }
  }

  /// Where `overlaps(i)` is false, item i + 1 is prepared only after item i is finished.
  @Test func noOverlapWhereTheCallerForbidsIt() {
    let trace = Trace(count: 4)
    WorkScheduler.pipeline(count: 4, overlaps: { $0 != 1 }) { item in
      trace.record("prepare \(item)", alive: 1)
      return item
    } finish: { item, _ in
      trace.record("finish \(item)", alive: -1)
    }
    let events = trace.events
    #expect(events.firstIndex(of: "finish 1")! < events.firstIndex(of: "prepare 2")!)
    #expect(events.filter { $0.hasPrefix("finish") } == (0..<4).map { "finish \($0)" })
    #expect(trace.most <= 2)
  }

  /// One thread prepares every item (so their buffers share one malloc arena), and it is not
  /// the calling thread.
  @Test func oneHelperThreadPreparesEveryItem() {
    let threads = Mutex<Set<ObjectIdentifier>>([])
    let caller = ObjectIdentifier(Thread.current)
    WorkScheduler.pipeline(count: 5) { _ in
      threads.withLock { _ = $0.insert(ObjectIdentifier(Thread.current)) }
    } finish: { _, _ in
    }
    let used = threads.withLock { $0 }
    #expect(used.count == 1)
    #expect(!used.contains(caller))
  }

  @Test func noItemsCallNothing() {
    WorkScheduler.pipeline(count: 0) { _ in
      Issue.record("prepared")
    } finish: { _, _ in
      Issue.record("finished")
    }
  }
}
