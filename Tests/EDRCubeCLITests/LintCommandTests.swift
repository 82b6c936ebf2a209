import Foundation
import TestSupport
import Testing

/// `edrcube lint` exit statuses: 0 clean, 1 findings at the failure level, 2 could not run.
@Suite struct LintCommandTests {
  static let cleanKernel = "kernel vec4 k(__sample s) { return s; }\n"
  static let clampingKernel =
    "kernel vec4 glow(__sample s, float gain) {\n  return vec4(clamp(s.rgb * gain, 0.0, 1.0), s.a);\n}\n"

  func lintStdin(_ kernel: String, _ extra: [String] = []) throws -> CommandResult {
    try EDRCubeExecutable.run(
      ["lint", "--stdin", "--stdin-filename", "k.cikernel"] + extra, stdin: kernel)
  }

  @Test func cleanKernelExitsZero() throws {
    let r = try lintStdin(Self.cleanKernel)
    #expect(r.status == 0, "\(r.stderr)")
  }

  @Test func clampingKernelReportsEDR001InXcodeFormat() throws {
    let r = try lintStdin(Self.clampingKernel, ["--format", "xcode"])
    #expect(r.stdout.contains("k.cikernel:2:"), "\(r.stdout)")
    #expect(r.stdout.contains("[EDR001]"), "\(r.stdout)")
  }

  @Test func findingsAtTheFailureLevelExitOne() throws {
    let r = try lintStdin(Self.clampingKernel, ["--strict"])
    #expect(r.status == 1, "\(r.stdout)\(r.stderr)")
  }

  @Test(arguments: [["--no-such-flag", "."], ["--max-warnings", "many", "."], [".", "--format"]])
  func usageErrorsExitTwo(arguments: [String]) throws {
    let r = try EDRCubeExecutable.run(["lint"] + arguments)
    #expect(r.status == 2, "\(r.stderr)")
    #expect(r.stderr.contains("Usage: edrcube lint"), "\(r.stderr)")
  }

  @Test func badValuesCheckedByTheCommandExitTwo() throws {
    let r = try EDRCubeExecutable.run(["lint", "--format", "yaml", "."])
    #expect(r.status == 2)
    #expect(r.stderr.contains("unknown format"))
  }

  @Test func plainMetalShadersTakingATextureAreAnalysedUnlessCIKLIsChosen() throws {
    let shader = """
      fragment float4 f(float4 pos [[position]], texture2d<float> t [[texture(0)]], sampler s) {
        float4 c = t.sample(s, pos.xy);
        return float4(saturate(c.rgb), c.a);
      }

      """
    let arguments = ["lint", "--stdin", "--stdin-filename", "s.metal", "--format", "xcode"]
    let auto = try EDRCubeExecutable.run(arguments, stdin: shader)
    #expect(auto.stdout.contains("s.metal:3:17: warning:"), "\(auto.stdout)")
    let cikl = try EDRCubeExecutable.run(arguments + ["--dialect", "cikl"], stdin: shader)
    #expect(!cikl.stdout.contains("[EDR001]"), "\(cikl.stdout)")
    let metal = try EDRCubeExecutable.run(arguments + ["--dialect", "metal"], stdin: shader)
    #expect(metal.stdout.contains("s.metal:3:17: warning:"), "\(metal.stdout)")
    let bad = try EDRCubeExecutable.run(arguments + ["--dialect", "hlsl"], stdin: shader)
    #expect(bad.status == 2)
  }

  /// A file that cannot be linted (here: an invalid `.edrlint.json` beside it) is reported as
  /// an error of its own; the other files are still linted and the run exits 2.
  @Test func oneFailingFileDoesNotHideTheOthers() throws {
    try withTemporaryDirectory { dir in
      let good = dir.appendingPathComponent("good")
      let bad = dir.appendingPathComponent("bad")
      for folder in [good, bad] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.clampingKernel.write(
          to: folder.appendingPathComponent("k.cikernel"), atomically: true, encoding: .utf8)
      }
      try "{ not json".write(
        to: bad.appendingPathComponent(".edrlint.json"), atomically: true, encoding: .utf8)
      let r = try EDRCubeExecutable.run(
        ["lint", "--format", "xcode", dir.path], currentDirectory: dir)
      #expect(r.status == 2, "\(r.stderr)")
      #expect(r.stdout.contains("good/k.cikernel:2:"), "\(r.stdout)")
      #expect(r.stdout.contains("[EDR001]"), "\(r.stdout)")
      #expect(
        r.stdout.contains("bad/k.cikernel:1:1: error: this file was not analysed"), "\(r.stdout)")
      #expect(r.stderr.contains("1 file(s) could not be linted"), "\(r.stderr)")
    }
  }

  /// A folder scan lints kernel headers on their own, at their own lines, and skips C and
  /// Objective-C headers.
  @Test func folderScansLintKernelHeaders() throws {
    try withTemporaryDirectory { dir in
      let helper = """
        #include <metal_stdlib>
        using namespace metal;

        inline float3 boost(float3 c) {
          return min(c * 2.0, 1.0);
        }

        """
      try helper.write(
        to: dir.appendingPathComponent("Helpers.h"), atomically: true, encoding: .utf8)
      try "@interface Filter : NSObject\n@end\n".write(
        to: dir.appendingPathComponent("Filter.h"), atomically: true, encoding: .utf8)
      let r = try EDRCubeExecutable.run(["lint", "--format", "xcode", "."], currentDirectory: dir)
      #expect(r.stdout.contains("Helpers.h:5:10: warning:"), "\(r.stdout)")
      #expect(!r.stdout.contains("Filter.h"), "\(r.stdout)")
    }
  }

  @Test func helpStillExitsZero() throws {
    let r = try EDRCubeExecutable.run(["lint", "--help"])
    #expect(r.status == 0)
    #expect(r.stdout.contains("--format"))
  }

  @Test func otherSubcommandsKeepArgumentParserUsageStatus() throws {
    let r = try EDRCubeExecutable.run(["inspect", "--no-such-flag"])
    #expect(r.status == 64, "\(r.stderr)")
  }
}
