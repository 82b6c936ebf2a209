import Foundation

extension DPXImage {
  /// Reads a DPX file.
  /// - Throws: `RasterIOError`: `.io`, `.notRecognized` (no DPX magic), `.corrupt` (a header
  ///   field or the data out of the file), `.unsupported` (a layout DPXImage does not read,
  ///   named with its header field), `.tooLarge` (beyond `limits`).
  public static func read(path: String, limits: RasterLimits = .standard) throws(RasterIOError)
    -> DPXImage
  {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw RasterIOError(.io, path: path, "cannot read the file: \(error.localizedDescription)")
    }
    return try decode([UInt8](data), path: path, limits: limits)
  }

  /// Decodes the bytes of a DPX file (`path` names it in errors).
  public static func decode(_ bytes: [UInt8], path: String, limits: RasterLimits = .standard)
    throws(RasterIOError) -> DPXImage
  {
    func fail(_ kind: RasterIOError.Kind, _ at: Int, _ field: String, _ problem: String)
      -> RasterIOError
    {
      RasterIOError(kind, path: path, "DPX header byte \(at) (\(field)): \(problem)")
    }
    guard bytes.count >= 4 else {
      throw RasterIOError(.notRecognized, path: path, "not a DPX file: \(bytes.count) bytes")
    }
    let head = DPXBytes(bytes: Array(bytes.prefix(4)), bigEndian: true).u32(0)
    guard head == DPXLayout.magic || head == DPXLayout.magic.byteSwapped else {
      throw RasterIOError(.notRecognized, path: path, "not a DPX file: no SDPX or XPDS magic")
    }
    let b = DPXBytes(bytes: bytes, bigEndian: head == DPXLayout.magic)
    guard bytes.count >= DPXLayout.dataOffset + 8 else {
      throw RasterIOError(
        .corrupt, path: path,
        "DPX file of \(bytes.count) bytes ends inside its image header (\(DPXLayout.endOfLinePadding + 4) bytes)"
      )
    }
    let elements = Int(b.u16(DPXLayout.elementCount))
    guard elements == 1 else {
      throw fail(
        .unsupported, DPXLayout.elementCount, "number of image elements",
        "\(elements); DPX files of one RGB or RGBA element are read")
    }
    let width = Int(b.u32(DPXLayout.pixelsPerLine))
    let height = Int(b.u32(DPXLayout.linesPerElement))
    guard width > 0, height > 0 else {
      throw fail(.corrupt, DPXLayout.pixelsPerLine, "image size", "\(width) × \(height)")
    }
    guard width <= limits.maxSide, height <= limits.maxSide,
      width.multipliedReportingOverflow(by: height).partialValue <= limits.maxPixels,
      !width.multipliedReportingOverflow(by: height).overflow
    else {
      throw fail(
        .tooLarge, DPXLayout.pixelsPerLine, "image size",
        "\(width) × \(height) is beyond the limits")
    }
    guard b.u32(DPXLayout.dataSign) == 0 else {
      throw fail(.unsupported, DPXLayout.dataSign, "data sign", "signed components")
    }
    let descriptor = bytes[DPXLayout.descriptor]
    guard descriptor == 50 || descriptor == 51 else {
      throw fail(
        .unsupported, DPXLayout.descriptor, "descriptor",
        "\(descriptor); RGB (50) and RGBA (51) are read")
    }
    let bitDepth = Int(bytes[DPXLayout.bitSize])
    guard bitDepths.contains(bitDepth) else {
      throw fail(
        .unsupported, DPXLayout.bitSize, "bit size", "\(bitDepth); 8, 10, 12 and 16 are read")
    }
    let packing = b.u16(DPXLayout.packing)
    guard packing <= 2, bitDepth == 8 || bitDepth == 16 || packing != 0 else {
      throw fail(
        .unsupported, DPXLayout.packing, "packing",
        packing == 0
          ? "\(bitDepth)-bit components packed bit to bit; filled (method A or B) are read"
          : "\(packing) is not a DPX packing (0, 1 or 2)")
    }
    guard b.u16(DPXLayout.encoding) == 0 else {
      throw fail(.unsupported, DPXLayout.encoding, "encoding", "run-length encoded")
    }
    let channels = descriptor == 51 ? 4 : 3
    var offset = Int(b.u32(DPXLayout.dataOffset))
    if offset == 0 || offset == 0xFFFF_FFFF { offset = Int(b.u32(DPXLayout.imageOffset)) }
    let rawPadding = b.u32(DPXLayout.endOfLinePadding)
    let padding = rawPadding == 0xFFFF_FFFF ? 0 : Int(rawPadding)
    let lineBytes = DPXLayout.lineBytes(width: width, channels: channels, bitDepth: bitDepth)
    let stride = lineBytes + padding
    let (extent, overflow) = stride.multipliedReportingOverflow(by: height)
    guard !overflow, offset >= 0, offset <= bytes.count, extent - padding <= bytes.count - offset
    else {
      throw fail(
        .corrupt, DPXLayout.dataOffset, "data offset",
        "\(height) lines of \(stride) bytes from byte \(offset) run past the file's \(bytes.count) bytes"
      )
    }
    var samples = [UInt16](repeating: 0, count: width * height * channels)
    let perLine = width * channels
    let methodB = packing == 2
    for y in 0..<height {
      let line = offset + y * stride
      let out = y * perLine
      switch bitDepth {
      case 8:
        for i in 0..<perLine { samples[out + i] = UInt16(bytes[line + i]) }
      case 10:
        for i in 0..<perLine {
          let word = b.u32(line + 4 * (i / 3))
          let shift = UInt32((methodB ? 20 : 22) - 10 * (i % 3))
          samples[out + i] = UInt16((word >> shift) & 0x3FF)
        }
      case 12:
        for i in 0..<perLine {
          let word = b.u16(line + 2 * i)
          samples[out + i] = methodB ? word & 0xFFF : word >> 4
        }
      default:
        for i in 0..<perLine { samples[out + i] = b.u16(line + 2 * i) }
      }
    }
    return DPXImage(
      width: width, height: height, bitDepth: bitDepth, hasAlpha: channels == 4,
      samples: samples, byteOrder: b.bigEndian ? .bigEndian : .littleEndian,
      transfer: bytes[DPXLayout.transfer], colorimetric: bytes[DPXLayout.colorimetric])
  }
}
