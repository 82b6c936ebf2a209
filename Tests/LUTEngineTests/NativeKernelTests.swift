import CLUTKernels
import CubeFormat
import Testing

@testable import LUTEngine

/// The hand-written C kernels (SSE2 and AVX2) and the portable Swift kernels against
/// `ReferenceKernel`, and against each other on every pixel layout.
@Suite struct NativeKernelTests {
  static let modes = Interpolation.allCases.flatMap { i in
    Extrapolation.allCases.map { (i, $0) }
  }

  /// Test LUTs: a look, the same look behind a shaper, on a wide domain, and the smallest cube.
  static let luts: [CubeLUT] = {
    let look = TestCubes.smoothRandom(size: 17, seed: 21)
    var shaped = look
    shaped.lut1D = CubeTable1D(
      size: 4, domainMin: SIMD3(repeating: -0.25), domainMax: SIMD3(2, 3, 1.5),
      values: [0, 0, 0, 0.3, 0.2, 0.35, 0.7, 0.6, 0.65, 1, 1, 1])
    var wide = TestCubes.smoothRandom(size: 9, seed: 22)
    wide.lut3D?.domainMin = SIMD3(-0.5, 0, -0.125)
    wide.lut3D?.domainMax = SIMD3(1.5, 4, 0.875)
    // Node differences overflow to ±∞: only pixels outside the domain may add the
    // first-order term (0·∞ would turn the others into NaN).
    let extreme = CubeLUT(
      lut3D: TestCubes.table3D(size: 3) { x in
        SIMD3(x.x > 0.4 ? 3e38 : -3e38, x.y * 2, x.z < 0.6 ? 3e38 : -3e38)
      })
    // Domains whose (N − 1)/(hi − lo) overflows or underflows (found by FuzzCube: a shaper
    // range of 0…4.1e-45 made the position 0·∞ = NaN).
    var narrow = TestCubes.smoothRandom(size: 3, seed: 24)
    narrow.lut3D?.domainMax = SIMD3(.leastNonzeroMagnitude * 28, 1, 1)
    narrow.lut1D = CubeTable1D(
      size: 2, domainMax: SIMD3(1, .leastNonzeroMagnitude * 3, 1), values: [0, 0, 0, 1, 1, 1])
    var vast = TestCubes.smoothRandom(size: 3, seed: 25)
    vast.lut3D?.domainMin = SIMD3(-3e38, 0, 0)
    vast.lut3D?.domainMax = SIMD3(3e38, 1, 1)
    return [look, shaped, wide, TestCubes.smoothRandom(size: 2, seed: 23), extreme, narrow, vast]
  }()

  /// EDR colours, in-domain colours, node positions, and non-finite values.
  static let inputs: [SIMD3<Float>] =
    randomColors(count: 3000, seed: 31) + randomColors(count: 1000, seed: 32, range: 0...1)
    + (0...16).map { SIMD3(repeating: Float($0) / 16) }
    + [
      SIMD3(.nan, 0.5, 2), SIMD3(-.infinity, .infinity, 0.25), SIMD3(1e30, -1e30, 3e38),
      SIMD3(0.5, 0.5, 0.5), SIMD3(-0.0, 1, 0), SIMD3(0.25, 0.25, 0.75),
    ]

  static func matchesReference(
    _ lut: CubeLUT, _ mode: (Interpolation, Extrapolation), _ outputs: [SIMD3<Float>]
  ) -> [SIMD3<Float>] {
    zip(inputs, outputs).compactMap { x, y in
      let want = ReferenceKernel.evaluate(
        lut, at: x, interpolation: mode.0, extrapolation: mode.1)
      let same = (0..<3).allSatisfy { want[$0] == y[$0] || (want[$0].isNaN && y[$0].isNaN) }
      return same ? nil : x
    }
  }

  @Test func cKernelsRunOnX86() {
    #if arch(x86_64)
      #expect(edr_kernels_available())
      #expect(LUTProcessor(lut: Self.luts[0]).usesNativeKernels)
      // The instruction set is a property of the prepared tables, not of the process.
      let best = LUTProcessor(lut: Self.luts[0]).prepared.native
      let sse2 = LUTProcessor(lut: Self.luts[0], instructionSet: .sse2).prepared.native
      #expect(best?.avx2 == edr_kernels_avx2_supported())
      #expect(sse2?.avx2 == false)
    #else
      #expect(!edr_kernels_available())
    #endif
  }

  @Test func sse2AndAVX2EqualReference() {
    for set in [KernelInstructionSet.sse2, .best] {
      for lut in Self.luts {
        for mode in Self.modes {
          let processor = LUTProcessor(
            lut: lut, interpolation: mode.0, extrapolation: mode.1, instructionSet: set)
          let wrong = Self.matchesReference(lut, mode, applyBatch(processor, to: Self.inputs).rgb)
          #expect(wrong.isEmpty, "\(set) \(mode): \(wrong.prefix(3))")
        }
      }
    }
  }

  @Test func singleColoursEqualReference() {
    for lut in Self.luts {
      for mode in Self.modes {
        let processor = LUTProcessor(lut: lut, interpolation: mode.0, extrapolation: mode.1)
        let wrong = Self.matchesReference(lut, mode, Self.inputs.map { processor.apply($0) })
        #expect(wrong.isEmpty, "\(mode): \(wrong.prefix(3))")
      }
    }
  }

  @Test func portableSwiftKernelsEqualReference() {
    for lut in Self.luts {
      for mode in Self.modes {
        let processor = LUTProcessor(
          lut: lut, interpolation: mode.0, extrapolation: mode.1, instructionSet: .portable)
        #expect(!processor.usesNativeKernels)
        let wrong = Self.matchesReference(
          lut, mode, applyBatch(processor, to: Self.inputs, threads: 2).rgb)
        #expect(wrong.isEmpty, "\(mode): \(wrong.prefix(3))")
      }
    }
  }

  /// Packed RGBA in place, swizzled 5-float pixels out of place, packed RGB, planar: the same
  /// bits, for pixel counts around the 8-pixel block.
  @Test(arguments: [1, 7, 8, 9, 23, 1027])
  func everyLayoutGivesTheSameBits(_ count: Int) {
    let colors = Array(Self.inputs.suffix(count))
    for mode in Self.modes {
      let processor = LUTProcessor(
        lut: Self.luts[1], interpolation: mode.0, extrapolation: mode.1)
      var rgba = colors.flatMap { c -> [Float] in [c.x, c.y, c.z, 0.5] }
      processor.apply(inPlace: &rgba, layout: .rgba, threads: 1)
      let want = (0..<count).flatMap { p -> [Float] in
        [rgba[4 * p], rgba[4 * p + 1], rgba[4 * p + 2]]
      }

      var rgb = colors.flatMap { c -> [Float] in [c.x, c.y, c.z] }
      processor.apply(inPlace: &rgb, layout: .rgb, threads: 1)
      #expect(sameBits(rgb, want), "rgb \(mode)")

      let layout = PixelLayout(pixelStride: 5, redOffset: 4, greenOffset: 2, blueOffset: 1)
      var swizzled = [Float](repeating: -7, count: 5 * count)
      let source = colors.flatMap { c -> [Float] in [c.x, c.y, c.z, 1] }
      source.withUnsafeBufferPointer { from in
        swizzled.withUnsafeMutableBufferPointer { to in
          _ = processor.apply(from, layout: .rgba, to: to, layout: layout, threads: 1)
        }
      }
      let unswizzled = (0..<count).flatMap { p -> [Float] in
        [swizzled[5 * p + 4], swizzled[5 * p + 2], swizzled[5 * p + 1]]
      }
      #expect(sameBits(unswizzled, want), "swizzled \(mode)")
      let untouched = (0..<count).allSatisfy { p in
        swizzled[5 * p] == -7 && swizzled[5 * p + 3] == -7
      }
      #expect(untouched)

      var red = colors.map(\.x)
      var green = colors.map(\.y)
      var blue = colors.map(\.z)
      red.withUnsafeMutableBufferPointer { r in
        green.withUnsafeMutableBufferPointer { g in
          blue.withUnsafeMutableBufferPointer { b in
            _ = processor.apply(inPlaceRed: r, green: g, blue: b, threads: 1)
          }
        }
      }
      let planar = (0..<count).flatMap { p -> [Float] in [red[p], green[p], blue[p]] }
      #expect(sameBits(planar, want), "planar \(mode)")
    }
  }
}
