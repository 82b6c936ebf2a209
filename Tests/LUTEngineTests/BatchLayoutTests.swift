import CubeFormat
import LUTEngine
import Testing

/// Layouts: alpha and extra channels untouched, out of place, planar, thread-count
/// independence, and equality with the reference kernel.
@Suite struct BatchLayoutTests {
  static let lut = TestCubes.smoothRandom(size: 17, seed: 7)
  static let modes = Interpolation.allCases.flatMap { i in
    Extrapolation.allCases.map { (i, $0) }
  }

  /// Interleaved pixels of `channels` floats: seeded EDR RGB, then NaN payloads and odd
  /// values in every other channel.
  static func image(pixels: Int, channels: Int, seed: UInt64) -> [Float] {
    let colors = randomColors(count: pixels, seed: seed)
    var buffer: [Float] = []
    buffer.reserveCapacity(pixels * channels)
    for (p, c) in colors.enumerated() {
      buffer += [c.x, c.y, c.z]
      for k in 3..<channels {
        let payload = Float(bitPattern: 0x7FC0_0000 | UInt32(truncatingIfNeeded: p * 31 + k))
        buffer.append(k % 2 == 1 ? payload : -Float(p) - 0.25)
      }
    }
    return buffer
  }

  @Test(arguments: [3, 4, 5, 7])
  func extraChannelsAreUntouchedBitExact(_ channels: Int) {
    let original = Self.image(pixels: 3000, channels: channels, seed: 11)
    for (interpolation, extrapolation) in Self.modes {
      var buffer = original
      let processor = LUTProcessor(
        lut: Self.lut, interpolation: interpolation, extrapolation: extrapolation)
      buffer.withUnsafeMutableBufferPointer {
        _ = processor.apply(inPlace: $0, channels: channels, threads: 2)
      }
      var changedRGB = 0
      for p in 0..<3000 {
        for k in 0..<channels {
          let i = p * channels + k
          if k >= 3 {
            #expect(buffer[i].bitPattern == original[i].bitPattern)
          } else if buffer[i] != original[i] {
            changedRGB += 1
          }
        }
      }
      #expect(changedRGB > 8000)
    }
  }

  @Test func fastPathEqualsReferenceKernel() {
    let shaper = CubeTable1D(
      size: 5, domainMin: SIMD3(repeating: -0.5), domainMax: SIMD3(repeating: 1.5),
      values: [0, 0, 0, 0.2, 0.25, 0.3, 0.5, 0.45, 0.5, 0.8, 0.75, 0.7, 1, 1, 1])
    var withShaper = Self.lut
    withShaper.lut1D = shaper
    var video = Self.lut
    (video.inputVideoRange, video.outputVideoRange) = (true, true)
    let oneD = CubeLUT(lut1D: shaper)
    let inputs =
      randomColors(count: 4000, seed: 3) + randomColors(count: 1000, seed: 4, range: 0...1)
      + [SIMD3(.nan, 2, -1), SIMD3(.infinity, 0.5, 1e30), SIMD3(-1e30, 3e38, 0)]
    for lut in [Self.lut, withShaper, video, oneD] {
      for (interpolation, extrapolation) in Self.modes {
        let processor = LUTProcessor(
          lut: lut, interpolation: interpolation, extrapolation: extrapolation)
        let fast = applyBatch(processor, to: inputs, threads: 2).rgb
        let mismatches = zip(inputs, fast).filter { x, y in
          let want = ReferenceKernel.evaluate(
            lut, at: x, interpolation: interpolation, extrapolation: extrapolation)
          return !(0..<3).allSatisfy { want[$0] == y[$0] || (want[$0].isNaN && y[$0].isNaN) }
        }
        #expect(mismatches.isEmpty, "\(interpolation) \(extrapolation): \(mismatches.prefix(3))")
      }
    }
  }

  @Test func resultDoesNotDependOnThreadCount() {
    let original = Self.image(pixels: 1000 * 37, channels: 4, seed: 5)
    for (interpolation, extrapolation) in Self.modes {
      let processor = LUTProcessor(
        lut: Self.lut, interpolation: interpolation, extrapolation: extrapolation)
      let results = [1, 2, 7].map { threads -> ([Float], LUTApplyStats) in
        var buffer = original
        let stats = processor.apply(inPlace: &buffer, layout: .rgba, threads: threads)
        return (buffer, stats)
      }
      #expect(sameBits(results[0].0, results[1].0))
      #expect(sameBits(results[0].0, results[2].0))
      #expect(results.allSatisfy { $0.1 == results[0].1 })
      #expect(!sameBits(results[0].0, original))
    }
  }

  @Test func outOfPlaceEqualsInPlaceAndLeavesOtherDestinationFloats() {
    let processor = LUTProcessor(lut: Self.lut, interpolation: .tetrahedral)
    let source = Self.image(pixels: 5000, channels: 4, seed: 9)
    var inPlace = source
    processor.apply(inPlace: &inPlace, layout: .rgba, threads: 2)
    // Destination: 5 floats per pixel, RGB stored as B, G, R at offsets 4, 2, 1.
    let layout = PixelLayout(pixelStride: 5, redOffset: 4, greenOffset: 2, blueOffset: 1)
    var destination = [Float](repeating: -9, count: 5000 * 5)
    let stats = source.withUnsafeBufferPointer { from in
      destination.withUnsafeMutableBufferPointer { to in
        processor.apply(from, layout: .rgba, to: to, layout: layout, threads: 3)
      }
    }
    #expect(stats.pixelCount == 5000)
    var mismatches = 0
    for p in 0..<5000 {
      let d = destination[(5 * p)..<(5 * p + 5)].map { $0 }
      let want = inPlace[(4 * p)..<(4 * p + 3)].map { $0 }
      if [d[4], d[2], d[1]] != want || d[0] != -9 || d[3] != -9 { mismatches += 1 }
    }
    #expect(mismatches == 0)
  }

  /// RGBA to another RGBA buffer (the fast kernels' own layout): the destination's alpha keeps
  /// its bits, not the source's, for every pixel count around the 8-pixel block.
  @Test(arguments: [1, 7, 9, 1027])
  func rgbaToRGBAKeepsTheDestinationAlpha(_ count: Int) {
    let source = Self.image(pixels: count, channels: 4, seed: 21)
    for (interpolation, extrapolation) in Self.modes {
      let processor = LUTProcessor(
        lut: Self.lut, interpolation: interpolation, extrapolation: extrapolation)
      var inPlace = source
      processor.apply(inPlace: &inPlace, layout: .rgba, threads: 2)
      let alpha = (0..<count).map { Float(bitPattern: 0x7FA0_0000 | UInt32($0)) }
      var destination = [Float](repeating: 0, count: 4 * count)
      for p in 0..<count { destination[4 * p + 3] = alpha[p] }
      source.withUnsafeBufferPointer { from in
        destination.withUnsafeMutableBufferPointer { to in
          _ = processor.apply(from, layout: .rgba, to: to, layout: .rgba, threads: 2)
        }
      }
      let mismatches = (0..<count).filter { (p: Int) -> Bool in
        let rgb = Array(destination[(4 * p)..<(4 * p + 3)])
        return rgb != Array(inPlace[(4 * p)..<(4 * p + 3)])
          || destination[4 * p + 3].bitPattern != alpha[p].bitPattern
      }
      #expect(mismatches.isEmpty, "\(interpolation) \(extrapolation)")
    }
  }

  @Test func planarEqualsInterleaved() {
    let processor = LUTProcessor(lut: Self.lut, interpolation: .trilinear)
    var interleaved = Self.image(pixels: 4096, channels: 3, seed: 13)
    var red = stride(from: 0, to: interleaved.count, by: 3).map { interleaved[$0] }
    var green = stride(from: 1, to: interleaved.count, by: 3).map { interleaved[$0] }
    var blue = stride(from: 2, to: interleaved.count, by: 3).map { interleaved[$0] }
    processor.apply(inPlace: &interleaved, layout: .rgb, threads: 2)
    let stats = red.withUnsafeMutableBufferPointer { r in
      green.withUnsafeMutableBufferPointer { g in
        blue.withUnsafeMutableBufferPointer { b in
          processor.apply(inPlaceRed: r, green: g, blue: b, threads: 2)
        }
      }
    }
    #expect(stats.pixelCount == 4096)
    let planar = (0..<4096).flatMap { [red[$0], green[$0], blue[$0]] }
    #expect(sameBits(planar, interleaved))
  }
}
