import Foundation

/// A decoded conformance JSON file with typed accessors for nested keys.
public struct VectorFile {
  /// The decoded top-level object.
  public let root: [String: Any]

  /// Wraps an already decoded object.
  public init(root: [String: Any]) { self.root = root }

  /// Reads `Tests/Fixtures/conformance/vectors/NAME`.
  public init(_ name: String) throws {
    let url = Fixtures.vectors.appendingPathComponent(name)
    root = (try Fixtures.json(url) as? [String: Any]) ?? [:]
  }

  /// The value at a key path (`["hlg_eotf", "signal_rgb"]`).
  public func value(_ path: [String]) -> Any? {
    var node: Any? = root
    for key in path { node = (node as? [String: Any])?[key] }
    return node
  }

  /// A number array at `path` (empty when absent).
  public func numbers(_ path: String...) -> [Double] {
    (value(path) as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue } ?? []
  }

  /// A number at `path`.
  public func number(_ path: String...) -> Double? { (value(path) as? NSNumber)?.doubleValue }

  /// An array of triples at `path` (empty when absent).
  public func triples(_ path: String...) -> [SIMD3<Double>] {
    (value(path) as? [[Any]])?.map { row in
      let v = row.compactMap { ($0 as? NSNumber)?.doubleValue }
      return v.count == 3 ? SIMD3(v[0], v[1], v[2]) : SIMD3(repeating: .nan)
    } ?? []
  }

  /// A triple at `path` (NaNs when absent).
  public func triple(_ path: String...) -> SIMD3<Double> {
    let v = (value(path) as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue } ?? []
    return v.count == 3 ? SIMD3(v[0], v[1], v[2]) : SIMD3(repeating: .nan)
  }

  /// A 3×3 matrix (rows) at `path`.
  public func matrix(_ path: String...) -> [[Double]] {
    (value(path) as? [[Any]])?.map { $0.compactMap { ($0 as? NSNumber)?.doubleValue } } ?? []
  }
}
