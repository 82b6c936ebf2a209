import Foundation
import TestSupport
import Testing

/// The untuned evaluation corpus (docs/lint-corpus.md, issue 33) is data the scores rest on:
/// every label names a file of the manifest, the halves split by repository owner, and the
/// corpus shares no repository with the corpus the linter was first tuned on.
@Suite struct UntunedCorpusManifestTests {
  private struct Entry: Decodable {
    let repo: String
    let commit: String
    let path: String
    let licence: String
    let half: String?
  }
  private struct Manifest: Decodable { let files: [Entry] }
  private struct Clamp: Decodable {
    let file: String
    let line: Int
    let hostile: Bool
    let why: String
  }
  private struct Alpha: Decodable {
    let file: String
    let kernel: String
    let leaves: String?
    let why: String
  }
  private struct Labels: Decodable {
    let clamps: [Clamp]
    let alpha: [Alpha]
  }

  private static let folder = Fixtures.repositoryRoot
    .appendingPathComponent("Tests/Fixtures/lint-corpus")

  private func load<T: Decodable>(_ type: T.Type, _ relative: String) throws -> T {
    try JSONDecoder().decode(
      type, from: Fixtures.data(Self.folder.appendingPathComponent(relative)))
  }

  @Test func labelsNameManifestFilesAndHalvesSplitByOwner() throws {
    let manifest = try load(Manifest.self, "untuned/manifest.json")
    let labels = try load(Labels.self, "untuned/labels.json")
    let files = Set(manifest.files.map { "\($0.repo)/\($0.path)" })
    #expect(files.count == manifest.files.count)
    #expect(labels.clamps.allSatisfy { files.contains($0.file) && $0.line > 0 && !$0.why.isEmpty })
    #expect(labels.alpha.allSatisfy { files.contains($0.file) && !$0.kernel.isEmpty })
    #expect(labels.alpha.allSatisfy { $0.leaves == nil || $0.leaves == "A" || $0.leaves == "B" })
    #expect(
      manifest.files.allSatisfy { $0.commit.count == 40 && $0.commit.allSatisfy(\.isHexDigit) })
    var halfOfOwner: [String: Set<String>] = [:]
    for entry in manifest.files {
      let owner = String(entry.repo.prefix { $0 != "/" })
      halfOfOwner[owner, default: []].insert(entry.half ?? "")
    }
    #expect(halfOfOwner.values.allSatisfy { $0 == ["dev"] || $0 == ["test"] || $0 == ["heldout"] })
  }

  @Test func sharesNoRepositoryWithTheOriginalCorpus() throws {
    let original = Set(try load(Manifest.self, "manifest.json").files.map(\.repo))
    let untuned = Set(try load(Manifest.self, "untuned/manifest.json").files.map(\.repo))
    #expect(original.count == 20)
    #expect(untuned.count == 109)
    #expect(original.isDisjoint(with: untuned))
  }

  /// The counts docs/lint-corpus.md gives for each half.
  @Test func halvesHoldTheDocumentedCounts() throws {
    let manifest = try load(Manifest.self, "untuned/manifest.json")
    let labels = try load(Labels.self, "untuned/labels.json")
    for (half, counts) in [
      ("dev", [187, 372, 19, 252, 31]), ("test", [188, 384, 30, 266, 12]),
      ("heldout", [7, 5, 1, 9, 1]),
    ] {
      let files = Set(manifest.files.filter { $0.half == half }.map { "\($0.repo)/\($0.path)" })
      let clamps = labels.clamps.filter { files.contains($0.file) }
      let alpha = labels.alpha.filter { files.contains($0.file) }
      let found = [
        files.count, clamps.count, clamps.filter(\.hostile).count, alpha.count,
        alpha.filter { $0.leaves != nil }.count,
      ]
      #expect(found == counts, "\(half) half")
    }
  }
}
