import Foundation

/// The one gate for heavy test cases (large cubes, long mutation runs, the conversion
/// figures): they run only when the environment has `EDRCUBE_HEAVY=1` (README, Testing).
public enum HeavyTests {
  /// Whether `EDRCUBE_HEAVY=1` is set.
  public static var enabled: Bool { ProcessInfo.processInfo.environment["EDRCUBE_HEAVY"] == "1" }
}
