import Foundation
import RasterIO
import TestSupport
import Testing

/// Issue 40 (docs/reliability.md §5): libtiff holds every tag of a directory and the reader
/// copies the ones it keeps, so a 64 MiB tag on a 16×16 image took 167–232 MB. The values of
/// the first directory and its EXIF and GPS directories are added up from the file before
/// libtiff reads them and refused past `maxTIFFTagBytes` (16 MiB by default).
@Suite struct TIFFTagLimitTests {
  func write(xmp: Int = 0, userComment: Int = 0, to path: String) throws {
    var image = TIFFImage(
      width: 4, height: 2, samplesPerPixel: 3,
      samples: .uint8((0..<24).map { UInt8($0 * 10) }))
    if xmp > 0 {
      image.metadata.otherTags = [
        TIFFTag(tag: 700, type: 1, count: xmp, bytes: [UInt8](repeating: 0x20, count: xmp))
      ]
    }
    if userComment > 0 {
      image.metadata.exif = [
        TIFFTag(
          tag: 37510, type: 7, count: userComment,
          bytes: [UInt8](repeating: 0x41, count: userComment))
      ]
    }
    try image.write(to: path, using: .fast)
  }

  @Test func tagsPastTheDefaultLimitAreRefused() throws {
    #expect(RasterLimits.standard.maxTIFFTagBytes == 16 << 20)
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("xmp.tif").path
      try write(xmp: (16 << 20) + 1, to: path)
      let error = try #require(throws: RasterIOError.self) { try TIFFImage.read(path: path) }
      #expect(error.kind == .tooLarge, "\(error)")
      #expect(error.message.contains("(tag 700: 16777217)"), "\(error)")
      #expect(error.message.contains("above the limit of 16777216"), "\(error)")
      let raised = RasterLimits(maxTIFFTagBytes: 17 << 20)
      #expect(
        try TIFFImage.read(path: path, limits: raised).metadata.otherTags[0].count == (16 << 20) + 1
      )
    }
  }

  /// The EXIF directory's values count too: a 3000-byte UserComment passes a 4000-byte limit
  /// and not a 3000-byte one (the first directory's own tags add a few dozen bytes).
  @Test func theEXIFDirectoryCounts() throws {
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("exif.tif").path
      try write(userComment: 3000, to: path)
      let error = try #require(throws: RasterIOError.self) {
        try TIFFImage.read(path: path, limits: RasterLimits(maxTIFFTagBytes: 3000))
      }
      #expect(error.kind == .tooLarge && error.message.contains("(tag 37510: 3000)"), "\(error)")
      let read = try TIFFImage.read(path: path, limits: RasterLimits(maxTIFFTagBytes: 4000))
      #expect(read.metadata.exif.first { $0.tag == 37510 }?.count == 3000)
    }
  }
}
