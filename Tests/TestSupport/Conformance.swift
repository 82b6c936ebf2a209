import Foundation

/// Locates the shared conformance corpus and this repository's files for tests.
///
/// The corpus lives beside the repository (`../shared/conformance`), where CI places it.
/// `EDRCUBE_SHARED` overrides the location of `shared/`.
public enum Fixtures {
  /// The repository root (the folder holding `Package.swift`).
  public static let repositoryRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url
  }()

  /// The shared folder beside the repository.
  public static let shared: URL = {
    if let path = ProcessInfo.processInfo.environment["EDRCUBE_SHARED"] {
      return URL(fileURLWithPath: path)
    }
    return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")
  }()

  /// `shared/conformance`.
  public static var conformance: URL { shared.appendingPathComponent("conformance") }

  /// `shared/conformance/cube-cases`.
  public static var cubeCases: URL { conformance.appendingPathComponent("cube-cases") }

  /// `shared/conformance/vectors`.
  public static var vectors: URL { conformance.appendingPathComponent("vectors") }

  /// `shared/conformance/third-party`.
  public static var thirdParty: URL { conformance.appendingPathComponent("third-party") }

  /// The bundled `luts/` folder.
  public static var luts: URL { repositoryRoot.appendingPathComponent("luts") }

  /// Reads a file's bytes.
  public static func bytes(_ url: URL) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: url))
  }

  /// Decodes a JSON file into Foundation objects (`[String: Any]`, arrays, numbers, strings).
  public static func json(_ url: URL) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(contentsOf: url), options: [.fragmentsAllowed])
  }
}
