import Foundation

/// Locates the conformance corpus and this repository's files for tests.
///
/// The corpus lives in the repository, under `Tests/Fixtures/conformance` (its README says
/// where each file comes from); nothing outside the clone is read.
public enum Fixtures {
  /// The repository root (the folder holding `Package.swift`).
  public static let repositoryRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url
  }()

  /// `Tests/Fixtures/conformance`.
  public static var conformance: URL {
    repositoryRoot.appendingPathComponent("Tests/Fixtures/conformance")
  }

  /// `Tests/Fixtures/conformance/cube-cases`.
  public static var cubeCases: URL { conformance.appendingPathComponent("cube-cases") }

  /// `Tests/Fixtures/conformance/vectors`.
  public static var vectors: URL { conformance.appendingPathComponent("vectors") }

  /// `Tests/Fixtures/conformance/third-party`.
  public static var thirdParty: URL { conformance.appendingPathComponent("third-party") }

  /// `Tests/Fixtures/hostile`: the reproducers of issue 27 (docs/reliability.md §4).
  public static var hostile: URL { repositoryRoot.appendingPathComponent("Tests/Fixtures/hostile") }

  /// `Tests/Fixtures/clf`: OpenColorIO's CLF test files and their reference outputs.
  public static var clf: URL { repositoryRoot.appendingPathComponent("Tests/Fixtures/clf") }

  /// `Tests/Fixtures/lutformats`: OpenColorIO's .3dl, .csp, .spi*, CDL test files, a few of
  /// ours, and OpenColorIO's outputs for them.
  public static var lutFormats: URL {
    repositoryRoot.appendingPathComponent("Tests/Fixtures/lutformats")
  }

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
