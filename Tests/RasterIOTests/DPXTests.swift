import Foundation
import RasterIO
import TestSupport
import Testing

/// DPX (SMPTE 268M): exact integer round trips at every depth, byte order and channel count;
/// OpenImageIO (PyPI `OpenImageIO`, when installed) reads what DPXImage writes with the same
/// codes, and DPXImage reads what OpenImageIO writes with OpenImageIO's codes; bad headers
/// are refused naming the byte and the field.
@Suite struct DPXTests {
  /// An odd-sized image (so 10-bit words and 32-bit line padding straddle pixels) of codes
  /// from a fixed seed spanning `0…maxCode`, both ends included.
  static func image(
    bits: Int, alpha: Bool, order: DPXImage.ByteOrder, width: Int = 7, height: Int = 5
  ) -> DPXImage {
    var random = SeededGenerator(seed: UInt64(bits * 10 + (alpha ? 1 : 0)))
    let top = UInt16((1 << bits) - 1)
    let count = width * height * (alpha ? 4 : 3)
    var samples = (0..<count).map { _ in UInt16.random(in: 0...top, using: &random) }
    samples[0] = 0
    samples[count - 1] = top
    return DPXImage(
      width: width, height: height, bitDepth: bits, hasAlpha: alpha, samples: samples,
      byteOrder: order, transfer: 3, colorimetric: 1)
  }

  static let cases: [(Int, Bool, DPXImage.ByteOrder)] = DPXImage.bitDepths.flatMap { bits in
    [false, true].flatMap { alpha in
      [DPXImage.ByteOrder.bigEndian, .littleEndian].map { (bits, alpha, $0) }
    }
  }

  @Test func everyDepthOrderAndChannelCountRoundTripsExactly() throws {
    try withTemporaryDirectory { dir in
      for (bits, alpha, order) in Self.cases {
        let image = Self.image(bits: bits, alpha: alpha, order: order)
        let path = dir.appendingPathComponent("\(bits)\(alpha)\(order).dpx").path
        try image.write(to: path)
        let back = try DPXImage.read(path: path)
        #expect(back == image, "\(bits) bits, alpha \(alpha), \(order)")
      }
    }
  }

  @Test func tenBitFilledMethodAPacksThreeCodesToAWordFromTheTop() throws {
    let image = DPXImage(
      width: 1, height: 1, bitDepth: 10, hasAlpha: false, samples: [1, 2, 3],
      byteOrder: .bigEndian)
    let bytes = try image.encoded(path: "t.dpx")
    // 1 << 22 | 2 << 12 | 3 << 2, big-endian, after the 2048-byte header.
    #expect(Array(bytes[2048..<2052]) == [0x00, 0x40, 0x20, 0x0C])
    #expect(Array(bytes[0..<4]) == Array("SDPX".utf8))
  }

  @Test func badHeadersNameTheByteAndTheField() throws {
    var bytes = try Self.image(bits: 10, alpha: false, order: .bigEndian).encoded(path: "a.dpx")
    bytes[803] = 11
    #expect(throws: RasterIOError.self) { try DPXImage.decode(bytes, path: "a.dpx") }
    do {
      _ = try DPXImage.decode(bytes, path: "a.dpx")
    } catch {
      #expect(error.description.contains("a.dpx: error: DPX header byte 803 (bit size): 11"))
    }
    bytes[803] = 10
    bytes[805] = 0  // packing 0: bit-packed 10-bit
    do {
      _ = try DPXImage.decode(bytes, path: "a.dpx")
      Issue.record("packed 10-bit was read")
    } catch {
      #expect(error.kind == .unsupported && error.description.contains("byte 804 (packing)"))
    }
    let truncated = Array(
      try Self.image(bits: 16, alpha: true, order: .littleEndian)
        .encoded(path: "b.dpx").dropLast(3))
    do {
      _ = try DPXImage.decode(truncated, path: "b.dpx")
      Issue.record("a truncated file was read")
    } catch {
      #expect(error.kind == .corrupt && error.description.contains("run past the file"))
    }
    #expect(throws: RasterIOError.self) { try DPXImage.decode(Array("GIF89a".utf8), path: "c") }
  }
}

/// The same files through OpenImageIO.
@Suite(.enabled(if: DPXOpenImageIO.isInstalled, "pip install OpenImageIO"))
struct DPXOpenImageIOTests {
  /// OpenImageIO's codes of `path` (its UINT16 reading shifted back to the file's depth) and
  /// its transfer and colorimetric names.
  static func openImageIO(_ path: String, bits: Int) throws -> (codes: [Int], transfer: String) {
    let script = """
      import sys, json, OpenImageIO as oiio
      i = oiio.ImageInput.open(sys.argv[1]); s = i.spec()
      p = i.read_image(oiio.UINT16).ravel().astype(int)
      bits = int(sys.argv[2])
      print(json.dumps({"codes": [int(v) >> (16 - bits) for v in p],
        "transfer": s.get_string_attribute("dpx:Transfer")}))
      """
    let r = try EDRCubeExecutable.run(
      ["python3", "-c", script, path, "\(bits)"], executable: DPXOpenImageIO.python)
    try #require(r.status == 0, "\(r.stderr)")
    struct Reading: Decodable {
      var codes: [Int]
      var transfer: String
    }
    let reading = try JSONDecoder().decode(Reading.self, from: Data(r.stdout.utf8))
    return (reading.codes, reading.transfer)
  }

  @Test func openImageIOReadsWhatDPXImageWrites() throws {
    try withTemporaryDirectory { dir in
      for (bits, alpha, order) in DPXTests.cases {
        // 6 wide: OpenImageIO 3.2 reads the last code of a 10-bit line as 0 when it shares its
        // word with padding (4·7 codes), its own files included.
        let image = DPXTests.image(bits: bits, alpha: alpha, order: order, width: 6)
        let path = dir.appendingPathComponent("\(bits)\(alpha)\(order).dpx").path
        try image.write(to: path)
        let theirs = try Self.openImageIO(path, bits: bits)
        #expect(
          theirs.codes == image.samples.map(Int.init), "\(bits) bits, alpha \(alpha), \(order)")
        #expect(theirs.transfer == "Logarithmic", "\(theirs.transfer)")
      }
    }
  }

  @Test func dpxImageReadsWhatOpenImageIOWrites() throws {
    try withTemporaryDirectory { dir in
      for (bits, channels, endian) in [
        (8, 3, "big"), (10, 3, "little"), (10, 4, "big"), (16, 4, "little"),
      ] {
        let path = dir.appendingPathComponent("oiio\(bits)\(channels)\(endian).dpx").path
        let script = """
          import sys, numpy as np, OpenImageIO as oiio
          bits, ch = int(sys.argv[2]), int(sys.argv[3])
          s = oiio.ImageSpec(9, 4, ch, oiio.UINT8 if bits == 8 else oiio.UINT16)
          s.attribute("oiio:BitsPerSample", bits)
          s.attribute("oiio:Endian", sys.argv[4]); s.attribute("dpx:Transfer", "Linear")
          codes = (np.arange(9 * 4 * ch) * 37) % (1 << bits)
          o = oiio.ImageOutput.create(sys.argv[1]); o.open(sys.argv[1], s)
          pixels = codes if bits == 8 else codes * 65535 // ((1 << bits) - 1)
          o.write_image(pixels.astype(np.uint8 if bits == 8 else np.uint16).reshape(4, 9, ch))
          o.close()
          """
        let r = try EDRCubeExecutable.run(
          ["python3", "-c", script, path, "\(bits)", "\(channels)", endian],
          executable: DPXOpenImageIO.python)
        try #require(r.status == 0, "\(r.stderr)")
        let ours = try DPXImage.read(path: path)
        let expected = (0..<(9 * 4 * channels)).map { UInt16(($0 * 37) % (1 << bits)) }
        #expect(ours.samples == expected, "\(bits) bits, \(channels) channels, \(endian)")
        #expect(ours.byteOrder == (endian == "big" ? .bigEndian : .littleEndian))
        #expect(ours.transfer == 2 && ours.hasAlpha == (channels == 4))
      }
    }
  }
}

/// Whether OpenImageIO imports.
enum DPXOpenImageIO {
  static let python = URL(fileURLWithPath: "/usr/bin/env")

  static let isInstalled: Bool =
    (try? EDRCubeExecutable.run(
      ["python3", "-c", "import OpenImageIO, numpy"], executable: python))?.status == 0
}
