import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 27 items 5–9 through the command line (docs/reliability.md §4): pages, escapes,
/// linter reach, numbers and stdin bounds.
@Suite struct HostileTextAndReachTests {
  static let lut = Fixtures.luts.appendingPathComponent("warm_sdr.cube").path

  func hostile(_ name: String) -> String { Fixtures.hostile.appendingPathComponent(name).path }

  @Test func inPlaceNeverDestroysTheOtherPagesOfATIFF() throws {
    try withTemporaryDirectory { dir in
      let image = dir.appendingPathComponent("pages.tif").path
      try FileManager.default.copyItem(atPath: hostile("tiff_multipage_2pages.tif"), toPath: image)
      let before = try Fixtures.bytes(URL(fileURLWithPath: image))
      let r = try EDRCubeExecutable.run(["apply", image, "--lut", Self.lut, "--in-place"])
      #expect(r.status != 0)
      #expect(r.stderr.contains("2 pages"), "\(r.stderr)")
      #expect(!r.stderr.contains("Predictor"), "\(r.stderr)")
      #expect(try Fixtures.bytes(URL(fileURLWithPath: image)) == before)
    }
  }

  /// A kernel line that is a GitHub workflow command, and terminal escapes in comments, are
  /// echoed defused in text output and exact in JSON.
  @Test func lintDefusesWorkflowCommandsAndEscapes() throws {
    for name in ["lint_workflow_command_echo.cikernel", "lint_escape_in_source.cikernel"] {
      for format in ["text", "github"] {
        let r = try EDRCubeExecutable.run(["lint", hostile(name), "--format", format])
        let lines = (r.stdout + r.stderr).split(separator: "\n")
        let commands = lines.filter { $0.drop { $0 == " " || $0 == "\t" }.hasPrefix("::") }
        #expect(
          commands.allSatisfy { format == "github" && !$0.contains("INJECTED") },
          "\(name) \(format): \(commands)")
        #expect(!(r.stdout + r.stderr).unicodeScalars.contains("\u{1B}"), "\(name) \(format)")
      }
    }
  }

  @Test func lintFollowsLinkedFoldersAndSurvivesLoops() throws {
    try withTemporaryDirectory { dir in
      let real = dir.appendingPathComponent("real")
      try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
      try Data("kernel vec4 k(__sample s) { return clamp(s, 0.0, 1.0); }\n".utf8)
        .write(to: real.appendingPathComponent("k.cikernel"))
      let link = dir.appendingPathComponent("link").path
      #expect(symlink(real.path, link) == 0)
      #expect(symlink(real.path, real.appendingPathComponent("loop").path) == 0)
      let r = try EDRCubeExecutable.run(["lint", link, "--format", "json"])
      let object = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
      let summary = object?["summary"] as? [String: Any]
      #expect(summary?["filesScanned"] as? Int == 1, "\(r.stdout) \(r.stderr)")
    }
  }

  @Test func includesCannotLeaveTheLintedFolder() throws {
    try withTemporaryDirectory { dir in
      let tree = dir.appendingPathComponent("tree")
      try FileManager.default.createDirectory(at: tree, withIntermediateDirectories: true)
      try Data("#define SECRET_TOKEN_XYZ 1\n".utf8).write(to: dir.appendingPathComponent("s.h"))
      let kernel = tree.appendingPathComponent("k.cikernel")
      // A link inside the tree to a folder outside it is not a way out either.
      try FileManager.default.createSymbolicLink(
        at: tree.appendingPathComponent("outside"), withDestinationURL: dir)
      for include in ["../s.h", dir.appendingPathComponent("s.h").path, "outside/s.h"] {
        try Data(
          "#include \"\(include)\"\nkernel vec4 k(__sample s) { return s * SECRET_TOKEN_XYZ; }\n"
            .utf8
        ).write(to: kernel)
        let r = try EDRCubeExecutable.run(["lint", kernel.path])
        #expect(r.stdout.contains("LINT003"), "\(include): \(r.stdout)")
        #expect(r.stdout.contains("are not followed"), "\(include): \(r.stdout)")
      }
    }
  }

  /// Rows starting `nan` (before or inside the table) are invalid numbers at line:column.
  @Test(arguments: [("cube_nan_row_silently_dropped.cube", 2), ("cube_nan_row_mid.cube", 6)])
  func nanRowsAreInvalidNumbers(_ name: String, _ line: Int) throws {
    let r = try EDRCubeExecutable.run(["inspect", hostile(name)])
    #expect(r.status != 0)
    #expect(r.stderr.contains("\(name):\(line):1: error: invalid number 'nan'"), "\(r.stderr)")
  }

  @Test func evalRefusesAnOverlongLine() throws {
    let r = try EDRCubeExecutable.run(
      ["eval", "--lut", Self.lut], stdin: "0 0 0\n" + String(repeating: "1", count: 5000) + "\n")
    #expect(r.status != 0)
    #expect(r.stderr.contains("<stdin>:2: error: line longer than 4096 bytes"), "\(r.stderr)")
  }
}

extension HostileTextAndReachTests {
  /// A bad space comment with escapes: one `error:`, escapes shown as text.
  @Test func aBadSpaceCommentIsReportedOnceAndEscaped() throws {
    let r = try EDRCubeExecutable.run(["inspect", hostile("cube_space_comment_escape.cube")])
    #expect(r.status != 0)
    #expect(!r.stderr.contains("error: error:"), "\(r.stderr)")
    #expect(!r.stderr.unicodeScalars.contains("\u{1B}") && r.stderr.contains("\\e[31m"))
  }
}

extension HostileTextAndReachTests {
  /// A domain whose span is denormal would scale every input to infinity: refused where read.
  @Test func aDenormalDomainSpanIsRefusedWhereItIsRead() throws {
    let name = "cube_domain_denormal_span.cube"
    let r = try EDRCubeExecutable.run(["inspect", hostile(name)])
    #expect(r.status != 0)
    #expect(r.stderr.contains("\(name):3:1: error: DOMAIN_MIN/DOMAIN_MAX"), "\(r.stderr)")
  }
}

extension HostileTextAndReachTests {
  /// `--max-image-mib` lowers the decoded-bytes bound: the 10 KB TIFF that decodes to 2 GiB is
  /// refused before its samples are allocated.
  @Test func applyBoundsDecodedBytes() throws {
    try withTemporaryDirectory { dir in
      let output = dir.appendingPathComponent("out.tif").path
      let r = try EDRCubeExecutable.run([
        "apply", hostile("tiff_bomb_4096sq_32spp.tif"), "--lut", Self.lut, "-o", output,
        "--max-image-mib", "256",
      ])
      #expect(r.status != 0)
      #expect(r.stderr.contains("above the limit of 268435456"), "\(r.stderr)")
      #expect(!FileManager.default.fileExists(atPath: output))
    }
  }
}

extension HostileTextAndReachTests {
  /// Finite inputs near Float's largest overflow in a 33³ identity cube's space conversions;
  /// the summary counts them instead of passing them silently.
  @Test func overflowingOutputsAreCounted() throws {
    try withTemporaryDirectory { dir in
      let cube = dir.appendingPathComponent("identity.cube").path
      let made = try EDRCubeExecutable.run(["generate", "identity", "--size", "33", "-o", cube])
      try #require(made.status == 0, "\(made.stderr)")
      let r = try EDRCubeExecutable.run([
        "apply", hostile("exr_float_large_values.exr"), "--lut", cube, "-o",
        dir.appendingPathComponent("out.exr").path,
      ])
      #expect(r.status == 0, "\(r.stderr)")
      #expect(
        r.stdout.contains("0 non-finite pixel(s) in the input, 2 in the output"), "\(r.stdout)")
    }
  }
}

extension HostileTextAndReachTests {
  /// An input that is a symbolic link loop says so (ELOOP's text), not "no such file".
  @Test func aLinkLoopInputSaysSo() throws {
    try withTemporaryDirectory { dir in
      let a = dir.appendingPathComponent("a.exr").path
      let b = dir.appendingPathComponent("b.exr").path
      #expect(symlink(b, a) == 0 && symlink(a, b) == 0)
      let r = try EDRCubeExecutable.run(
        ["apply", a, "--lut", Self.lut, "-o", dir.appendingPathComponent("o.exr").path])
      #expect(r.status != 0)
      #expect(r.stderr.contains("symbolic links"), "\(r.stderr)")
    }
  }
}
