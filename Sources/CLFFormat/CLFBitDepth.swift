/// A process node's `inBitDepth` / `outBitDepth`: how its parameters and tables are scaled.
/// Values flow between nodes normalised (0…1 is black…white whatever the depth); integer
/// depths scale a node's numbers by 2ⁿ − 1.
public enum CLFBitDepth: String, Sendable, Hashable, CaseIterable {
  case uint8 = "8i"
  case uint10 = "10i"
  case uint12 = "12i"
  case uint16 = "16i"
  case float16 = "16f"
  case float32 = "32f"

  /// The number that stands for 1.0: 2ⁿ − 1 for integer depths, 1 for float ones.
  public var scale: Double {
    switch self {
    case .uint8: 255
    case .uint10: 1023
    case .uint12: 4095
    case .uint16: 65535
    case .float16, .float32: 1
    }
  }
}
