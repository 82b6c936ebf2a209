import Foundation
import RasterIO
import TestSupport
import Testing

/// `apply` keeps a TIFF's metadata whole (issue 34): XMP, IPTC, Photoshop image resources, a
/// private tag, and the EXIF and GPS sub-directories. The input is built byte by byte (not
/// with libtiff) and the output parsed the same way; every entry must come back with the same
/// type, count and bytes.
@Suite struct TIFFMetadataTests {
  typealias Entry = TIFFDirectoryBytes.Entry

  static let xmp = Array(
    """
    <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>\
    <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\
    <rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:format="image/tiff"/>\
    </rdf:RDF></x:xmpmeta><?xpacket end="w"?>
    """.utf8)
  /// IPTC-IIM: record 2 dataset 5 (object name) and 120 (caption), padded to a multiple of 4.
  static let iptc: [UInt8] =
    [0x1C, 2, 5, 0, 4] + Array("shot".utf8) + [0x1C, 2, 120, 0, 7] + Array("graded!".utf8)
  /// A Photoshop image resource block: `8BIM`, resource 0x0404 (IPTC), empty name, 4 bytes.
  static let photoshop: [UInt8] = Array("8BIM".utf8) + [4, 4, 0, 0, 0, 0, 0, 4, 1, 2, 3, 4]

  static let main: [Entry] = [
    .bytes(700, type: 1, xmp), .bytes(33723, iptc + [0, 0, 0, 0].prefix((4 - iptc.count % 4) % 4)),
    .bytes(34377, type: 1, photoshop), .ascii(65000, "a private tag"),
    .ascii(270, "a description"),
  ]
  static let exif: [Entry] = [
    .rational(33434, [(1, 125)]), .short(34855, [400]), .bytes(36864, Array("0231".utf8)),
    .ascii(36867, "2026:12:03 08:00:00"), .bytes(37500, Array(0..<40)),
    .short(41986, [0]),
  ]
  static let gps: [Entry] = [
    .bytes(0, type: 1, [2, 3, 0, 0]), .ascii(1, "N"), .rational(2, [(51, 1), (30, 1), (0, 1)]),
  ]

  @Test func xmpIPTCPhotoshopEXIFAndGPSComeBackByteForByte() throws {
    try withTemporaryDirectory { dir in
      let input = dir.appendingPathComponent("meta.tif")
      try Data(
        TIFFDirectoryBytes.rgbFile(
          width: 4, height: 2, extra: Self.main, exif: Self.exif, gps: Self.gps)
      ).write(to: input)
      let cube = dir.appendingPathComponent("identity.cube").path
      try EdgeValueTests.identity.write(toFile: cube, atomically: true, encoding: .utf8)
      let output = dir.appendingPathComponent("out.tif").path
      let r = try EDRCubeExecutable.run(["apply", input.path, "--lut", cube, "-o", output])
      try #require(r.status == 0, "\(r.stderr)")
      let parsed = try TIFFDirectoryBytes.parse(
        Array(try Data(contentsOf: URL(fileURLWithPath: output))))
      for e in Self.main { #expect(parsed.main[e.tag] == e, "IFD0 tag \(e.tag)") }
      for e in Self.exif { #expect(parsed.exif[e.tag] == e, "EXIF tag \(e.tag)") }
      for e in Self.gps { #expect(parsed.gps[e.tag] == e, "GPS tag \(e.tag)") }
      // The pixels went through the identity cube.
      #expect(try TIFFImage.read(path: output).samples == TIFFImage.read(path: input.path).samples)
    }
  }
}
