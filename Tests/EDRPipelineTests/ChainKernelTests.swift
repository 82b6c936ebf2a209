import CLUTKernels
import ColorMath
import CubeFormat
import CubeTestSupport
import LUTEngine
import TestSupport
import Testing

@testable import EDRPipeline

/// The batch path's vector chain gives what the scalar `apply(_:)` gives, pixel for pixel
/// (NaN for NaN; the sign of a zero may differ, as LUTEngine's kernels allow), for every curve,
/// policy, working space and layout it covers and for edge inputs (negative, zero, subnormal,
/// above 1, huge, NaN and ±∞ per channel, tails shorter than a block); and so do the forced
/// SSE2 and portable paths, which run the scalar passes.
@Suite struct ChainKernelTests {
  /// Values that probe each curve's branches, the maxRGB division, the PQ table's ends and the
  /// fallbacks.
  static let edges: [Float] =
    [
      -3, -1, -1e-3, -.leastNormalMagnitude / 3, -0.0, 0, .leastNonzeroMagnitude,
      .leastNormalMagnitude / 3, 1e-20, 1e-12, 1e-7, 0.002, 0.003_130_8,
      0.040_45, 0.18, 0.5, 0.999_999_9, 1, 1.000_000_1, 1.5, 4, 49, 1e4, 1e8, 3e38,
      .greatestFiniteMagnitude, .nan, .infinity, -.infinity,
    ] + logCuts

  /// Each log curve's cut points (linear and signal side) and their neighbours.
  static let logCuts: [Float] = TransferFunction.allCases.compactMap(FastLogCurve.curve).flatMap {
    [$0.encodeCut, $0.decodeCut].flatMap { [$0.nextDown, $0, $0.nextUp] }
  }

  /// `count` pixels of `channels` floats: edge values mixed with random EDR values.
  static func pixels(count: Int, channels: Int) -> [Float] {
    var rng = SeededGenerator(seed: 0x2545_F491_4F6C_DD1D)
    return (0..<(count * channels)).map { i in
      if i % channels >= 3 { return Float(i % 11) }
      let r = rng.next() >> 33
      if r % 5 == 0 { return edges[Int(r / 5) % edges.count] }
      return Float(r % 1_000_000) / 1_000_000 * 8 - 1
    }
  }

  static func same(_ a: Float, _ b: Float) -> Bool { a == b || (a.isNaN && b.isNaN) }

  /// The applications under test: each curve the chain covers (linear, srgb, bt1886, pq,
  /// hlg, the log curves) in and out, every policy, linear and sRGB-encoded working spaces,
  /// other primaries.
  static func applications(_ instructionSet: KernelInstructionSet) throws -> [CubeApplication] {
    let sdr = CubeLUT(try TestCubes.vector("sdr_look_11.cube"))
    let pq = CubeLUT(try TestCubes.vector("pq6_tone_scaled_maxrgb.cube"))
    let hlg = CubeLUT(try TestCubes.vector("hlg_look_6.cube"))
    let srgbWorking = WorkingSpace(.srgb)
    var apps: [CubeApplication] = []
    for policy in EDRPolicy.allCases {
      for (space, working) in [
        (CubeSpace(.srgb), WorkingSpace.linearRec709), (CubeSpace(.bt1886), srgbWorking),
        (CubeSpace(.srgb, primaries: .p3), WorkingSpace(named: .rec2020)),
      ] {
        apps.append(
          CubeApplication(
            lut: sdr, space: space, working: working, policy: policy,
            instructionSet: instructionSet))
      }
    }
    for interpolation in [Interpolation.trilinear, .tetrahedral] {
      apps.append(
        CubeApplication(
          lut: pq, space: CubeSpace(.pq), working: WorkingSpace(named: .p3),
          interpolation: interpolation, instructionSet: instructionSet))
      apps.append(
        CubeApplication(
          lut: pq, space: CubeSpace(.pq), working: srgbWorking, interpolation: interpolation,
          extrapolation: .linear, instructionSet: instructionSet))
    }
    apps.append(
      CubeApplication(
        lut: hlg, space: CubeSpace(.hlg), working: srgbWorking, instructionSet: instructionSet))
    apps.append(
      CubeApplication(
        lut: hlg, space: CubeSpace(.hlg, referenceWhite: 100), interpolation: .tetrahedral,
        extrapolation: .linear, instructionSet: instructionSet))
    apps.append(
      CubeApplication(
        lut: sdr, space: CubeSpace(.srgb), outputSpace: CubeSpace(.pq, primaries: .rec2020),
        working: srgbWorking, instructionSet: instructionSet))
    apps.append(
      CubeApplication(
        lut: pq, space: CubeSpace(.pq), outputSpace: CubeSpace(.bt1886),
        instructionSet: instructionSet))
    apps.append(
      CubeApplication(
        lut: hlg, space: CubeSpace(.hlg), outputSpace: CubeSpace(.srgb),
        working: WorkingSpace(named: .p3), instructionSet: instructionSet))
    apps.append(
      CubeApplication(
        lut: sdr, space: CubeSpace(.linear), interpolation: .tetrahedral,
        instructionSet: instructionSet))
    return apps + (try logApplications(instructionSet))
  }

  /// Every log curve: as a one-space cube in its camera primaries, through an identity cube
  /// from linear Rec.709 (its decoding at the input values, the cut points included) and to
  /// linear Rec.709 (its encoding, no matrix); LogC3 → BT.1886 Rec.709 as the bundled look
  /// has it, with either extrapolation, and ACEScct → sRGB on an sRGB-encoded working space.
  static func logApplications(_ instructionSet: KernelInstructionSet) throws -> [CubeApplication] {
    let sdr = CubeLUT(try TestCubes.vector("sdr_look_11.cube"))
    let identity = TestCubes.identity(size: 17)
    let linear = CubeSpace(.linear)
    var apps: [CubeApplication] = []
    for transfer in TransferFunction.allCases where FastLogCurve.curve(transfer) != nil {
      let log709 = CubeSpace(transfer, primaries: .rec709)
      apps.append(
        CubeApplication(lut: sdr, space: CubeSpace(transfer), instructionSet: instructionSet))
      apps.append(
        CubeApplication(
          lut: identity, space: linear, outputSpace: log709, instructionSet: instructionSet))
      apps.append(
        CubeApplication(
          lut: identity, space: log709, outputSpace: linear, interpolation: .tetrahedral,
          instructionSet: instructionSet))
    }
    for extrapolation in [Extrapolation.linear, .clamp] {
      apps.append(
        CubeApplication(
          lut: sdr, space: CubeSpace(.logc3), outputSpace: CubeSpace(.bt1886),
          extrapolation: extrapolation, instructionSet: instructionSet))
    }
    apps.append(
      CubeApplication(
        lut: sdr, space: CubeSpace(.acescct), outputSpace: CubeSpace(.srgb),
        working: WorkingSpace(.srgb), instructionSet: instructionSet))
    return apps
  }

  @Test func theChainRunsWhereTheCPUHasAVX2() throws {
    let apps = try Self.applications(.best)
    let covered = apps.filter { $0.policy != .toneScaledMaxRGB }
    #expect(covered.allSatisfy { ($0.chain != nil) == edr_chain_available() })
    #expect(apps.filter { $0.policy == .toneScaledMaxRGB }.allSatisfy { $0.chain == nil })
    #expect(try Self.applications(.sse2).allSatisfy { $0.chain == nil })
  }

  @Test(arguments: [3, 4, 5])
  func batchEqualsScalarForEveryInput(channels: Int) throws {
    let count = 4096 + 1000 + 5  // a full chunk, then a partial one with a 5-pixel tail
    let input = Self.pixels(count: count, channels: channels)
    let forced = try Self.applications(.sse2)
    for (n, app) in try Self.applications(.best).enumerated() {
      var fast = input
      fast.withUnsafeMutableBufferPointer {
        app.apply(inPlace: $0, channels: channels, threads: 1)
      }
      var old = input
      old.withUnsafeMutableBufferPointer {
        forced[n].apply(inPlace: $0, channels: channels, threads: 1)
      }
      var mismatches = 0
      for i in 0..<count {
        let o = i * channels
        let y = app.apply(SIMD3(input[o], input[o + 1], input[o + 2]))
        for k in 0..<3 where !Self.same(fast[o + k], y[k]) || !Self.same(old[o + k], y[k]) {
          mismatches += 1
          if mismatches <= 3 {
            let what = "\(app.space) → \(app.outputSpace), \(String(describing: app.policy))"
            let got = "chain \(fast[o + k]), sse2 \(old[o + k]), scalar \(y[k])"
            Issue.record("\(what), pixel \(i) \(input[o..<(o + 3)]) channel \(k): \(got)")
          }
        }
        for k in 3..<channels { #expect(fast[o + k].bitPattern == input[o + k].bitPattern) }
      }
      #expect(mismatches == 0)
    }
  }

  @Test func resultsDoNotDependOnTheThreadCount() throws {
    let input = Self.pixels(count: 3 * 4096 + 17, channels: 4)
    for app in try Self.applications(.best) {
      var results: [[UInt32]] = []
      for threads in [1, 2, 5] {
        var buffer = input
        buffer.withUnsafeMutableBufferPointer {
          app.apply(inPlace: $0, channels: 4, threads: threads)
        }
        results.append(buffer.map(\.bitPattern))
      }
      #expect(results.allSatisfy { $0 == results[0] }, "\(app.space)")
    }
  }
}
