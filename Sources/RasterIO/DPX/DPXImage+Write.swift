public import FileOutput

extension DPXImage {
  /// The bytes of the file: the generic and industry headers (2048 bytes: file information,
  /// one image element with this image's descriptor, transfer, colorimetric and bit size,
  /// the rest undefined), then the lines, 10- and 12-bit components filled by method A.
  /// - Throws: `RasterIOError` `.invalidRequest` for an inconsistent model.
  public func encoded(path: String) throws(RasterIOError) -> [UInt8] {
    guard Self.bitDepths.contains(bitDepth), width > 0, height > 0,
      samples.count == width * height * channels
    else {
      throw RasterIOError(
        .invalidRequest, path: path,
        "DPX image model: \(width) × \(height), \(bitDepth) bits, \(samples.count) samples")
    }
    guard let largest = samples.max(), Int(largest) <= maxCode else {
      throw RasterIOError(
        .invalidRequest, path: path, "a DPX sample is above the \(bitDepth)-bit range")
    }
    let lineBytes = DPXLayout.lineBytes(width: width, channels: channels, bitDepth: bitDepth)
    let total = DPXLayout.headerBytes + lineBytes * height
    var b = DPXBytes(
      bytes: [UInt8](repeating: 0, count: total), bigEndian: byteOrder == .bigEndian)
    b.set32(0, DPXLayout.magic)
    b.set32(DPXLayout.imageOffset, UInt32(DPXLayout.headerBytes))
    for (k, c) in "V2.0".utf8.enumerated() { b.bytes[DPXLayout.version + k] = c }
    b.set32(DPXLayout.fileSize, UInt32(total))
    b.set32(DPXLayout.dittoKey, 1)
    b.set32(DPXLayout.genericSize, 1664)
    b.set32(DPXLayout.industrySize, 384)
    b.set32(DPXLayout.userSize, 0)
    for (k, c) in "EDRCube".utf8.enumerated() { b.bytes[DPXLayout.creator + k] = c }
    b.set32(DPXLayout.encryption, 0xFFFF_FFFF)
    b.set16(DPXLayout.orientation, 0)
    b.set16(DPXLayout.elementCount, 1)
    b.set32(DPXLayout.pixelsPerLine, UInt32(width))
    b.set32(DPXLayout.linesPerElement, UInt32(height))
    b.set32(DPXLayout.dataSign, 0)
    b.set32(DPXLayout.referenceHighCode, UInt32(maxCode))
    b.bytes[DPXLayout.descriptor] = hasAlpha ? 51 : 50
    b.bytes[DPXLayout.transfer] = transfer
    b.bytes[DPXLayout.colorimetric] = colorimetric
    b.bytes[DPXLayout.bitSize] = UInt8(bitDepth)
    b.set16(DPXLayout.packing, bitDepth == 10 || bitDepth == 12 ? 1 : 0)
    b.set16(DPXLayout.encoding, 0)
    b.set32(DPXLayout.dataOffset, UInt32(DPXLayout.headerBytes))
    b.set32(DPXLayout.endOfLinePadding, 0)
    b.set32(DPXLayout.endOfLinePadding + 4, 0)
    let perLine = width * channels
    for y in 0..<height {
      let line = DPXLayout.headerBytes + y * lineBytes
      let row = y * perLine
      switch bitDepth {
      case 8:
        for i in 0..<perLine { b.bytes[line + i] = UInt8(samples[row + i]) }
      case 10:
        for w in 0..<((perLine + 2) / 3) {
          var word: UInt32 = 0
          for k in 0..<3 where 3 * w + k < perLine {
            word |= UInt32(samples[row + 3 * w + k]) << UInt32(22 - 10 * k)
          }
          b.set32(line + 4 * w, word)
        }
      case 12:
        for i in 0..<perLine { b.set16(line + 2 * i, samples[row + i] << 4) }
      default:
        for i in 0..<perLine { b.set16(line + 2 * i, samples[row + i]) }
      }
    }
    return b.bytes
  }

  /// Writes the file atomically (``encoded(path:)``).
  /// - Throws: `RasterIOError` (`.invalidRequest`, `.io`).
  public func write(to path: String, using writer: AtomicFileWriter = AtomicFileWriter()) throws {
    let bytes = try encoded(path: path)
    try writer.write(to: path) { file in
      try bytes.withUnsafeBytes { try file.write($0) }
    }
  }
}
