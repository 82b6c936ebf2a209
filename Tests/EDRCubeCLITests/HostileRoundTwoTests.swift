import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 27 (docs/reliability.md §4), through the command line, on the reproducers copied to
/// `Tests/Fixtures/hostile`.
@Suite struct HostileRoundTwoTests {
  static let lut = Fixtures.luts.appendingPathComponent("warm_sdr.cube").path

  func hostile(_ name: String) -> String { Fixtures.hostile.appendingPathComponent(name).path }

  /// An attribute type OpenEXRCore does not know used to hang `apply` forever (the error
  /// handler re-entered the library's lock). It is now an error naming the file.
  @Test(arguments: ["exr_unknown_attr_type.exr", "exr_fuzz_hang_flip371.exr"])
  func unknownAttributeTypesFailInsteadOfHanging(_ name: String) throws {
    try withTemporaryDirectory { dir in
      let output = dir.appendingPathComponent("out.exr").path
      let r = try EDRCubeExecutable.run(["apply", hostile(name), "--lut", Self.lut, "-o", output])
      #expect(r.status == 1)
      #expect(r.stderr.contains("error: cannot copy the header attributes"), "\(r.stderr)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
  }

  /// Every command refuses, before writing anything, an output that is one of its inputs.
  @Test(arguments: [
    ["convert", "A", "A", "--to", "pq"],
    ["convert", "A", "OUT", "--to", "pq", "--plot", "A"],
    ["generate", "resize", "A", "--size", "3", "-o", "A"],
    ["generate", "compose", "A", "B", "-o", "A"],
    ["generate", "compose", "B", "A", "--core-image", "A"],
    ["generate", "chain", "exposure=1", "lut=A", "-o", "A"],
    ["inspect", "A", "--write-as", "A"],
    ["inspect", "A", "--plot", "A"],
    ["apply", "IMG", "--lut", "A", "-o", "A"],
    ["apply", "IMG", "--lut", "B", "-o", "OUT", "--preview", "IMG"],
    ["apply", "IMG", "--lut", "B", "--in-place", "--preview", "IMG"],
  ])
  func outputsNeverReplaceInputs(_ template: [String]) throws {
    try withTemporaryDirectory { dir in
      func path(_ name: String) -> String { dir.appendingPathComponent(name).path }
      try FileManager.default.copyItem(atPath: Self.lut, toPath: path("A"))
      try FileManager.default.copyItem(atPath: Self.lut, toPath: path("B"))
      try FileManager.default.copyItem(
        atPath: hostile("exr_float_large_values.exr"), toPath: path("IMG"))
      let before = try ["A", "B", "IMG"].map { try Fixtures.bytes(URL(fileURLWithPath: path($0))) }
      let arguments = template.map { ["A", "B", "IMG", "OUT"].contains($0) ? path($0) : $0 }
        .map { $0.hasPrefix("lut=") ? "lut=" + path("A") : $0 }
      let r = try EDRCubeExecutable.run(arguments)
      #expect(r.status != 0, "\(template)")
      #expect(r.stderr.contains("would replace the input"), "\(template): \(r.stderr)")
      let after = try ["A", "B", "IMG"].map { try Fixtures.bytes(URL(fileURLWithPath: path($0))) }
      let unchanged = after == before
      #expect(unchanged, "\(template)")
      #expect(!FileManager.default.fileExists(atPath: path("OUT")), "\(template)")
    }
  }

  @Test func inPlaceKeepsAPrivateMode() throws {
    try withTemporaryDirectory { dir in
      let image = dir.appendingPathComponent("in.exr").path
      try FileManager.default.copyItem(
        atPath: hostile("exr_float_large_values.exr"), toPath: image)
      chmod(image, 0o600)
      let r = try EDRCubeExecutable.run(["apply", image, "--lut", Self.lut, "--in-place"])
      #expect(r.status == 0, "\(r.stderr)")
      let attributes = try FileManager.default.attributesOfItem(atPath: image)
      #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }
  }

  /// A TITLE with an escape sequence is shown escaped; JSON keeps it exact.
  @Test func inspectEscapesControlCharacters() throws {
    let cube = hostile("cube_title_escape.cube")
    let text = try EDRCubeExecutable.run(["inspect", cube])
    #expect(text.status == 0)
    #expect(!text.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(text.stdout.contains("\\e"))
    let json = try EDRCubeExecutable.run(["inspect", cube, "--json"])
    let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
    let title = try #require(object?["title"] as? String)
    #expect(title.unicodeScalars.contains("\u{1B}"))
  }

  /// Warnings and comments past the first 100 are counted, not kept.
  @Test func warningsAndCommentsAreBounded() throws {
    try withTemporaryDirectory { dir in
      let cube = dir.appendingPathComponent("flood.cube")
      let text =
        String(repeating: "# c\n", count: 500) + String(repeating: "X\n", count: 1000)
        + "LUT_3D_SIZE 2\n" + String(repeating: "0 0 0\n", count: 8)
      try Data(text.utf8).write(to: cube)
      let r = try EDRCubeExecutable.run(["inspect", cube.path, "--json"])
      #expect(r.status == 0, "\(r.stderr)")
      let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
      #expect((object?["warnings"] as? [Any])?.count == 100)
      #expect(object?["warningsOmitted"] as? Int == 900)
      #expect((object?["comments"] as? [Any])?.count == 100)
      #expect(object?["commentsOmitted"] as? Int == 400)
    }
  }
}
