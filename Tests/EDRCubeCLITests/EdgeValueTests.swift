import Foundation
import RasterIO
import TestSupport
import Testing

/// The pixel edge values of docs/reliability.md §3.3 through `edrcube apply` with an identity cube in
/// raw space, compared by bit pattern. Reference behaviour (OpenColorIO 2.6 and ffmpeg agree):
/// NaN → 0, +inf → 1, −inf → 0; with clamp extrapolation everything lands in [0, 1], with
/// linear extrapolation finite values pass through unchanged. A NaN alpha is copied as it is.
@Suite struct EdgeValueTests {
  static let edges: [Float] = [
    .nan, Float(bitPattern: 0x7FC0_1234), .infinity, -.infinity, -1, -0.0, 0,
    Float(bitPattern: 1), .leastNormalMagnitude, 6.1e-5, 5.96e-8, 1, Float(1).nextUp, 65504,
    65519, 65520, 1e30, .greatestFiniteMagnitude,
  ]

  /// The identity on [0, 1]³ in raw space.
  static let identity =
    "# EDRCube space: raw\nLUT_3D_SIZE 2\n"
    + "0 0 0\n1 0 0\n0 1 0\n1 1 0\n0 0 1\n1 0 1\n0 1 1\n1 1 1\n"

  /// Each edge value alone in R, then G, then B (the other two 0, so an identity cube's
  /// interpolation is exact), then one pixel with a NaN alpha.
  static let pixels: [[Float]] = {
    var rows: [[Float]] = []
    for channel in 0..<3 {
      for e in edges {
        var p: [Float] = [0, 0, 0, 1]
        p[channel] = e
        rows.append(p)
      }
    }
    rows.append([0.25, 0.5, 0.75, Float(bitPattern: 0x7FC0_0BAD)])
    return rows
  }()

  /// What the identity cube gives for `x`.
  static func expected(_ x: Float, clamp: Bool) -> Float {
    if x.isNaN || x == -.infinity { return 0 }
    if x == .infinity { return 1 }
    return clamp ? min(max(x, 0), 1) : x
  }

  func run(_ extra: [String]) throws -> [[Float]] {
    try withTemporaryDirectory { dir in
      let cube = dir.appendingPathComponent("identity.cube").path
      try Self.identity.write(toFile: cube, atomically: true, encoding: .utf8)
      let input = dir.appendingPathComponent("edges.exr").path
      let output = dir.appendingPathComponent("out.exr").path
      let channels = ["R", "G", "B", "A"].enumerated().map { c, name in
        EXRChannel(name: name, samples: .float(Self.pixels.map { $0[c] }))
      }
      try EXRImage(parts: [
        EXRPart(dataWindow: EXRBox(width: Self.pixels.count, height: 1), channels: channels)
      ]).write(to: input)
      let r = try EDRCubeExecutable.run(["apply", input, "--lut", cube, "-o", output] + extra)
      try #require(r.status == 0, "\(r.stderr)")
      let part = try EXRImage.read(path: output).parts[0]
      let planes = try ["R", "G", "B", "A"].map { name in
        try #require(part.channels.first { $0.name == name }).samples.floatValues
      }
      return (0..<Self.pixels.count).map { i in planes.map { $0[i] } }
    }
  }

  @Test(arguments: [
    ["--extrapolation", "clamp"], ["--extrapolation", "linear"],
    ["--extrapolation", "clamp", "--interp", "tetrahedral"],
    ["--extrapolation", "linear", "--interp", "tetrahedral"],
  ])
  func edgeValuesMatchTheReferenceBitForBit(_ options: [String]) throws {
    let clamp = options.contains("clamp")
    let out = try run(options)
    var mismatches: [String] = []
    for (i, (given, got)) in zip(Self.pixels, out).enumerated() {
      for c in 0..<4 {
        let want =
          c == 3 || i == Self.pixels.count - 1 ? given[c] : Self.expected(given[c], clamp: clamp)
        // −0 may come out as +0 (both are zero to every later stage); all else is exact.
        let same =
          got[c].bitPattern == want.bitPattern || (given[c] == 0 && got[c] == 0 && want == 0)
        if !same {
          mismatches.append("pixel \(i) channel \(c): \(given[c]) → \(got[c]), want \(want)")
        }
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "; "))")
  }
}
