import CLFFormat
import Foundation
import LUTEngine
import TestSupport
import Testing

/// EDRCube's CLF reader and evaluation against OpenColorIO 2.6 on OpenColorIO's own CLF test
/// files (Tests/Fixtures/clf, outputs from scripts/clf_reference.py). The tolerance is the
/// Academy implementation guide's finishing tier: |ours − OCIO| / max(|OCIO|, 0.1) ≤ 0.002.
@Suite struct OCIOReferenceTests {
  static let tier = 0.002

  /// The files OpenColorIO loads (with warnings) that EDRCube refuses on purpose: an unknown
  /// process node, and IndexMap (not valid since CLF 3).
  static let refusedByDesign: Set<String> = [
    "illegal/unknown_elements.clf", "illegal/indexMap_test2.clf",
  ]

  struct Reference {
    var probes: [SIMD3<Double>]
    var loads: [String: Bool]
    var outputs: [String: [SIMD3<Double>]]
  }

  static func reference() throws -> Reference {
    let root = try #require(
      try Fixtures.json(Fixtures.clf.appendingPathComponent("ocio_reference.json"))
        as? [String: Any])
    func triple(_ any: Any) -> SIMD3<Double> {
      let a = (any as? [Double]) ?? []
      return SIMD3(a[0], a[1], a[2])
    }
    let probes = ((root["probes"] as? [Any]) ?? []).map(triple)
    var reference = Reference(probes: probes, loads: [:], outputs: [:])
    for (name, value) in (root["files"] as? [String: Any]) ?? [:] {
      let entry = value as? [String: Any] ?? [:]
      reference.loads[name] = entry["loads"] as? Bool ?? false
      if let outputs = entry["outputs"] as? [Any] { reference.outputs[name] = outputs.map(triple) }
    }
    return reference
  }

  /// The worst finishing-tier error of `list` over the probes.
  static func worstError(_ list: ProcessList, probes: [SIMD3<Double>], expected: [SIMD3<Double>])
    -> Double
  {
    let processor = ProcessListProcessor(list)
    var worst = 0.0
    for (probe, want) in zip(probes, expected) {
      let got = SIMD3<Double>(processor.apply(SIMD3<Float>(probe)))
      for c in 0..<3 {
        guard got[c].isFinite else { return .infinity }
        worst = max(worst, abs(got[c] - want[c]) / max(abs(want[c]), 0.1))
      }
    }
    return worst
  }

  @Test func everyFileOpenColorIOAppliesMatchesWithinTheFinishingTier() throws {
    let reference = try Self.reference()
    #expect(reference.probes.count == 18)
    var matched = 0
    var worst = 0.0
    var refused: Set<String> = []
    for (name, expected) in reference.outputs.sorted(by: { $0.key < $1.key }) {
      let path = Fixtures.clf.appendingPathComponent(name).path
      let list: ProcessList
      do {
        list = try ProcessListReader.read(contentsOf: path)
      } catch {
        refused.insert(name)
        continue
      }
      let error = Self.worstError(list, probes: reference.probes, expected: expected)
      #expect(error <= Self.tier, "\(name): worst relative error \(error)")
      if error <= Self.tier { matched += 1 }
      worst = max(worst, error)
    }
    #expect(refused == Self.refusedByDesign)
    #expect(matched == reference.outputs.count - Self.refusedByDesign.count)
    #expect(matched == 39)
    print(
      "CLF vs OpenColorIO: \(matched) of \(reference.outputs.count) files match; worst \(worst)")
  }

  @Test func everyFileOpenColorIORefusesIsRefused() throws {
    let reference = try Self.reference()
    var accepted: [String] = []
    for (name, loads) in reference.loads where !loads {
      let path = Fixtures.clf.appendingPathComponent(name).path
      if (try? ProcessListReader.read(contentsOf: path)) != nil { accepted.append(name) }
    }
    #expect(accepted.sorted() == Self.acceptedThoughOCIORefuses)
  }

  /// Files OpenColorIO refuses for a rule EDRCube does not enforce (a Log node in a file
  /// that declares CLF version 2): the transform itself is well defined.
  static let acceptedThoughOCIORefuses = ["pre-smpte_only/illegal/log_bad_version.clf"]
}
