import CubeFormat
import TestSupport
import Testing

@testable import LUTEngine

/// The AVX2 loop reads blocks of 8 pixels whose pixels all lie inside the domain through a loop
/// with no extrapolation work, and the other blocks through the exact step: blocks all
/// inside, on the domain's faces, and with one pixel outside in each of the 8 lanes (above
/// and below, on each channel) give `ReferenceKernel`'s values in every kernel.
@Suite struct InDomainBlockTests {
  /// Blocks of 8: all inside; all on the faces and corners of the domain (0 and 1: inside);
  /// then, for each lane, channel and side, 7 inside pixels and one just or far outside.
  static let inputs: [SIMD3<Float>] = {
    let inside = randomColors(count: 8, seed: 41, range: 0.01...0.99)
    var blocks = inside
    blocks += (0..<8).map { i in SIMD3(Float(i & 1), Float((i >> 1) & 1), Float(i >> 2)) }
    for lane in 0..<8 {
      for channel in 0..<3 {
        for outside: Float in [Float(1).nextUp, 1.75, -Float.ulpOfOne, -0.5] {
          var block = randomColors(count: 8, seed: UInt64(50 + lane), range: 0...1)
          block[lane][channel] = outside
          blocks += block
        }
      }
    }
    // Two pixels outside in the same pair (lanes j and j + 1), the rest inside.
    var pair = inside
    pair[2] = SIMD3(1.5, 0.5, 0.5)
    pair[3] = SIMD3(0.5, -0.25, 0.5)
    return blocks + pair
  }()

  @Test(arguments: [KernelInstructionSet.best, .sse2, .portable])
  func mixedAndInsideBlocksEqualReference(_ set: KernelInstructionSet) {
    for lut in [
      TestCubes.smoothRandom(size: 17, seed: 21), TestCubes.smoothRandom(size: 2, seed: 23),
    ] {
      for mode in NativeKernelTests.modes {
        let processor = LUTProcessor(
          lut: lut, interpolation: mode.0, extrapolation: mode.1, instructionSet: set)
        let outputs = applyBatch(processor, to: Self.inputs).rgb
        let wrong = zip(Self.inputs, outputs).filter { x, y in
          y != ReferenceKernel.evaluate(lut, at: x, interpolation: mode.0, extrapolation: mode.1)
        }
        #expect(wrong.isEmpty, "\(set) \(mode): \(wrong.prefix(3))")
      }
    }
  }

  /// Runs of inside and of outside pixels (one channel 0.25–1.25 beyond the domain) whose
  /// lengths put a boundary at every lane of a block, after `shift` inside pixels, so that
  /// the runs slide across the blocks of 8 and the run ends in a tail of 0–7 pixels.
  static func runs(shift: Int) -> [SIMD3<Float>] {
    var rng = SeededGenerator(seed: 77)
    var pixels = randomColors(count: shift, seed: 78, range: 0...1)
    var outside = false
    for length in [1, 3, 8, 2, 9, 5, 16, 7, 1, 1, 11, 4, 6, 13, 2, 8, 3] {
      for _ in 0..<length {
        var x = SIMD3<Float>(
          .random(in: 0...1, using: &rng), .random(in: 0...1, using: &rng),
          .random(in: 0...1, using: &rng))
        if outside {
          let channel = Int.random(in: 0..<3, using: &rng)
          let beyond = Float.random(in: 0.25...1.25, using: &rng)
          x[channel] = Bool.random(using: &rng) ? 1 + beyond : -beyond
        }
        pixels.append(x)
      }
      outside.toggle()
    }
    return pixels
  }

  /// Every pixel of the sliding runs equals `ReferenceKernel`'s value whatever block it shares
  /// and whatever its neighbours are (the loop plans block k + 1 while it reads block k), on
  /// 1 and 2 threads, with either extrapolation.
  @Test(arguments: [KernelInstructionSet.best, .sse2])
  func runsAcrossBlockBoundariesEqualReference(_ set: KernelInstructionSet) {
    let lut = TestCubes.smoothRandom(size: 9, seed: 31)
    for mode in NativeKernelTests.modes {
      let processor = LUTProcessor(
        lut: lut, interpolation: mode.0, extrapolation: mode.1, instructionSet: set)
      for shift in 0..<8 {
        let inputs = Self.runs(shift: shift)
        for threads in [1, 2] {
          let outputs = applyBatch(processor, to: inputs, threads: threads).rgb
          let wrong = zip(inputs, outputs).filter { x, y in
            y
              != ReferenceKernel.evaluate(
                lut, at: x, interpolation: mode.0, extrapolation: mode.1)
          }
          #expect(wrong.isEmpty, "\(set) \(mode) shift \(shift), \(threads) threads")
        }
      }
    }
  }

  /// The runs test means something: each outside run extrapolates (its pixels differ from
  /// the clamped lookup's) and each inside run does not.
  @Test func runsHoldBothKinds() {
    let lut = TestCubes.smoothRandom(size: 9, seed: 31)
    let inputs = Self.runs(shift: 3)
    let outside = inputs.map { $0.min() < 0 || $0.max() > 1 }
    #expect(outside.count(where: { $0 }) == 3 + 2 + 5 + 7 + 1 + 4 + 13 + 8)
    for interpolation in [Interpolation.trilinear, .tetrahedral] {
      let linear = applyBatch(
        LUTProcessor(lut: lut, interpolation: interpolation, extrapolation: .linear), to: inputs
      ).rgb
      let clamp = applyBatch(
        LUTProcessor(lut: lut, interpolation: interpolation, extrapolation: .clamp), to: inputs
      ).rgb
      #expect(inputs.indices.allSatisfy { (linear[$0] != clamp[$0]) == outside[$0] })
    }
  }

  /// The test means something: the blocks with a pixel outside do extrapolate there (the
  /// linear result differs from the clamped one), and the all-inside blocks do not.
  @Test func outsidePixelsExtrapolate() {
    let lut = TestCubes.smoothRandom(size: 17, seed: 21)
    let linear = LUTProcessor(lut: lut, interpolation: .tetrahedral, extrapolation: .linear)
    let clamp = LUTProcessor(lut: lut, interpolation: .tetrahedral, extrapolation: .clamp)
    let a = applyBatch(linear, to: Self.inputs).rgb
    let b = applyBatch(clamp, to: Self.inputs).rgb
    #expect(a[0..<16] == b[0..<16])
    let far = Self.inputs.indices.filter { i in
      let x = Self.inputs[i]
      return x.min() <= -0.5 || x.max() >= 1.75
    }
    #expect(far.count == 8 * 3 * 2)
    #expect(far.allSatisfy { a[$0] != b[$0] })
  }
}
