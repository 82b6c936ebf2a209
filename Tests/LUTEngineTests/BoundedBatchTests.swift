import CubeFormat
import LUTEngine
import Testing

/// The batch path of `bounded` (probes looked up by the batch kernels, tile by tile) gives the
/// bits of the scalar definition, `BoundedExtension.evaluate` around the single-colour
/// kernel (`LUTProcessor.apply(_:)`), for every layout, thread count and kernel choice.
@Suite struct BoundedBatchTests {
  /// A 1D shaper over [−0.5, 1.5] with a steep first row (it caps below its domain).
  static let shaper = CubeTable1D(
    size: 5, domainMin: SIMD3(repeating: -0.5), domainMax: SIMD3(repeating: 1.5),
    values: [0, 0, 0, 0.4, 0.35, 0.3, 0.5, 0.45, 0.5, 0.8, 0.75, 0.7, 1, 1, 1])

  /// A 3D look whose first cell is steep in every channel (slope 3 into a 0.7 gain).
  static let steepToe = CubeLUT(
    lut3D: TestCubes.table3D(size: 9) { v in
      func g(_ t: Float) -> Float { t <= 0.125 ? 3 * t : 0.375 + 0.4 * (t - 0.125) }
      return SIMD3(g(v.x), g(v.y) * 0.9 + 0.05 * v.x, g(v.z))
    })

  /// The cubes: a smooth grade, a steep toe, 1D + 3D, video range in and out (the Swift
  /// kernels run it), a 1D table alone, and a domain that starts above zero.
  static var cubes: [(String, CubeLUT)] {
    var shaped = TestCubes.smoothRandom(size: 17, seed: 11)
    shaped.lut1D = shaper
    var video = steepToe
    (video.inputVideoRange, video.outputVideoRange) = (true, true)
    var offsetDomain = TestCubes.smoothRandom(size: 5, seed: 12)
    offsetDomain.lut3D?.domainMin = SIMD3(0.1, -0.2, 0.05)
    offsetDomain.lut3D?.domainMax = SIMD3(1.1, 0.9, 2)
    return [
      ("smooth", TestCubes.smoothRandom(size: 17, seed: 10)), ("steep", steepToe),
      ("shaper+3D", shaped), ("video range", video), ("1D", CubeLUT(lut1D: shaper)),
      ("offset domain", offsetDomain),
    ]
  }

  /// Many negatives (most pixels have one, some all three), far below the domain (the
  /// overflowing steps of ±3e38), NaN and ±∞ next to negatives, and in-domain colours.
  static let inputs: [SIMD3<Float>] =
    randomColors(count: 1500, seed: 21, range: -1.5...1.2)
    + randomColors(count: 500, seed: 22, range: -0.1...1.1)
    + randomColors(count: 200, seed: 23, range: -3e38...1)
    + [
      SIMD3(.nan, -0.2, 0.5), SIMD3(-.infinity, -0.3, 0.2), SIMD3(.infinity, -0.01, -0.4),
      SIMD3(-0.5, .nan, .nan), SIMD3(0.8, -0.07, 0.56), SIMD3(-3e38, -3e38, -3e38),
      SIMD3(-.infinity, -.infinity, -.infinity), SIMD3(-.leastNonzeroMagnitude, 0, 1),
    ]

  /// Scalar values by the definition.
  static func scalar(_ processor: LUTProcessor) -> [Float] {
    inputs.flatMap { x -> [Float] in
      let y = processor.apply(x)
      return [y.x, y.y, y.z]
    }
  }

  static func nonFiniteCount() -> Int {
    inputs.count { !($0.x.isFinite && $0.y.isFinite && $0.z.isFinite) }
  }

  @Test(arguments: KernelInstructionSet.allCases)
  func batchEqualsTheScalarDefinition(_ instructionSet: KernelInstructionSet) {
    for (name, lut) in Self.cubes {
      for interpolation in Interpolation.allCases {
        let processor = LUTProcessor(
          lut: lut, interpolation: interpolation, extrapolation: .bounded,
          instructionSet: instructionSet)
        let want = Self.scalar(processor)
        for threads in [1, 3, 7] {
          let (rgb, stats) = applyBatch(processor, to: Self.inputs, threads: threads)
          let got = rgb.flatMap { [$0.x, $0.y, $0.z] }
          let label = "\(name) \(interpolation) \(instructionSet) threads \(threads)"
          #expect(sameBits(got, want), "\(label): \(firstMismatch(got, want))")
          #expect(stats.pixelCount == Self.inputs.count, "\(label)")
          #expect(stats.nonFinitePixelCount == Self.nonFiniteCount(), "\(label)")
        }
      }
    }
  }

  /// Packed RGB in place, a planar buffer, and a separate destination whose alpha is kept.
  @Test func everyLayoutGivesTheSameBits() {
    for (name, lut) in Self.cubes {
      let processor = LUTProcessor(lut: lut, extrapolation: .bounded)
      let want = Self.scalar(processor)
      var packed = Self.inputs.flatMap { [$0.x, $0.y, $0.z] }
      processor.apply(inPlace: &packed, layout: .rgb, threads: 2)
      #expect(sameBits(packed, want), "\(name) packed: \(firstMismatch(packed, want))")

      var (r, g, b) = (Self.inputs.map(\.x), Self.inputs.map(\.y), Self.inputs.map(\.z))
      r.withUnsafeMutableBufferPointer { red in
        g.withUnsafeMutableBufferPointer { green in
          b.withUnsafeMutableBufferPointer { blue in
            _ = processor.apply(inPlaceRed: red, green: green, blue: blue, threads: 3)
          }
        }
      }
      let planar = (0..<Self.inputs.count).flatMap { [r[$0], g[$0], b[$0]] }
      #expect(sameBits(planar, want), "\(name) planar: \(firstMismatch(planar, want))")

      let source = Self.inputs.flatMap { [$0.x, $0.y, $0.z] }
      var destination = [Float](repeating: 0.25, count: 4 * Self.inputs.count)
      source.withUnsafeBufferPointer { from in
        destination.withUnsafeMutableBufferPointer { to in
          _ = processor.apply(from, layout: .rgb, to: to, layout: .rgba, threads: 2)
        }
      }
      let rgb = (0..<Self.inputs.count).flatMap { destination[(4 * $0)..<(4 * $0 + 3)] }
      #expect(sameBits(rgb, want), "\(name) to RGBA: \(firstMismatch(rgb, want))")
      #expect((0..<Self.inputs.count).allSatisfy { destination[4 * $0 + 3] == 0.25 })
    }
  }

  /// The steep cubes really cap (else the test above would only exercise `f(x)`), and the
  /// batch path still agrees with the reference kernel's bounded value.
  @Test func steepCubesCapAndMatchTheReference() {
    let processor = LUTProcessor(lut: Self.steepToe, extrapolation: .bounded)
    let linear = LUTProcessor(lut: Self.steepToe, extrapolation: .linear)
    let bounded = applyBatch(processor, to: Self.inputs, threads: 2).rgb
    let unbounded = applyBatch(linear, to: Self.inputs, threads: 2).rgb
    let changed = zip(bounded, unbounded).count { $0 != $1 }
    #expect(changed > 500)
    for (x, y) in zip(Self.inputs, bounded) {
      let want = ReferenceKernel.evaluate(
        Self.steepToe, at: x, interpolation: .trilinear, extrapolation: .bounded)
      #expect((0..<3).allSatisfy { want[$0] == y[$0] || (want[$0].isNaN && y[$0].isNaN) }, "\(x)")
    }
  }

  /// More pixels than a tile on every worker, with tile and chunk boundaries inside the
  /// buffer: the same bits on 1, 2 and 5 threads.
  @Test func tileAndChunkBoundariesDoNotShow() {
    let inputs = randomColors(count: 3 * 4096 + 37, seed: 31, range: -0.4...1.3)
    let processor = LUTProcessor(lut: Self.steepToe, extrapolation: .bounded)
    let want = inputs.flatMap { x -> [Float] in
      let y = processor.apply(x)
      return [y.x, y.y, y.z]
    }
    for threads in [1, 2, 5] {
      let got = applyBatch(processor, to: inputs, threads: threads).rgb.flatMap {
        [$0.x, $0.y, $0.z]
      }
      #expect(sameBits(got, want), "threads \(threads): \(firstMismatch(got, want))")
    }
  }
}

/// The first float index where two arrays differ in bits, with both values, for messages.
private func firstMismatch(_ a: [Float], _ b: [Float]) -> String {
  guard let i = a.indices.first(where: { $0 < b.count && a[$0].bitPattern != b[$0].bitPattern })
  else {
    return a.count == b.count ? "none" : "counts \(a.count) vs \(b.count)"
  }
  return "float \(i): \(a[i]) vs \(b[i])"
}
