import FileOutput
import Foundation
import RasterIO
import TestSupport
import Testing

@Suite struct MalformedFileTests {
  /// Cut points: every offset of small files, else the first 512 bytes plus ~100 evenly spaced.
  static func cuts(_ size: Int) -> [Int] {
    if size <= 4096 { return Array(0..<size) }
    return Array(0..<512) + stride(from: 512, to: size, by: max(1, (size - 512) / 100))
  }

  /// Reads every truncation of `bytes`; each must throw an error naming the file, or (for a
  /// cut that removes nothing the reader needs) return exactly the original content.
  func expectTruncationsFailCleanly<Image: Equatable>(
    _ bytes: [UInt8], name: String, read: (String) throws -> Image, original: Image
  ) throws -> Int {
    var failures = 0
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent(name).path
      for cut in Self.cuts(bytes.count) {
        try Data(bytes[..<cut]).write(to: URL(fileURLWithPath: path))
        do {
          let image = try read(path)
          #expect(image == original, "cut \(cut) read different content")
        } catch let error as RasterIOError {
          #expect(error.path == path, "cut \(cut)")
          failures += 1
        }
      }
    }
    return failures
  }

  func bytesOf(_ write: (String) throws -> Void) throws -> [UInt8] {
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("f").path
      try write(path)
      return try Fixtures.bytes(URL(fileURLWithPath: path))
    }
  }

  @Test(arguments: [EXRCompression.zip, .piz, .none])
  func truncatedEXRFilesFailCleanly(compression: EXRCompression) throws {
    for tiling in [nil, EXRTiling(width: 16, height: 16)] {
      let image = EXRImage(parts: [
        TestImages.part(
          ["R", "G", "B"], type: .float, width: 24, height: 20, compression: compression,
          tiling: tiling)
      ])
      let bytes = try bytesOf { try image.write(to: $0, using: .fast) }
      let original = image.parts[0].channels.map { bits($0.samples) }
      let failures = try expectTruncationsFailCleanly(
        bytes, name: "cut.exr",
        read: { try EXRImage.read(path: $0).parts[0].channels.map { bits($0.samples) } },
        original: original)
      #expect(failures == Self.cuts(bytes.count).count)
    }
  }

  @Test(arguments: [TIFFCompression.deflate, .none])
  func truncatedTIFFFilesFailCleanly(compression: TIFFCompression) throws {
    for tiling in [nil, TIFFTiling(width: 16, height: 16)] {
      var image = TIFFImage(
        width: 24, height: 20, samplesPerPixel: 3,
        samples: .float32(TestImages.floats(24 * 20 * 3)))
      image.tiling = tiling
      image.compression = compression
      let bytes = try bytesOf { try image.write(to: $0, using: .fast) }
      let failures = try expectTruncationsFailCleanly(
        bytes, name: "cut.tif", read: { bits(try TIFFImage.read(path: $0).samples) },
        original: bits(image.samples))
      #expect(failures > Self.cuts(bytes.count).count * 9 / 10)
    }
  }

  /// Flipped bytes in the payload or header: an error naming the file or a readable image,
  /// never a crash.
  @Test func corruptedBytesNeverCrash() throws {
    let exr = try bytesOf {
      try EXRImage(parts: [TestImages.part(["R", "G", "B"], type: .half, compression: .piz)])
        .write(to: $0, using: .fast)
    }
    let tiff = try bytesOf {
      try TIFFImage(
        width: 30, height: 20, samplesPerPixel: 3, samples: .uint16(TestImages.halves(1800))
      ).write(to: $0, using: .fast)
    }
    try withTemporaryDirectory { dir in
      for (name, original) in [("c.exr", exr), ("c.tif", tiff)] {
        let path = dir.appendingPathComponent(name).path
        var generator = SeededGenerator(seed: 42)
        for trial in 0..<300 {
          var bytes = original
          for _ in 0..<(1 + trial % 8) {
            let at = Int(generator.next() % UInt64(bytes.count))
            bytes[at] ^= UInt8(truncatingIfNeeded: generator.next() | 1)
          }
          try Data(bytes).write(to: URL(fileURLWithPath: path))
          do {
            if name.hasSuffix("exr") {
              _ = try EXRImage.read(path: path)
            } else {
              _ = try TIFFImage.read(path: path)
            }
          } catch let error as RasterIOError {
            #expect(error.path == path)
          }
        }
      }
    }
  }

  @Test func wrongFormatForTheExtensionIsRecognisedByMagic() throws {
    try withTemporaryDirectory { dir in
      let tiffBytes = try bytesOf {
        try TIFFImage(width: 2, height: 2, samplesPerPixel: 3, samples: .uint8(Array(0..<12)))
          .write(to: $0, using: .fast)
      }
      let path = dir.appendingPathComponent("looks-like.exr").path
      try Data(tiffBytes).write(to: URL(fileURLWithPath: path))
      #expect(try ImageFileFormat.detect(path: path) == .tiff)
      let error = try #require(throws: RasterIOError.self) { try EXRImage.read(path: path) }
      #expect(error.kind == .notRecognized && error.path == path)
      #expect(error.description.hasPrefix(path + ": error: "))
    }
  }

  @Test func oversizedImagesAreRejectedBeforeDecoding() throws {
    try withTemporaryDirectory { dir in
      let exr = dir.appendingPathComponent("big.exr").path
      try EXRImage(parts: [TestImages.part(["R", "G", "B"], type: .half, width: 40, height: 8)])
        .write(to: exr, using: .fast)
      let tif = dir.appendingPathComponent("big.tif").path
      try TIFFImage(
        width: 40, height: 8, samplesPerPixel: 3, samples: .uint8(.init(repeating: 1, count: 960))
      )
      .write(to: tif, using: .fast)
      let limits = RasterLimits(maxSide: 32, maxPixels: 1 << 20)
      let e1 = try #require(throws: RasterIOError.self) {
        try EXRImage.read(path: exr, limits: limits)
      }
      let e2 = try #require(throws: RasterIOError.self) {
        try TIFFImage.read(path: tif, limits: limits)
      }
      let e3 = try #require(throws: RasterIOError.self) {
        try EXRImage.read(path: exr, limits: RasterLimits(maxPixels: 100))
      }
      #expect(e1.kind == .tooLarge && e2.kind == .tooLarge && e3.kind == .tooLarge)
    }
  }

  @Test func missingFilesAreIOErrors() throws {
    let error = try #require(throws: RasterIOError.self) {
      try EXRImage.read(path: "/nonexistent/x.exr")
    }
    #expect(error.kind == .io && error.path == "/nonexistent/x.exr")
  }
}
