import Foundation
import TestSupport
import Testing

/// `edrcube convert` and `edrcube generate` end to end.
@Suite struct ConvertGenerateCommandTests {
  /// The data rows of a `.cube` text (lines of three numbers).
  static func rows(_ text: String) -> [[Double]] {
    text.split(whereSeparator: \.isNewline).compactMap { line in
      let numbers = line.split(separator: " ").compactMap { Double($0) }
      return numbers.count == 3 && line.first.map { !$0.isLetter && $0 != "#" } == true
        ? numbers : nil
    }
  }

  static func text(_ url: URL) throws -> String {
    String(decoding: try Data(contentsOf: url), as: UTF8.self)
  }

  /// Conformance README §5 "Converter", through the command line.
  @Test func convertMatchesTheConformanceVector() throws {
    try withTemporaryDirectory { dir in
      let out = dir.appendingPathComponent("pq6.cube")
      let source = Fixtures.vectors.appendingPathComponent("sdr_look_11.cube").path
      let result = try EDRCubeExecutable.run([
        "convert", source, out.path, "--to", "pq", "--size", "6", "--edr-policy",
        "tone-scaled-maxrgb",
      ])
      #expect(result.status == 0, "\(result.stderr)")
      let got = Self.rows(try Self.text(out))
      let expected = Self.rows(
        try Self.text(Fixtures.vectors.appendingPathComponent("pq6_tone_scaled_maxrgb.cube")))
      #expect(got.count == 216 && expected.count == 216)
      for (g, e) in zip(got, expected) {
        for k in 0..<3 { expectClose(g[k], e[k], abs: 1e-4) }
      }
      let text = try Self.text(out)
      #expect(text.contains("# EDRCube space: pq rec2020 203"))
      #expect(text.contains("# edr-policy: tone-scaled-maxrgb"))
    }
  }

  @Test func convertReportsAsJSON() throws {
    try withTemporaryDirectory { dir in
      let source = Fixtures.vectors.appendingPathComponent("sdr_look_11.cube").path
      let out = dir.appendingPathComponent("hlg.cube").path
      let result = try EDRCubeExecutable.run(
        ["convert", source, out, "--to", "hlg", "--size", "17", "--report", "--json"])
      #expect(result.status == 0, "\(result.stderr)")
      let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
      let report = try #require(object as? [String: Any])
      let p99 = try #require(report["p99"] as? Double)
      let max = try #require(report["max"] as? Double)
      #expect(p99 > 0 && p99 <= max)
      // HLG cannot carry every sample colour as input: those are left out (7406 of 128 000).
      let compared = try #require(report["sampleCount"] as? Int)
      #expect(report["leftOut"] as? Int == 7406)
      #expect(compared == 128_000 - 7406)
    }
  }

  /// `--shaper` spans the whole signal range (the default 0…1, so no INPUT_RANGE line) and
  /// rolls off to the mastering peak (docs/semantics.md §6); it used to end at the peak,
  /// `LUT_1D_INPUT_RANGE 0 0.7518271`, which clipped each channel there.
  @Test func shaperModeSpansTheRangeAndRollsOff() throws {
    try withTemporaryDirectory { dir in
      let source = Fixtures.vectors.appendingPathComponent("sdr_look_11.cube").path
      let out = dir.appendingPathComponent("q.cube")
      let result = try EDRCubeExecutable.run(
        ["convert", source, out.path, "--to", "pq", "--size", "9", "--shaper", "--profile", "ocio"])
      #expect(result.status == 0, "\(result.stderr)")
      let text = try Self.text(out)
      #expect(!text.contains("LUT_1D_INPUT_RANGE"))
      #expect(text.contains("# tone map: knee to 1000 cd/m2 (roll-off to the mastering peak)"))
      #expect(text.contains("LUT_1D_SIZE 1024") && text.contains("LUT_3D_SIZE 9"))
      #expect(text.contains("# node values: least-squares fit in dE_ITP"))
      // Core Image cannot express that shaper: nothing is written.
      let blocked = try EDRCubeExecutable.run(
        [
          "convert", source, dir.appendingPathComponent("r.cube").path, "--to", "pq", "--shaper",
          "--core-image", dir.appendingPathComponent("r.bin").path,
        ])
      #expect(blocked.status != 0)
      #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("r.cube").path))
    }
  }

  @Test func errorsNameTheFileAndExitNonZero() throws {
    try withTemporaryDirectory { dir in
      let bad = dir.appendingPathComponent("bad.cube")
      try Data("LUT_3D_SIZE 2\n0 0 0\n1 1\n".utf8).write(to: bad)
      let parse = try EDRCubeExecutable.run(
        ["convert", bad.path, dir.appendingPathComponent("x.cube").path, "--to", "pq"])
      #expect(parse.status != 0)
      #expect(parse.stderr.hasPrefix("\(bad.path):3:"))
      let missing = try EDRCubeExecutable.run(
        ["generate", "resize", dir.appendingPathComponent("none.cube").path, "-o", "x.cube"])
      #expect(missing.status != 0 && missing.stderr.contains("none.cube"))
      let pq = Fixtures.vectors.appendingPathComponent("pq6_tone_scaled_maxrgb.cube").path
      let notSDR = try EDRCubeExecutable.run(
        ["convert", pq, dir.appendingPathComponent("y.cube").path, "--to", "pq"])
      #expect(notSDR.status != 0 && notSDR.stderr.hasPrefix("edrcube: error:"))
      #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("y.cube").path))
    }
  }

  /// The bundled identities are what `generate identity` writes, byte for byte.
  @Test(arguments: [17, 33, 65])
  func identityMatchesTheBundledFile(_ size: Int) throws {
    try withTemporaryDirectory { dir in
      let out = dir.appendingPathComponent("id.cube")
      let result = try EDRCubeExecutable.run(
        ["generate", "identity", "--size", "\(size)", "-o", out.path])
      #expect(result.status == 0, "\(result.stderr)")
      let bundled = Fixtures.luts.appendingPathComponent("identity_\(size).cube")
      #expect(try Data(contentsOf: out) == Data(contentsOf: bundled))
    }
  }

  @Test func coreImageOutputHas64CubedRGBAFloats() throws {
    try withTemporaryDirectory { dir in
      let bin = dir.appendingPathComponent("look.bin")
      let result = try EDRCubeExecutable.run(
        ["generate", "look", "--exposure", "0.5", "--saturation", "1.2", "--core-image", bin.path])
      #expect(result.status == 0, "\(result.stderr)")
      let data = try Data(contentsOf: bin)
      #expect(data.count == 64 * 64 * 64 * 4 * 4)
      let floats = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
      #expect(floats[3] == 1 && floats[0] == 0)  // black node, alpha 1
      let snippet = try Self.text(dir.appendingPathComponent("look.swift"))
      #expect(snippet.contains("CIColorCubeWithColorSpace") && snippet.contains("extendedSRGB"))
    }
  }

  @Test func generateChainComposeAndResize() throws {
    try withTemporaryDirectory { dir in
      func run(_ args: [String]) throws {
        let r = try EDRCubeExecutable.run(args)
        #expect(r.status == 0, "\(args): \(r.stderr)")
      }
      let look = dir.appendingPathComponent("look.cube").path
      let toPQ = dir.appendingPathComponent("topq.cube").path
      try run(["generate", "look", "--contrast", "1.2", "--clip", "--size", "9", "-o", look])
      try run(["generate", "transfer", "--from", "srgb", "--to", "pq", "--size", "9", "-o", toPQ])
      try run([
        "generate", "chain", "lut=\(look)", "convert=pq", "--size", "9", "-o",
        dir.appendingPathComponent("chain.cube").path,
      ])
      try run(["generate", "compose", look, toPQ, "-o", dir.appendingPathComponent("c.cube").path])
      try run([
        "generate", "resize", look, "--size", "5", "-o", dir.appendingPathComponent("r.cube").path,
      ])
      let chain = Self.rows(try Self.text(dir.appendingPathComponent("chain.cube")))
      #expect(chain.count == 729)
      let resized = try Self.text(dir.appendingPathComponent("r.cube"))
      #expect(resized.contains("LUT_3D_SIZE 5") && resized.contains("# EDRCube space: srgb rec709"))
      #expect(
        try Self.text(dir.appendingPathComponent("chain.cube")).contains(
          "# EDRCube space: srgb rec709 -> pq rec2020 203"))
    }
  }

  /// `generate look --output-space` reproduces the bundled LogC3 look byte for byte (the
  /// command of scripts/make-luts.sh), and a composition after it stays in its output space.
  @Test func lookWithAnOutputSpaceReproducesTheBundledLogLook() throws {
    try withTemporaryDirectory { dir in
      let out = dir.appendingPathComponent("logc3.cube")
      let r = try EDRCubeExecutable.run([
        "generate", "look", "--size", "33", "--title", "EDRCube LogC3 to Rec.709", "--space",
        "logc3", "--primaries", "awg3", "--output-space", "bt1886", "--output-primaries",
        "rec709", "--exposure=-0.3", "--contrast", "1.1", "--saturation", "1.1", "--soft-clip",
        "0.8", "-o", out.path,
      ])
      try #require(r.status == 0, "\(r.stderr)")
      let bundled = Fixtures.luts.appendingPathComponent("logc3_to_rec709.cube")
      #expect(try Data(contentsOf: out) == Data(contentsOf: bundled))
      let composed = dir.appendingPathComponent("composed.cube")
      let c = try EDRCubeExecutable.run([
        "generate", "compose", out.path,
        Fixtures.luts.appendingPathComponent("identity_17.cube").path, "-o", composed.path,
      ])
      try #require(c.status == 0, "\(c.stderr)")
      #expect(try Self.text(composed).contains("# EDRCube space: logc3 awg3 -> bt1886 rec709\n"))
    }
  }

  /// `convert` reads both spaces of its look: an sRGB identity whose output is labelled
  /// BT.1886 turns a linear grey 0.5 into enc_sRGB(0.5)^2.4 = 0.47818 (a one-space reading
  /// would give 0.5), and the PQ cube it writes keeps that.
  @Test func convertHonoursTheLooksOutputSpace() throws {
    try withTemporaryDirectory { dir in
      let look = dir.appendingPathComponent("look.cube")
      let pq = dir.appendingPathComponent("look_pq.cube")
      let identity = try Self.text(Fixtures.luts.appendingPathComponent("identity_33.cube"))
      try identity.replacingOccurrences(
        of: "# EDRCube space: raw", with: "# EDRCube space: srgb rec709 -> bt1886 rec709"
      ).write(to: look, atomically: true, encoding: .utf8)
      let c = try EDRCubeExecutable.run([
        "convert", look.path, pq.path, "--to", "pq", "--size", "33",
      ])
      try #require(c.status == 0, "\(c.stderr)")
      let e = try EDRCubeExecutable.run(
        ["eval", "--lut", pq.path, "--quiet"], stdin: "0.5 0.5 0.5\n")
      let values = e.stdout.split(separator: " ").compactMap {
        Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
      }
      #expect(values.count == 3)
      for v in values { expectClose(v, 0.478_18, rel: 2e-3) }
    }
  }

  /// A look that clips at white: `convert` warns once under a policy that flattens its
  /// highlights, not under the default; `inspect` says it clips.
  @Test func clippedLookWarnsUnderAFlatteningPolicy() throws {
    try withTemporaryDirectory { dir in
      let look = dir.appendingPathComponent("clip.cube").path
      let made = try EDRCubeExecutable.run([
        "generate", "look", "--contrast", "1.2", "--clip", "-o", look,
      ])
      try #require(made.status == 0, "\(made.stderr)")
      let out = dir.appendingPathComponent("pq.cube").path
      let flat = try EDRCubeExecutable.run([
        "convert", look, out, "--to", "pq", "--size", "5", "--edr-policy", "tone-scaled-maxrgb",
      ])
      #expect(flat.status == 0)
      let warning = "\(look): warning: this look clips at white"
      #expect(flat.stderr.components(separatedBy: warning).count == 2, "\(flat.stderr)")
      let rising = try EDRCubeExecutable.run(["convert", look, out, "--to", "pq", "--size", "5"])
      #expect(rising.status == 0 && !rising.stderr.contains("warning"), "\(rising.stderr)")
      let inspected = try EDRCubeExecutable.run(["inspect", look, "--json"])
      #expect(inspected.stdout.contains("\"clipsAtWhite\" : true"))
      #expect(inspected.stdout.contains("\"neutralSlopeAtWhite\" : 0"))
      let bundled = try EDRCubeExecutable.run([
        "inspect", Fixtures.luts.appendingPathComponent("warm_sdr.cube").path,
      ])
      #expect(bundled.stdout.contains("  white         rises (neutral slope 0.271)"))
    }
  }

  /// `convert --peak` tone-maps with `knee` by default, BT.2390 and Reinhard by name. An
  /// identity look converted with `--peak 1000`, read back through `eval`: `knee` and
  /// BT.2390 keep EDR white (BT.2390: 1.0000000, Python, §5.4 with PQ); Reinhard gives
  /// `(1 + a)/(1 + b)` = 0.8329426 (a = out/in², b = 1/out, in = 10000/203, out = 1000/203);
  /// none exceeds 1000 cd/m² at 16× white. Whites are divided by the white of the same
  /// conversion without `--peak`; what remains is the 65³ PQ grid's error on a curved
  /// function (under 1 %).
  @Test func convertToneMapCurves() throws {
    try withTemporaryDirectory { dir in
      let look = dir.appendingPathComponent("id.cube").path
      let made = try EDRCubeExecutable.run(["generate", "identity", "--size", "17", "-o", look])
      try #require(made.status == 0, "\(made.stderr)")
      var white: [String: Double] = [:]
      for curve in ["none", "", "knee", "bt2390", "reinhard"] {
        let out = dir.appendingPathComponent("pq\(curve).cube").path
        let r = try EDRCubeExecutable.run(
          ["convert", look, out, "--to", "pq", "--from-space", "srgb", "--size", "65"]
            + (curve == "none" ? [] : ["--peak", "1000"])
            + (curve.isEmpty || curve == "none" ? [] : ["--tone-map", curve]))
        try #require(r.status == 0, "\(r.stderr)")
        let text = try Self.text(URL(fileURLWithPath: out))
        let named =
          curve.isEmpty ? "# tone map: knee to 1000 cd/m2" : "# tone map: \(curve) to 1000 cd/m2"
        #expect(text.contains(curve == "none" ? "# tone map: none" : named))
        let e = try EDRCubeExecutable.run(["eval", "--lut", out], stdin: "1 1 1\n16 16 16\n")
        let rows = e.stdout.split(separator: "\n").map {
          $0.split(separator: " ").compactMap { Double($0) }
        }
        try #require(rows.count == 2 && rows.allSatisfy { $0.count == 3 }, "\(e.stdout)")
        if curve != "none" {
          #expect(rows[1].allSatisfy { $0 * 203 <= 1000 * 1.002 }, "\(curve): \(rows[1])")
        }
        white[curve] = rows[0][1]
      }
      let plain = try #require(white["none"])
      #expect(white[""] == white["knee"])
      expectClose(try #require(white["knee"]) / plain, 1, rel: 0.002)
      expectClose(try #require(white["bt2390"]) / plain, 1, rel: 0.01)
      expectClose(try #require(white["reinhard"]) / plain, 0.8329426, rel: 0.01)
    }
  }
}
