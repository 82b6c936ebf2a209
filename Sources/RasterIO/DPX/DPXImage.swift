/// A DPX image (SMPTE 268M): one RGB or RGBA image element of unsigned integers, 8, 10, 12 or
/// 16 bits per component, either byte order, with the element's transfer and colorimetric
/// codes kept.
///
/// Read: 8- and 16-bit, 10-bit filled (method A, the common Cineon-style layout, and method B)
/// and 12-bit filled (method A and B) components; written: the same, 10 and 12 bits filled by
/// method A. Bit-packed 10/12-bit files, RLE, signed components and files of more than one
/// element are refused by name.
public struct DPXImage: Hashable, Sendable {
  /// The byte order of the file's header and words (magic `SDPX` big-endian, `XPDS` little).
  public enum ByteOrder: String, Hashable, Sendable {
    case bigEndian = "big-endian"
    case littleEndian = "little-endian"
  }

  /// Pixels per line.
  public var width: Int
  /// Lines.
  public var height: Int
  /// Bits per component: 8, 10, 12 or 16.
  public var bitDepth: Int
  /// Whether the element is RGBA (descriptor 51) rather than RGB (50).
  public var hasAlpha: Bool
  /// The byte order.
  public var byteOrder: ByteOrder
  /// The element's transfer characteristic code (SMPTE 268M table 5A: 1 printing density,
  /// 2 linear, 3 logarithmic, 6 ITU-R BT.709, …).
  public var transfer: UInt8
  /// The element's colorimetric specification code (same table).
  public var colorimetric: UInt8
  /// Interleaved components, line after line, `width · height · channels`, each within
  /// `0…maxCode`.
  public var samples: [UInt16]

  /// Components per pixel.
  public var channels: Int { hasAlpha ? 4 : 3 }

  /// The largest code: `2^bitDepth − 1`.
  public var maxCode: Int { (1 << bitDepth) - 1 }

  /// Creates an image; `samples` must hold `width · height · channels` codes.
  public init(
    width: Int, height: Int, bitDepth: Int, hasAlpha: Bool, samples: [UInt16],
    byteOrder: ByteOrder = .bigEndian, transfer: UInt8 = 2, colorimetric: UInt8 = 2
  ) {
    self.width = width
    self.height = height
    self.bitDepth = bitDepth
    self.hasAlpha = hasAlpha
    self.samples = samples
    self.byteOrder = byteOrder
    self.transfer = transfer
    self.colorimetric = colorimetric
  }

  /// The bit depths DPXImage reads and writes.
  public static let bitDepths = [8, 10, 12, 16]

  /// The pixels as interleaved RGBA `Float`, each code over `maxCode` (alpha 1 when absent).
  public var rgba: RGBAPixels {
    let scale = 1 / Float(maxCode)
    var values = [Float](repeating: 1, count: width * height * 4)
    let c = channels
    for p in 0..<(width * height) {
      for k in 0..<c { values[4 * p + k] = Float(samples[c * p + k]) * scale }
    }
    return RGBAPixels(width: width, height: height, values: values, hasAlpha: hasAlpha)
  }

  /// An image of `pixels` at `bitDepth`, each value clamped to 0…1 and rounded to the nearest
  /// code (NaN to 0); the alpha channel kept when `pixels` has one.
  public init(
    _ pixels: RGBAPixels, bitDepth: Int, byteOrder: ByteOrder = .bigEndian,
    transfer: UInt8 = 2, colorimetric: UInt8 = 2
  ) {
    let c = pixels.hasAlpha ? 4 : 3
    let top = Float((1 << bitDepth) - 1)
    var samples = [UInt16](repeating: 0, count: pixels.width * pixels.height * c)
    for p in 0..<(pixels.width * pixels.height) {
      for k in 0..<c {
        let v = pixels.values[4 * p + k]
        samples[c * p + k] = v.isNaN ? 0 : UInt16((min(max(v, 0), 1) * top).rounded())
      }
    }
    self.init(
      width: pixels.width, height: pixels.height, bitDepth: bitDepth, hasAlpha: pixels.hasAlpha,
      samples: samples, byteOrder: byteOrder, transfer: transfer, colorimetric: colorimetric)
  }
}

extension DPXImage {
  /// Rescales every code to `bits` per component (one of ``bitDepths``), rounding to the
  /// nearest: `code · (2^bits − 1) / maxCode`.
  public mutating func setBitDepth(_ bits: Int) {
    precondition(Self.bitDepths.contains(bits), "DPXImage: bit depth 8, 10, 12 or 16")
    let from = Double(maxCode)
    let to = Double((1 << bits) - 1)
    samples = samples.map { UInt16((Double($0) * to / from).rounded()) }
    bitDepth = bits
  }

  /// Transforms the RGB in blocks of interleaved RGBA `Float` (each code over `maxCode`,
  /// alpha 1 when absent and left as it is), storing R, G, B back rounded to the nearest code
  /// within `0…maxCode` (NaN to 0). Returns `transform`'s results in pixel order.
  public mutating func transformRGB<R>(_ transform: (RGBABlock) -> R) -> [R] {
    let pixels = width * height
    let c = channels
    let top = Float(maxCode)
    let blockPixels = 4096
    let scratch = UnsafeMutableBufferPointer<Float>.allocate(capacity: 4 * blockPixels)
    defer { scratch.deallocate() }
    var results: [R] = []
    for start in stride(from: 0, to: pixels, by: blockPixels) {
      let count = min(blockPixels, pixels - start)
      for p in 0..<count {
        for k in 0..<4 {
          scratch[4 * p + k] = k < c ? Float(samples[c * (start + p) + k]) / top : 1
        }
      }
      let block = RGBABlock(
        values: UnsafeMutableBufferPointer(rebasing: scratch[0..<(4 * count)]),
        firstPixel: start, hasAlpha: hasAlpha)
      results.append(transform(block))
      for p in 0..<count {
        for k in 0..<3 {
          let v = scratch[4 * p + k]
          samples[c * (start + p) + k] = v.isNaN ? 0 : UInt16((min(max(v, 0), 1) * top).rounded())
        }
      }
    }
    return results
  }
}
