import FileOutput
import Foundation
import RasterIO
import TestSupport
import Testing

/// Transforming rows just before they are written gives the image and the file of
/// transforming first and writing afterwards.
@Suite struct TransformWhileWritingTests {
  /// Doubles R and negates B.
  static func change(_ block: RGBABlock) -> Int {
    for o in stride(from: 0, to: block.values.count, by: 4) {
      block.values[o] *= 2
      block.values[o + 2] = -block.values[o + 2]
    }
    return block.count
  }

  /// Rows of the EXR cases: four write batches uncompressed and with ZIP, so both halves of
  /// the double-buffered chunk slots are reused.
  static let height = 397

  static let exrCases: [(EXRCompression, EXRTiling?, EXRPixelType?)] = [
    (.none, nil, nil), (.zip, nil, .half), (.piz, EXRTiling(width: 16, height: 16), nil),
  ]

  @Test(arguments: exrCases)
  func exrFileAndImageMatchTransformThenWrite(
    compression: EXRCompression, tiling: EXRTiling?, pixelType: EXRPixelType?
  ) throws {
    try withTemporaryDirectory { dir in
      let part = TestImages.part(
        ["A", "B", "G", "R", "Z"], type: .float, width: 97, height: Self.height,
        compression: compression, tiling: tiling)
      let image = EXRImage(parts: [part])
      let set = try image.channelSet(path: "x")
      var first = image
      let counts = try first.transformRGB(of: set, pixelType: pixelType, Self.change)
      let expected = dir.appendingPathComponent("expected.exr").path
      try first.write(to: expected, using: .fast)
      var streamed = image
      let output = dir.appendingPathComponent("streamed.exr").path
      let result = try streamed.transformRGB(
        of: set, pixelType: pixelType, writingTo: output, using: .fast, Self.change)
      #expect(result.results.reduce(0, +) == 97 * Self.height)
      #expect(counts.reduce(0, +) == 97 * Self.height)
      #expect(
        try Data(contentsOf: URL(fileURLWithPath: output))
          == Data(contentsOf: URL(fileURLWithPath: expected)))
      #expect(
        RGBABlockTests.allBits(streamed) == RGBABlockTests.allBits(first))
    }
  }

  @Test(arguments: [nil, TIFFTiling(width: 16, height: 32)])
  func tiffFileAndImageMatchTransformThenWrite(tiling: TIFFTiling?) throws {
    try withTemporaryDirectory { dir in
      var image = TIFFImage(
        width: 50, height: 70, samplesPerPixel: 4, samples: .float32(TestImages.floats(50 * 70 * 4))
      )
      image.tiling = tiling
      image.rowsPerStrip = 3
      image.compression = .none
      var first = image
      _ = first.transformRGB(Self.change)
      let expected = dir.appendingPathComponent("expected.tif").path
      try first.write(to: expected, using: .fast)
      var streamed = image
      let output = dir.appendingPathComponent("streamed.tif").path
      let result = try streamed.transformRGB(writingTo: output, using: .fast, Self.change)
      #expect(result.results.reduce(0, +) == 50 * 70)
      #expect(
        try Data(contentsOf: URL(fileURLWithPath: output))
          == Data(contentsOf: URL(fileURLWithPath: expected)))
      #expect(
        RGBABlockTests.allBits(streamed.samples) == RGBABlockTests.allBits(first.samples))
      #expect(
        RGBABlockTests.allBits(streamed.samples) != RGBABlockTests.allBits(image.samples))
    }
  }
}

/// The transforms write the samples where they are: the arrays keep their storage (a copy
/// would be a second frame in memory).
@Suite struct TransformInPlaceTests {
  static func address(_ samples: EXRSamples) -> UInt {
    switch samples {
    case .half(let v): v.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }
    case .float(let v): v.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }
    case .uint(let v): v.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }
    }
  }

  static func address(_ samples: TIFFSamples) -> UInt {
    guard case .float32(let v) = samples else { return 0 }
    return v.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }
  }

  @Test func exrChannelsAreTransformedWhereTheyAre() throws {
    try withTemporaryDirectory { dir in
      var image = EXRImage(
        parts: [TestImages.part(["A", "B", "G", "R"], type: .half, width: 80, height: 80)])
      let set = try image.channelSet(path: "x")
      let before = image.parts[0].channels.map { Self.address($0.samples) }
      _ = try image.transformRGB(of: set, TransformWhileWritingTests.change)
      let output = dir.appendingPathComponent("out.exr").path
      _ = try image.transformRGB(
        of: set, writingTo: output, using: .fast, TransformWhileWritingTests.change)
      #expect(image.parts[0].channels.map { Self.address($0.samples) } == before)
    }
  }

  @Test func tiffSamplesAreTransformedWhereTheyAre() throws {
    try withTemporaryDirectory { dir in
      var image = TIFFImage(
        width: 80, height: 80, samplesPerPixel: 3, samples: .float32(TestImages.floats(19200)))
      let before = Self.address(image.samples)
      _ = image.transformRGB(TransformWhileWritingTests.change)
      let output = dir.appendingPathComponent("out.tif").path
      _ = try image.transformRGB(
        writingTo: output, using: .fast, TransformWhileWritingTests.change)
      #expect(before != 0 && Self.address(image.samples) == before)
    }
  }
}
