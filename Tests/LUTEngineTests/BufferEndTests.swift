import CubeFormat
import Foundation
import LUTEngine
import Testing

/// The kernels read and write nothing past the caller's pixels: buffers that end exactly at a
/// page the process may not touch (`PROT_NONE`) go through every interleaved layout, both
/// interpolations, every extrapolation and instruction set, 1…17 pixels (the SSE2 loop's last
/// pixel, the AVX2 loop's whole blocks and tails), in place and out of place, and give the
/// bits of the portable Swift kernels. A read or write past the end stops the test process.
@Suite struct BufferEndTests {
  static let lut = TestCubes.smoothRandom(size: 9, seed: 23)

  /// Packed RGB and RGBA, and the layouts whose blue is a pixel's last float, so that the
  /// float after it (which a packed kernel loads with the pixel) lies past the buffer's end.
  static let layouts: [PixelLayout] = [
    .rgb, .rgba,
    PixelLayout(pixelStride: 4, redOffset: 1, greenOffset: 2, blueOffset: 3),
    PixelLayout(pixelStride: 5, redOffset: 2, greenOffset: 3, blueOffset: 4),
  ]

  static let modes = Interpolation.allCases.flatMap { i in
    Extrapolation.allCases.map { (i, $0) }
  }

  /// Floats ending exactly where a `PROT_NONE` page begins.
  final class GuardedFloats {
    private let mapping: UnsafeMutableRawPointer
    private let mappedBytes: Int
    /// The floats, the last of them just before the guard page.
    let buffer: UnsafeMutableBufferPointer<Float>

    init(count: Int) throws {
      let page = Int(sysconf(Int32(_SC_PAGESIZE)))
      let dataPages = (count * MemoryLayout<Float>.stride + page - 1) / page
      mappedBytes = (dataPages + 1) * page
      let address = mmap(
        nil, mappedBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
      guard let address, address != MAP_FAILED else { throw MappingError() }
      mapping = address
      guard mprotect(address + dataPages * page, page, PROT_NONE) == 0 else {
        munmap(address, mappedBytes)
        throw MappingError()
      }
      let end = (address + dataPages * page).assumingMemoryBound(to: Float.self)
      buffer = UnsafeMutableBufferPointer(start: end - count, count: count)
    }

    deinit { munmap(mapping, mappedBytes) }

    struct MappingError: Error {}
  }

  /// `pixels` seeded EDR colours in `layout` (in and outside the domain), the other floats
  /// NaN payloads.
  static func image(pixels: Int, layout: PixelLayout) -> [Float] {
    var floats = (0..<(pixels * layout.pixelStride)).map {
      Float(bitPattern: 0x7FC0_0000 | UInt32($0))
    }
    for (p, c) in randomColors(count: pixels, seed: UInt64(pixels), range: -0.5...1.5)
      .enumerated()
    {
      let o = p * layout.pixelStride
      (floats[o + layout.redOffset], floats[o + layout.greenOffset]) = (c.x, c.y)
      floats[o + layout.blueOffset] = c.z
    }
    return floats
  }

  @Test(arguments: KernelInstructionSet.allCases.filter { $0 != .portable })
  func pixelsEndingAtAGuardPage(_ instructionSet: KernelInstructionSet) throws {
    for layout in Self.layouts {
      for pixels in 1...17 {
        let input = Self.image(pixels: pixels, layout: layout)
        let source = try GuardedFloats(count: input.count)
        let destination = try GuardedFloats(count: input.count)
        for (interpolation, extrapolation) in Self.modes {
          let processor = LUTProcessor(
            lut: Self.lut, interpolation: interpolation, extrapolation: extrapolation,
            instructionSet: instructionSet)
          var want = input
          LUTProcessor(
            lut: Self.lut, interpolation: interpolation, extrapolation: extrapolation,
            instructionSet: .portable
          ).apply(inPlace: &want, layout: layout, threads: 1)
          _ = source.buffer.update(fromContentsOf: input)
          processor.apply(inPlace: source.buffer, layout: layout, threads: 1)
          #expect(sameBits(Array(source.buffer), want), "\(layout) \(pixels) in place")
          _ = source.buffer.update(fromContentsOf: input)
          _ = destination.buffer.update(fromContentsOf: input)
          processor.apply(
            UnsafeBufferPointer(source.buffer), layout: layout, to: destination.buffer,
            layout: layout, threads: 1)
          #expect(sameBits(Array(destination.buffer), want), "\(layout) \(pixels) out of place")
          #expect(sameBits(Array(source.buffer), input))
        }
      }
    }
  }
}
