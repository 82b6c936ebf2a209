import Foundation

/// SARIF 2.1.0 from `Codable` structs; every rule is declared in `tool.driver.rules`.
enum SARIFReporter {
  struct Log: Codable {
    var schema =
      "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    var version = "2.1.0"
    var runs: [Run]

    enum CodingKeys: String, CodingKey {
      case schema = "$schema"
      case version, runs
    }
  }

  struct Run: Codable {
    var tool: Tool
    var originalUriBaseIds: [String: ArtifactLocation]?
    var columnKind = "utf16CodeUnits"
    var results: [Result]
  }

  struct Tool: Codable { var driver: Driver }

  struct Driver: Codable {
    var name = "edrlint"
    var version = KernelLintVersion.current
    var informationUri = "https://github.com/edrcube/edrcube/blob/main/docs/lint-rules.md"
    var rules: [Rule]
  }

  struct Text: Codable { var text: String }

  struct Rule: Codable {
    var id: String
    var name: String
    var shortDescription: Text
    var fullDescription: Text
    var helpUri: String
    var defaultConfiguration: Configuration
  }

  struct Configuration: Codable {
    var level: String
    var enabled: Bool
  }

  struct ArtifactLocation: Codable {
    var uri: String
    var uriBaseId: String?
  }

  struct Region: Codable {
    var startLine: Int
    var startColumn: Int
    var endLine: Int
    var endColumn: Int
  }

  struct PhysicalLocation: Codable {
    var artifactLocation: ArtifactLocation
    var region: Region
  }

  struct Location: Codable {
    var id: Int?
    var message: Text?
    var physicalLocation: PhysicalLocation
  }

  struct Replacement: Codable {
    var deletedRegion: Region
    var insertedContent: Text
  }

  struct ArtifactChange: Codable {
    var artifactLocation: ArtifactLocation
    var replacements: [Replacement]
  }

  struct FixEntry: Codable {
    var description: Text
    var artifactChanges: [ArtifactChange]
  }

  struct Suppression: Codable {
    var kind = "inSource"
    var justification: String?
  }

  struct Result: Codable {
    var ruleId: String
    var ruleIndex: Int
    var level: String
    var message: Text
    var locations: [Location]
    var relatedLocations: [Location]
    var partialFingerprints: [String: String]
    var fixes: [FixEntry]
    var suppressions: [Suppression]
  }

  static func region(_ span: SourceSpan) -> Region {
    Region(
      startLine: span.start.line, startColumn: span.start.utf16Column, endLine: span.end.line,
      endColumn: span.end.utf16Column)
  }

  static func render(_ reports: [FileReport], sourceRoot: String? = nil) -> String {
    let rules = RuleCatalog.all.map { d in
      Rule(
        id: d.identifier.rawValue, name: d.name, shortDescription: Text(text: d.summary),
        fullDescription: Text(text: d.rationale),
        helpUri:
          "https://github.com/edrcube/edrcube/blob/main/docs/lint-rules.md#\(d.identifier.rawValue.lowercased())",
        defaultConfiguration: Configuration(level: d.defaultSeverity.rawValue, enabled: !d.isOptIn))
    }
    let base = sourceRoot == nil ? nil : "SRCROOT"
    var results: [Result] = []
    for report in reports {
      for f in report.findings {
        let artifact = ArtifactLocation(uri: Self.uriReference(f.file), uriBaseId: base)
        let physical = PhysicalLocation(artifactLocation: artifact, region: region(f.span))
        let related = f.related.enumerated().map { k, r in
          Location(
            id: k + 1, message: Text(text: r.message),
            physicalLocation: PhysicalLocation(artifactLocation: artifact, region: region(r.span)))
        }
        let hash = lineHash(
          f.ruleID.rawValue + report.source.lineText(f.span.start.line).trimmingCharacters())
        results.append(
          Result(
            ruleId: f.ruleID.rawValue,
            ruleIndex: RuleID.allCases.firstIndex(of: f.ruleID) ?? 0, level: f.severity.rawValue,
            message: Text(text: f.message), locations: [Location(physicalLocation: physical)],
            relatedLocations: related, partialFingerprints: ["primaryLocationLineHash": hash],
            // A hint without edits is no SARIF fix (2.1.0 requires replacements).
            fixes: f.fixes.filter { !$0.edits.isEmpty }.map { fix in
              FixEntry(
                description: Text(text: fix.description),
                artifactChanges: [
                  ArtifactChange(
                    artifactLocation: artifact,
                    replacements: fix.edits.map {
                      Replacement(
                        deletedRegion: region($0.span), insertedContent: Text(text: $0.newText))
                    })
                ])
            },
            suppressions: f.isSuppressed ? [Suppression(justification: f.justification)] : []))
      }
    }
    let roots = sourceRoot.map { ["SRCROOT": ArtifactLocation(uri: $0, uriBaseId: nil)] }
    let log = Log(runs: [
      Run(tool: Tool(driver: Driver(rules: rules)), originalUriBaseIds: roots, results: results)
    ])
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(log) else { return "{}" }
    return TerminalText.json(String(decoding: data, as: UTF8.self)) + "\n"
  }

  /// FNV-1a of the rule and the trimmed source line (stable across runs).
  static func lineHash(_ s: String) -> String {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in s.utf8 {
      h ^= UInt64(b)
      h = h &* 0x100_0000_01b3
    }
    return String(h, radix: 16)
  }

  /// A path as a URI reference (RFC 3986): bytes other than unreserved characters, `/` and
  /// a few sub-delimiters (spaces, `%`, `#`, `?`, non-ASCII) are percent-encoded.
  static func uriReference(_ path: String) -> String {
    let allowed = Set(
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/!$&'()*+,=:@".utf8)
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    for byte in path.utf8 {
      if allowed.contains(byte) {
        bytes.append(byte)
      } else {
        bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
