import Foundation

extension Fixtures {
  /// The sorted names of the files in the fixture folder `url` (those ending in `suffix` when
  /// given). A corpus that is missing, unreadable or empty stops the run with the folder's
  /// path: a loader that fell back to `[]` would let every test over it pass on nothing.
  public static func fileNames(in url: URL, suffix: String? = nil) -> [String] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: url.path)
    } catch {
      fatalError("fixture folder \(url.path) cannot be read: \(error)")
    }
    let kept = names.filter { suffix == nil || $0.hasSuffix(suffix!) }.sorted()
    guard !kept.isEmpty else {
      fatalError("fixture folder \(url.path) holds no \(suffix ?? "") files")
    }
    return kept
  }

  /// The bytes of the fixture file `url`; a missing or unreadable file stops the run with its
  /// path.
  public static func data(_ url: URL) -> Data {
    do { return try Data(contentsOf: url) } catch {
      fatalError("fixture \(url.path) cannot be read: \(error)")
    }
  }
}
