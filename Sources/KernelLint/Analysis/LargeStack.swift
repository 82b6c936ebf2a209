import Foundation

/// Runs work on a thread with a known, large stack, so that the fixed nesting limit (256)
/// is safe whatever thread calls the linter (RELIABILITY.md §3.5: callers may have 512 KiB).
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
}
