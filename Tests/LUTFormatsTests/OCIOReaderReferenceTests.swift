import CLFFormat
import Foundation
import LUTEngine
import LUTFormats
import TestSupport
import Testing

/// EDRCube's readers of .3dl, .csp, .spi1d, .spi3d, .spimtx and ASC CDL files against
/// OpenColorIO 2.6's FileTransform on the files in Tests/Fixtures/lutformats (OpenColorIO's own
/// test files and a few of ours). The reference outputs were computed by OpenColorIO:
///
///     python3 scripts/lutformats_reference.py > Tests/Fixtures/lutformats/ocio_reference.json
///
/// Tolerance: 1e-5, relative above 1 (`|ours − OCIO| ≤ 1e-5 · max(1, |OCIO|)`).
@Suite struct OCIOReaderReferenceTests {
  static let tolerance = 1e-5

  struct Reference {
    var probes: [SIMD3<Double>]
    var files: [String: [SIMD3<Double>]?]
  }

  static let reference: Reference = {
    let url = Fixtures.lutFormats.appendingPathComponent("ocio_reference.json")
    let root = (try? Fixtures.json(url)) as? [String: Any] ?? [:]
    func triple(_ any: Any) -> SIMD3<Double> {
      let a = any as? [Double] ?? [.nan, .nan, .nan]
      return SIMD3(a[0], a[1], a[2])
    }
    var files: [String: [SIMD3<Double>]?] = [:]
    for (name, value) in root["files"] as? [String: Any] ?? [:] {
      let entry = value as? [String: Any] ?? [:]
      files[name] =
        (entry["loads"] as? Bool ?? false) ? (entry["outputs"] as? [Any] ?? []).map(triple) : nil
    }
    let probes = (root["probes"] as? [Any] ?? []).map(triple)
    precondition(!probes.isEmpty && files.count > 20, "ocio_reference.json is missing or empty")
    return Reference(probes: probes, files: files)
  }()

  /// The worst scaled difference of `list` from `expected` over the probes.
  static func worst(_ list: ProcessList, _ expected: [SIMD3<Double>]) -> Double {
    let processor = ProcessListProcessor(list)
    var worst = 0.0
    for (probe, want) in zip(reference.probes, expected) {
      let got = processor.apply(probe)
      for c in 0..<3 {
        guard got[c].isFinite else { return .infinity }
        worst = max(worst, abs(got[c] - want[c]) / max(1, abs(want[c])))
      }
    }
    return worst
  }

  /// Reads a fixture by the format its name chooses, with the `cccid` after a `#` in the key.
  static func read(_ key: String) throws -> ProcessList {
    let parts = key.split(separator: "#", maxSplits: 1).map(String.init)
    let path = Fixtures.lutFormats.appendingPathComponent(parts[0]).path
    let format = try LUTReader.format(of: path)
    guard
      case .processList(let list) = try LUTReader.read(
        path, as: format, cccid: parts.count > 1 ? parts[1] : nil)
    else { throw LUTFormatError("not a process list", at: .init(file: path, line: 0)) }
    return list
  }

  @Test(arguments: reference.files.keys.sorted())
  func lookupsEqualOpenColorIOs(_ key: String) throws {
    let expected = try #require(Self.reference.files[key])
    guard let expected else {
      #expect(throws: LUTReader.Failure.self) { try Self.read(key) }
      return
    }
    let worst = Self.worst(try Self.read(key), expected)
    #expect(worst <= Self.tolerance, "\(key): worst difference \(worst)")
  }
}
