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

  /// Every entry, keyed by file name; a missing or malformed corpus stops the run.
  static let all: [String: CaseExpectation] = {
    let url = Fixtures.cubeCases.appendingPathComponent("expected.json")
    do {
      return try JSONDecoder().decode([String: CaseExpectation].self, from: Fixtures.data(url))
    } catch {
      fatalError("\(url.path) is not the cube-case corpus: \(error)")
    }
  }()
}
