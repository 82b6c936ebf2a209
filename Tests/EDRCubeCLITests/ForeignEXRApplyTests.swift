import Foundation
import RasterIO
import TestSupport
import Testing

/// `apply` on OpenEXR files as other tools write them (Tests/Fixtures/exr-cases): B44A with
/// float channels graded whole, XYZ chromaticities honoured, every view, part and layer with
/// colour graded (and `--view`, `--part`, `--layer` narrowing that), newer codecs refused by
/// name.
@Suite struct ForeignEXRApplyTests {
  static let folder = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/exr-cases")

  /// A size-2 cube in linear Rec.709 that swaps red and green: a linear map, exact under
  /// trilinear interpolation, that shows which primaries the pixels were taken to be in.
  static let swapRedGreen = """
    LUT_3D_SIZE 2
    0 0 0
    0 1 0
    1 0 0
    1 1 0
    0 0 1
    0 1 1
    1 0 1
    1 1 1

    """

  /// A size-2 identity cube written into `dir`.
  static func identity(in dir: URL) throws -> String {
    let cube = dir.appendingPathComponent("id.cube").path
    let made = try EDRCubeExecutable.run(["generate", "identity", "--size", "2", "-o", cube])
    try #require(made.status == 0, "\(made.stderr)")
    return cube
  }

  @Test func anIdentityCubeLeavesB44AFloatPixelsAsTheyWere() throws {
    try withTemporaryDirectory { dir in
      let input = Self.folder.appendingPathComponent("b44a_float.exr").path
      let cube = try Self.identity(in: dir)
      let output = dir.appendingPathComponent("out.exr").path
      let r = try EDRCubeExecutable.run([
        "apply", input, "--lut", cube, "--lut-space", "raw", "-o", output,
      ])
      try #require(r.status == 0, "\(r.stderr)")
      let before = try EXRImage.read(path: input).parts[0]
      let after = try EXRImage.read(path: output).parts[0]
      #expect(after.compression == .b44a)
      for channel in before.channels {
        let out = try #require(after.channelIndex(named: channel.name).map { after.channels[$0] })
        #expect(out.samples == channel.samples, "\(channel.name)")
      }
      let alpha = try #require(after.channelIndex(named: "A").map { after.channels[$0] })
      #expect(alpha.samples.floatValues.allSatisfy { $0 == 1 })
    }
  }

  /// Pixels in CIE XYZ (OpenEXR's chromaticities red 1, 0; green 0, 1; blue 0, 0; white ⅓, ⅓)
  /// go to Rec.709 for the cube and back. The XYZ values are colour-science's
  /// `matrix_RGB_to_RGB(BT.709, XYZ, chromatic_adaptation_transform="Bradford")` of Rec.709
  /// (0.2, 0.4, 0.6) and (0.7, 0.1, 0.3); after the swap they must be that of (0.4, 0.2, 0.6)
  /// and (0.1, 0.7, 0.3).
  @Test func xyzChromaticitiesAreHonoured() throws {
    let inputs: [[Float]] = [
      [0.346_185_296_773_910_5, 0.369_130_671_024_322_5, 0.570_985_496_044_158_9],
      [0.396_944_314_241_409_3, 0.247_392_818_331_718_44, 0.284_836_500_883_102_4],
    ]
    let expected: [[Float]] = [
      [0.355_439_871_549_606_3, 0.271_957_933_902_740_5, 0.552_359_223_365_783_7],
      [0.369_180_619_716_644_3, 0.538_910_984_992_981, 0.340_715_259_313_583_4],
    ]
    try withTemporaryDirectory { dir in
      var part = EXRPart(
        dataWindow: EXRBox(width: 2, height: 1),
        channels: ["R", "G", "B"].enumerated().map { c, name in
          EXRChannel(name: name, samples: EXRSamples(inputs.map { $0[c] }, as: .float))
        })
      let third = Float(1.0 / 3.0)
      part.chromaticities = EXRChromaticities(
        red: [1, 0], green: [0, 1], blue: [0, 0], white: [third, third])
      let input = dir.appendingPathComponent("xyz.exr").path
      try EXRImage(parts: [part]).write(to: input)
      let cube = dir.appendingPathComponent("swap.cube").path
      try Self.swapRedGreen.write(toFile: cube, atomically: true, encoding: .utf8)
      let output = dir.appendingPathComponent("out.exr").path
      let r = try EDRCubeExecutable.run([
        "apply", input, "--lut", cube, "--lut-space", "linear", "--lut-primaries", "rec709",
        "-o", output,
      ])
      try #require(r.status == 0, "\(r.stderr)")
      let out = try EXRImage.read(path: output).parts[0]
      for (c, name) in ["R", "G", "B"].enumerated() {
        let index = try #require(out.channelIndex(named: name))
        let values = out.channels[index].samples.floatValues
        for (pixel, value) in values.enumerated() {
          #expect(abs(value - expected[pixel][c]) <= 2e-6, "\(name)[\(pixel)]: \(value)")
        }
      }
    }
  }

  /// A size-2 raw cube of `x → 2x`.
  static let doubling =
    "LUT_3D_SIZE 2\n"
    + [(0, 0, 0), (2, 0, 0), (0, 2, 0), (2, 2, 0), (0, 0, 2), (2, 0, 2), (0, 2, 2), (2, 2, 2)]
    .map { "\($0.0) \($0.1) \($0.2)\n" }.joined()

  /// Applies ``doubling`` (raw, straight alpha: exactly 2x) to fixture `name` with `options`;
  /// returns the input, the output and the run's stderr.
  static func double(_ name: String, _ options: [String] = [], in dir: URL) throws -> (
    EXRImage, EXRImage, String
  ) {
    let input = folder.appendingPathComponent(name).path
    let cube = dir.appendingPathComponent("double.cube").path
    try doubling.write(toFile: cube, atomically: true, encoding: .utf8)
    let output = dir.appendingPathComponent("out-\(name)").path
    let r = try EDRCubeExecutable.run(
      ["apply", input, "--lut", cube, "--lut-space", "raw", "--alpha", "straight", "-o", output]
        + options)
    try #require(r.status == 0, "\(r.stderr)")
    return (try EXRImage.read(path: input), try EXRImage.read(path: output), r.stderr)
  }

  /// The channels (`part:name`) whose samples doubled, and those that stayed the same; any
  /// other change fails.
  static func doubled(_ before: EXRImage, _ after: EXRImage) -> (
    doubled: Set<String>, same: Set<String>
  ) {
    var result: (doubled: Set<String>, same: Set<String>) = ([], [])
    #expect(before.parts.count == after.parts.count)
    for (p, (a, b)) in zip(before.parts, after.parts).enumerated() {
      #expect(a.channels.map(\.name) == b.channels.map(\.name))
      for (x, y) in zip(a.channels, b.channels) {
        let (u, v) = (x.samples.floatValues, y.samples.floatValues)
        if u == v {
          result.same.insert("\(p):\(x.name)")
        } else if u.map({ $0 * 2 }) == v {
          result.doubled.insert("\(p):\(x.name)")
        } else {
          Issue.record("part \(p) channel \(x.name) changed otherwise")
        }
      }
    }
    return result
  }

  @Test func everyViewOfAStereoFileIsGraded() throws {
    try withTemporaryDirectory { dir in
      let (before, after, stderr) = try Self.double("stereo.exr", in: dir)
      let r = Self.doubled(before, after)
      #expect(r.doubled == ["0:R", "0:G", "0:B", "0:left.R", "0:left.G", "0:left.B"])
      #expect(r.same == ["0:A", "0:Z", "0:left.A"])
      #expect(stderr.contains("graded unnamed layer, layer 'left'"), "\(stderr)")
      let (_, leftOnly, _) = try Self.double("stereo.exr", ["--view", "left"], in: dir)
      #expect(Self.doubled(before, leftOnly).doubled == ["0:left.R", "0:left.G", "0:left.B"])
      let (_, rightOnly, _) = try Self.double("stereo.exr", ["--view", "right"], in: dir)
      #expect(Self.doubled(before, rightOnly).doubled == ["0:R", "0:G", "0:B"])
    }
  }

  @Test func everyPartWithColourIsGradedAndTheRestNamed() throws {
    try withTemporaryDirectory { dir in
      let (before, after, stderr) = try Self.double("multipart.exr", in: dir)
      let r = Self.doubled(before, after)
      #expect(r.doubled == ["0:R", "0:G", "0:B", "1:R", "1:G", "1:B"])
      #expect(r.same == ["0:A", "1:A", "2:Z"])
      #expect(
        stderr.contains("passed through part 2 'depth' unnamed layer (Z): no R, G, B"), "\(stderr)")
      let (_, one, _) = try Self.double("multipart.exr", ["--part", "right"], in: dir)
      #expect(Self.doubled(before, one).doubled == ["1:R", "1:G", "1:B"])
      let (_, view, _) = try Self.double("multipart.exr", ["--view", "left"], in: dir)
      #expect(Self.doubled(before, view).doubled == ["0:R", "0:G", "0:B"])
    }
  }

  @Test func aLayerOnlyFileHasEveryLayerGraded() throws {
    try withTemporaryDirectory { dir in
      let (before, after, _) = try Self.double("layers.exr", in: dir)
      let r = Self.doubled(before, after)
      #expect(r.doubled.count == 6 && r.doubled.allSatisfy { !$0.hasSuffix(".A") })
      let (_, one, _) = try Self.double("layers.exr", ["--layer", "diffuse"], in: dir)
      #expect(Self.doubled(before, one).doubled == ["0:diffuse.R", "0:diffuse.G", "0:diffuse.B"])
      let input = Self.folder.appendingPathComponent("layers.exr").path
      let missing = try EDRCubeExecutable.run([
        "apply", input, "--lut", try Self.identity(in: dir), "--layer", "specular", "-o",
        dir.appendingPathComponent("x.exr").path,
      ])
      #expect(missing.status != 0)
      #expect(
        missing.stderr.contains("layer 'beauty' (A, B, G, R)"),
        "lists the layers: \(missing.stderr)")
    }
  }

  /// Y alone is graded as grey (R = G = B = Y, as OpenEXR's RgbaInputFile reads it) and
  /// written back as Y (Rec.709 weights, which sum to 1): doubling doubles Y exactly.
  @Test func aLuminanceOnlyFileIsGradedAsGrey() throws {
    try withTemporaryDirectory { dir in
      let (before, after, stderr) = try Self.double("luminance.exr", in: dir)
      #expect(Self.doubled(before, after).doubled == ["0:Y"])
      #expect(after.parts[0].channels.map(\.name) == ["Y"])
      #expect(stderr.contains("(Y, as grey)"), "\(stderr)")
    }
  }

  @Test func aZSTDFileIsRefusedNamingTheCodec() throws {
    try withTemporaryDirectory { dir in
      let input = Self.folder.appendingPathComponent("zstd.exr").path
      let r = try EDRCubeExecutable.run([
        "apply", input, "--lut", try Self.identity(in: dir), "--lut-space", "raw", "-o",
        dir.appendingPathComponent("out.exr").path,
      ])
      #expect(r.status != 0)
      #expect(r.stderr.contains("ZSTD compression needs OpenEXR ≥ 3.4"), "\(r.stderr)")
      #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.exr").path))
    }
  }
}
