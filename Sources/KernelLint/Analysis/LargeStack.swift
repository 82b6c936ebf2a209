import Foundation

/// Runs work on a thread with a known, large stack, so that the fixed nesting limit (256)
/// is safe whatever thread calls the linter (docs/reliability.md §3.5: callers may have 512 KiB).
enum LargeStack {
  /// The stack size used for parsing and analysis.
  static let size = 16 << 20

  private final class Box<T>: @unchecked Sendable {
    var value: T?
  }

  /// Runs `body` on a fresh thread with `size` bytes of stack and returns its result.
  static func run<T>(_ body: @escaping @Sendable () -> T) -> T {
    let box = Box<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      box.value = body()
      done.signal()
    }
    thread.stackSize = size
    thread.start()
    done.wait()
    guard let value = box.value else { return body() }
    return value
  }

  /// Maps `items` on `threads` large-stack threads (the caller's thread takes the first
  /// share); results keep the input order.
  static func map<E, R>(_ items: [E], threads: Int, _ body: @escaping (E) -> R) -> [R] {
    guard threads > 1, items.count > 1 else { return items.map(body) }
    let half = (items.count + 1) / 2
    let box = Box<[R]>()
    let job = UncheckedJob(items: Array(items[half...]), body: body)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      box.value = job.items.map(job.body)
      done.signal()
    }
    thread.stackSize = size
    thread.start()
    let first = items[..<half].map(body)
    done.wait()
    return first + (box.value ?? [])
  }

  /// Work handed to another thread. The analysis shares only immutable syntax trees.
  private struct UncheckedJob<E, R>: @unchecked Sendable {
    var items: [E]
    var body: (E) -> R
  }
}
