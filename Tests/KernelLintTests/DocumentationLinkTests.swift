import Foundation
import KernelLint
import TestSupport
import Testing

/// Every link that users follow resolves inside the repository: the SARIF rule pages
/// (`helpUri`, `informationUri`) and every relative link of the README and `docs/`.
@Suite struct DocumentationLinkTests {
  /// The repository's public address, as the SARIF reporter writes it.
  static let blobPrefix = "https://github.com/edrcube/edrcube/blob/main/"

  /// The Markdown files users read.
  static var markdownFiles: [URL] {
    let root = Fixtures.repositoryRoot
    let docs = root.appendingPathComponent("docs")
    let inDocs = Fixtures.fileNames(in: docs, suffix: ".md")
    let extra = [
      "README.md", "THIRD_PARTY_NOTICES.md", "luts/README.md",
      "Tests/Fixtures/conformance/README.md",
      "Tests/Fixtures/conformance/third-party/README.md",
    ]
    return extra.map { root.appendingPathComponent($0) }
      + inDocs.map { docs.appendingPathComponent($0) }
  }

  @Test func sarifLinksPointAtExistingPagesAndAnchors() throws {
    let report = Linter().lint(
      text: "kernel vec4 k(__sample s) { return vec4(min(s.rgb, 1.0), s.a); }",
      path: "k.cikernel")
    let text = ReporterKind.sarif.render([report], summary: LintSummary([report]))
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let run = try #require((object["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    var links = [try #require(driver["informationUri"] as? String)]
    let rules = try #require(driver["rules"] as? [[String: Any]])
    #expect(rules.count == RuleID.allCases.count)
    links += rules.compactMap { $0["helpUri"] as? String }
    #expect(links.count == rules.count + 1)
    for link in links {
      #expect(link.hasPrefix(Self.blobPrefix), "\(link)")
      let target = String(link.dropFirst(Self.blobPrefix.count))
      #expect(try Self.resolves(target, from: Fixtures.repositoryRoot), "\(link)")
    }
  }

  @Test func relativeMarkdownLinksResolve() throws {
    let files = Self.markdownFiles
    #expect(files.count >= 8)
    var checked = 0
    for file in files {
      let text = try String(contentsOf: file, encoding: .utf8)
      for target in Self.links(in: text) where !Self.isExternal(target) {
        checked += 1
        #expect(
          try Self.resolves(target, from: file.deletingLastPathComponent()),
          "\(file.lastPathComponent): \(target)")
      }
    }
    #expect(checked > 20)
  }

  @Test func nothingCitesDocumentsOutsideTheRepository() throws {
    let root = Fixtures.repositoryRoot
    // The team-internal folder and documents, spelled in pieces so this file does not cite them.
    let outside = ".." + "/" + "shared"
    let banned = [outside] + ["DESIGN", "LINTER", "RELIABILITY"].map { $0 + ".md" }
    for file in Self.markdownFiles {
      let text = try String(contentsOf: file, encoding: .utf8)
      for word in banned { #expect(!text.contains(word), "\(file.path) cites \(word)") }
    }
    let makefile = try String(contentsOf: root.appendingPathComponent("Makefile"), encoding: .utf8)
    #expect(!makefile.contains(outside))
  }

  /// The targets of `[text](target)` links, without their titles, outside code blocks and
  /// code spans.
  static func links(in markdown: String) -> [String] {
    var result: [String] = []
    var rest = Substring(prose(of: markdown))
    while let open = rest.range(of: "](") {
      rest = rest[open.upperBound...]
      guard let close = rest.firstIndex(of: ")") else { break }
      let target = rest[..<close].split(separator: " ").first.map(String.init) ?? ""
      if !target.isEmpty { result.append(target) }
      rest = rest[close...]
    }
    return result
  }

  /// The text of `markdown` without fenced code blocks and inline code spans.
  static func prose(of markdown: String) -> String {
    var inFence = false
    var kept: [String] = []
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
        inFence.toggle()
        continue
      }
      guard !inFence else { continue }
      let parts = line.split(separator: "`", omittingEmptySubsequences: false)
      kept.append(parts.enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined())
    }
    return kept.joined(separator: "\n")
  }

  static func isExternal(_ target: String) -> Bool {
    target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("mailto:")
  }

  /// Whether `target` (`path`, `path#anchor` or `#anchor`) names an existing file and, with
  /// an anchor in a Markdown file, an `id="anchor"` or a heading whose slug is the anchor.
  static func resolves(_ target: String, from folder: URL) throws -> Bool {
    let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
    let path = String(parts[0]).removingPercentEncoding ?? String(parts[0])
    let file = path.isEmpty ? nil : folder.appendingPathComponent(path).standardizedFileURL
    if let file, !FileManager.default.fileExists(atPath: file.path) { return false }
    guard parts.count == 2, let file, file.pathExtension == "md" else { return true }
    let text = try String(contentsOf: file, encoding: .utf8)
    return anchors(in: text).contains(String(parts[1]))
  }

  /// Explicit `id="…"` anchors and GitHub-style heading slugs.
  static func anchors(in markdown: String) -> Set<String> {
    var result: Set<String> = []
    for line in markdown.split(separator: "\n") {
      var rest = Substring(line)
      while let start = rest.range(of: "id=\"") {
        rest = rest[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { break }
        result.insert(String(rest[..<end]))
        rest = rest[end...]
      }
      if line.hasPrefix("#") {
        let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
        let kept = title.unicodeScalars.filter {
          CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_"
        }
        result.insert(
          String(String.UnicodeScalarView(kept)).replacingOccurrences(of: " ", with: "-"))
      }
    }
    return result
  }
}
