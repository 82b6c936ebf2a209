import Foundation
import TestSupport

/// One entry of `cube-cases/expected.json` (Tests/Fixtures/conformance/README.md §1.1), the keys this module
/// checks.
struct CaseExpectation: Decodable, Sendable {
  /// A stage's `{min, max}` per channel.
  struct Domain: Decodable, Sendable {
    var min: [Double]
    var max: [Double]
  }

  /// A recipe for a file too big to ship (README §1.3).
  struct Generated: Decodable, Sendable {
    var kind: String
    var size: Int
    var bytes: Int
    var sha256: String
  }

  var accept: Bool
  var warnings: Bool?
  var errorLine: Int?
  var lut1DSize: Int?
  var lut3DSize: Int?
  var title: String?
  var domain1D: Domain?
  var domain3D: Domain?
  var table1D: [[Double]]?
  var table3D: [[Double]]?
  var generated: Generated?

  /// Every entry, keyed by file name (empty if the corpus is missing; a test checks the count).
  static let all: [String: CaseExpectation] = {
    let url = Fixtures.cubeCases.appendingPathComponent("expected.json")
    guard let data = try? Data(contentsOf: url) else { return [:] }
    return (try? JSONDecoder().decode([String: CaseExpectation].self, from: data)) ?? [:]
  }()
}
