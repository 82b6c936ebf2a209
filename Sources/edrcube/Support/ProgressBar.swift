import Foundation

/// A one-line progress bar with count, rate and ETA, drawn on standard error when it is a
/// terminal (and not `--quiet`), silent otherwise.
final class ProgressBar: @unchecked Sendable {
  private let total: Int
  private let unit: String
  private let enabled: Bool
  private let start = Date()
  private let lock = NSLock()
  private var done = 0

  /// Creates a bar for `total` items named `unit` (e.g. "frames").
  init(total: Int, unit: String, enabled: Bool = Console.showsProgress) {
    self.total = total
    self.unit = unit
    self.enabled = enabled && total > 1
  }

  /// Marks one more item finished and redraws.
  func advance() {
    let (count, elapsed) = lock.withLock { () -> (Int, Double) in
      done += 1
      return (done, Date().timeIntervalSince(start))
    }
    guard enabled else { return }
    let rate = Double(count) / max(elapsed, 1e-6)
    let eta = Double(total - count) / max(rate, 1e-9)
    let width = 30
    let filled = total > 0 ? width * count / total : width
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    let numbers = String(format: "%.2f", rate) + " \(unit)/s  ETA " + String(format: "%.0f", eta)
    Console.status("\r[\(bar)] \(count)/\(total) \(unit)  \(numbers)s ")
    if count == total { Console.status("\n") }
  }
}
