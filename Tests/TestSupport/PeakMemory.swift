import Foundation

/// The exit status and peak memory of one finished command.
public struct PeakMemoryResult: Sendable {
  /// Exit status, or 128 + the signal that ended it.
  public var status: Int32
  /// Peak resident set size in bytes.
  public var peakBytes: Int
}

/// Runs `edrcube` under GNU time (`/usr/bin/time -f %M`) and reports its peak resident set
/// size, for tests that bound a command's memory (docs/reliability.md §5). GNU time forks a
/// small process of its own: a child started from the test process itself (`posix_spawn`, a
/// `vfork`) would report the test process's peak too, which Linux carries into `ru_maxrss`
/// across `exec`. `scripts/ensure-deps.sh` installs `time`.
public enum PeakMemory {
  /// The GNU time executable.
  public static let time = "/usr/bin/time"

  /// Whether GNU time is installed.
  public static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: time) }

  /// Runs `edrcube` with `arguments` and waits for it.
  public static func run(_ arguments: [String]) throws -> PeakMemoryResult {
    let report = FileManager.default.temporaryDirectory
      .appendingPathComponent("edrcube-peak-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: report) }
    let r = try EDRCubeExecutable.run(
      arguments, launcher: [time, "-f", "%M", "-o", report.path])
    let text = try String(contentsOf: report, encoding: .utf8)
    // The last line is the figure (a line before it says how a failed command ended).
    let kilobytes = text.split(separator: "\n").last.flatMap { Int($0) } ?? 0
    return PeakMemoryResult(status: r.status, peakBytes: kilobytes * 1024)
  }
}
