import Foundation
import TestSupport
import Testing

/// `edrcube shader` (docs/gpu.md): what it writes, and what it refuses without writing
/// anything. The shaders' numerics run on lavapipe in scripts/gpu/shader_check.py.
@Suite struct ShaderCommandTests {
  static let identity17 = Fixtures.repositoryRoot.appendingPathComponent("luts/identity_17.cube")
    .path

  /// The table buffer of the 17³ identity: node (r, g, b) is (r, g, b)/16, red fastest, so the
  /// second node is (1/16, 0, 0) and node 17 (one step in green) is (0, 1/16, 0).
  @Test func writesTheSourceAndTheTableBuffer() throws {
    try withTemporaryDirectory { dir in
      let source = dir.appendingPathComponent("id.wgsl").path
      let table = dir.appendingPathComponent("id.bin").path
      let r = try EDRCubeExecutable.run([
        "shader", "--lut", Self.identity17, "--lut-space", "raw", "--lang", "wgsl",
        "--interp", "tetrahedral", "-o", source, "--table-output", table,
      ])
      try #require(r.status == 0, "\(r.stderr)")
      let text = try String(contentsOfFile: source, encoding: .utf8)
      #expect(text.contains("fn edrcube_main(@builtin(global_invocation_id)"))
      #expect(text.contains("const EDRCUBE_SCALE: vec3<f32> = vec3<f32>(16.0, 16.0, 16.0);"))
      let data = try Data(contentsOf: URL(fileURLWithPath: table))
      #expect(data.count == 3 * 17 * 17 * 17 * 4)
      let floats = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
      #expect(Array(floats[0..<6]) == [0, 0, 0, 0.0625, 0, 0])
      #expect(Array(floats[51..<54]) == [0, 0.0625, 0])
    }
  }

  /// The cube-space options are apply's: as an srgb cube the shader runs the sRGB curves and
  /// rising-maxrgb (apply's defaults), and says so on stderr with apply's summary line.
  @Test func runsApplysChainWithApplysSummary() throws {
    try withTemporaryDirectory { dir in
      let source = dir.appendingPathComponent("id.hlsl").path
      let r = try EDRCubeExecutable.run([
        "shader", "--lut", Self.identity17, "--lut-space", "srgb", "--lang", "hlsl", "-o", source,
      ])
      try #require(r.status == 0, "\(r.stderr)")
      #expect(r.stderr.contains("extrapolation bounded, policy rising-maxrgb"), "\(r.stderr)")
      let text = try String(contentsOfFile: source, encoding: .utf8)
      #expect(text.contains("float edrcube_srgb_encode(float x)"))
      #expect(text.contains("[numthreads(64, 1, 1)]"))
    }
  }

  @Test(arguments: [
    (["--lut-space", "srgb", "--headroom", "2"], "shaders do not run a tone map"),
    (["--lut-space", "cineon"], "shaders do not run the cineon curve yet"),
    (["--lut-space", "raw", "--table", "constant"], "too large for --table constant"),
  ])
  func refusesWithoutWriting(_ extra: [String], _ message: String) throws {
    try withTemporaryDirectory { dir in
      let source = dir.appendingPathComponent("x.comp").path
      let r = try EDRCubeExecutable.run(
        ["shader", "--lut", Self.identity17, "--lang", "glsl", "-o", source] + extra)
      #expect(r.status != 0)
      #expect(r.stderr.contains(message), "\(r.stderr)")
      #expect(!FileManager.default.fileExists(atPath: source))
    }
  }

  /// Core Image's `--table-output` is the table image: 17 texels a row, 17² rows, RGBA with
  /// alpha 1, texel 1 the second node (1/16, 0, 0).
  @Test func coreImageWritesTheTableImage() throws {
    try withTemporaryDirectory { dir in
      let source = dir.appendingPathComponent("id.ci.metal").path
      let table = dir.appendingPathComponent("id.bin").path
      let r = try EDRCubeExecutable.run([
        "shader", "--lut", Self.identity17, "--lut-space", "raw", "--lang", "coreimage",
        "-o", source, "--table-output", table,
      ])
      try #require(r.status == 0, "\(r.stderr)")
      let text = try String(contentsOfFile: source, encoding: .utf8)
      #expect(text.contains("float4 edrcube_kernel(sampler image, sampler edrcube_table)"))
      let data = try Data(contentsOf: URL(fileURLWithPath: table))
      #expect(data.count == 4 * 17 * 17 * 17 * 4)
      let floats = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
      #expect(Array(floats[0..<8]) == [0, 0, 0, 1, 0.0625, 0, 0, 1])
    }
  }

  /// A DCTL has no buffer to write, and says when its table is more than CUDA's 64 KB of
  /// constant memory (a 33³ cube: 421 KB).
  @Test func dctlHoldsItsTable() throws {
    try withTemporaryDirectory { dir in
      let source = dir.appendingPathComponent("look.dctl").path
      let look = Fixtures.repositoryRoot.appendingPathComponent("luts/teal_orange_sdr.cube").path
      let refused = try EDRCubeExecutable.run([
        "shader", "--lut", look, "--lang", "dctl", "-o", source, "--table-output",
        dir.appendingPathComponent("t.bin").path,
      ])
      #expect(refused.status != 0)
      #expect(refused.stderr.contains("a DCTL holds its table in the source"), "\(refused.stderr)")
      #expect(!FileManager.default.fileExists(atPath: source))
      let r = try EDRCubeExecutable.run(["shader", "--lut", look, "--lang", "dctl", "-o", source])
      try #require(r.status == 0, "\(r.stderr)")
      #expect(r.stderr.contains("421 KB of __CONSTANT__ data"), "\(r.stderr)")
      let text = try String(contentsOfFile: source, encoding: .utf8)
      #expect(text.contains("__CONSTANT__ float edrcube_table[107811] = {"))
    }
  }
}
