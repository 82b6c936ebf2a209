import Foundation
import TestSupport

/// A decoded conformance JSON file with typed accessors for nested keys.
struct VectorFile {
  let root: [String: Any]

  init(_ name: String) throws {
    let url = Fixtures.vectors.appendingPathComponent(name)
    root = (try Fixtures.json(url) as? [String: Any]) ?? [:]
  }

  /// The value at a key path (`["hlg_eotf", "signal_rgb"]`).
  func value(_ path: [String]) -> Any? {
    var node: Any? = root
    for key in path { node = (node as? [String: Any])?[key] }
    return node
  }

  /// A number array at `path` (empty when absent).
  func numbers(_ path: String...) -> [Double] {
    (value(path) as? [Any])?.compactMap { ($0 as? NSNumber)?.doubleValue } ?? []
  }

  /// A number at `path`.
  func number(_ path: String...) -> Double? { (value(path) as? NSNumber)?.doubleValue }

  /// An array of triples at `path` (empty when absent).
  func triples(_ path: String...) -> [SIMD3<Double>] {
    (value(path) as? [[Any]])?.map { row in
      let v = row.compactMap { ($0 as? NSNumber)?.doubleValue }
      return v.count == 3 ? SIMD3(v[0], v[1], v[2]) : SIMD3(repeating: .nan)
    } ?? []
  }

  /// A 3×3 matrix (rows) at `path`.
  func matrix(_ path: String...) -> [[Double]] {
    (value(path) as? [[Any]])?.map { $0.compactMap { ($0 as? NSNumber)?.doubleValue } } ?? []
  }
}
