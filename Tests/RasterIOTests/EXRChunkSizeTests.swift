import Foundation
import RasterIO
import TestSupport
import Testing

/// Found by the FuzzRoundTrip target: a ZIPS scanline whose zlib stream is exactly as long
/// as the raw line (36 bytes here) was stored compressed, and every reader (ours, OpenImageIO)
/// then took it as uncompressed and returned the zlib bytes as pixels. OpenEXRCore 3.1.5 keeps
/// such chunks; RasterIO now stores the raw bytes whenever compression does not shrink them.
@Suite struct EXRChunkSizeTests {
  @Test func aChunkThatDoesNotShrinkIsStoredRawAndReadsBack() throws {
    let red: [UInt16] = [0x7FC0, 0x1234, 0x7F80, 0, 0xFF80, 0]
    let green: [UInt32] = [0x347F_8000, 0xFF_8000, 0xBF_8000, 0x80_0000, 0, 0]
    let part = EXRPart(
      dataWindow: EXRBox(width: 6, height: 1), compression: .zips,
      channels: [
        EXRChannel(name: "G", samples: .uint(green)), EXRChannel(name: "R", samples: .half(red)),
      ])
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("line.exr").path
      try EXRImage(parts: [part]).write(to: path, using: .fast)
      let back = try EXRImage.read(path: path).parts[0]
      #expect(back.channels.first { $0.name == "R" }?.samples == .half(red))
      #expect(back.channels.first { $0.name == "G" }?.samples == .uint(green))
    }
  }
}
