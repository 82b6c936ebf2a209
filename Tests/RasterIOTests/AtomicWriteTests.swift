import FileOutput
import Foundation
import RasterIO
import TestSupport
import Testing

@Suite struct AtomicWriteTests {
  static let image = EXRImage(parts: [TestImages.part(["R", "G", "B"], type: .half)])

  @Test func aMissingFolderFailsAndLeavesNothing() throws {
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("missing/out.exr").path
      let error = try #require(throws: FileOutputError.self) { try Self.image.write(to: path) }
      #expect(error.kind == .io && error.path == path)
      #expect(folderContents(dir).isEmpty)
    }
  }

  @Test func theOutputNeverReplacesTheInputUnlessAllowed() throws {
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("in.exr").path
      try Self.image.write(to: path, using: .fast)
      let before = try Fixtures.bytes(URL(fileURLWithPath: path))
      var edited = try EXRImage.read(path: path)
      edited.parts[0].compression = .piz
      let error = try #require(throws: FileOutputError.self) {
        try edited.write(
          to: path, using: AtomicFileWriter(protecting: [path], synchronizes: false))
      }
      #expect(error.kind == .invalidRequest && error.path == path)
      #expect(try Fixtures.bytes(URL(fileURLWithPath: path)) == before)
      try edited.write(
        to: path,
        using: AtomicFileWriter(protecting: [path], allowReplacingInputs: true, synchronizes: false)
      )
      #expect(try EXRImage.read(path: path).parts[0].compression == .piz)
      #expect(folderContents(dir) == ["in.exr"])
    }
  }

  @Test func unsynchronisedWritesStillLandComplete() throws {
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("fast.exr").path
      try Self.image.write(to: path, using: AtomicFileWriter(synchronizes: false))
      let back = try EXRImage.read(path: path).parts[0]
      let red = try #require(back.channelIndex(named: "R"))
      let expected = Self.image.parts[0].channels[0]
      #expect(expected.name == "R" && bits(back.channels[red].samples) == bits(expected.samples))
      #expect(folderContents(dir) == ["fast.exr"])
    }
  }

  @Test func aFolderIsNotAnOutput() throws {
    try withTemporaryDirectory { dir in
      let error = try #require(throws: FileOutputError.self) { try Self.image.write(to: dir.path) }
      #expect(error.kind == .invalidRequest)
    }
  }

  @Test func outputsGetNormalPermissions() throws {
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("perm.exr").path
      try Self.image.write(to: path)
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? 0
      let umask = try currentUmask()
      #expect(mode == 0o666 & ~umask)
    }
  }

  @Test func failedWritesLeaveNoTemporaryFiles() throws {
    try withTemporaryDirectory { dir in
      var tiff = TIFFImage(width: 4, height: 4, samplesPerPixel: 3, samples: .uint8(Array(0..<48)))
      tiff.compression = TIFFCompression(rawValue: 12345)
      let path = dir.appendingPathComponent("bad.tif").path
      let error = try #require(throws: RasterIOError.self) { try tiff.write(to: path) }
      #expect(error.kind == .unsupported)
      let writer = AtomicFileWriter()
      #expect(throws: RasterIOError.self) {
        try writer.write(to: path) { file in
          try [UInt8]([1, 2, 3]).withUnsafeBytes { try file.write($0) }
          throw RasterIOError(.io, path: path, "simulated failure")
        }
      }
      #expect(folderContents(dir).isEmpty)
    }
  }

  func currentUmask() throws -> Int {
    let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    let line = status.split(separator: "\n").first { $0.hasPrefix("Umask:") } ?? "Umask: 0022"
    return Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8) ?? 0o022
  }
}

@Suite struct PNGAndSniffingTests {
  @Test(arguments: [8, 16], [false, true])
  func pngRoundTripsQuantisedValues(depth: Int, alpha: Bool) throws {
    let width = 7
    let height = 5
    let values = (0..<(width * height * 4)).map { i -> Float in
      if i % 4 == 3 && !alpha { return 1 }
      let base = Float((i * 37) % 101) / 100
      return i % 13 == 0 ? base - 0.5 : base
    }
    let pixels = RGBAPixels(width: width, height: height, values: values, hasAlpha: alpha)
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("p.png").path
      try PNGImage.write(pixels, to: path, bitDepth: depth, using: .fast)
      #expect(try ImageFileFormat.detect(path: path) == .png)
      let (back, backDepth) = try PNGImage.read(path: path)
      #expect(backDepth == depth && back.width == width && back.height == height)
      let maxCode = Float(depth == 8 ? 255 : 65535)
      let expected = values.map { ($0 * maxCode).rounded().clamped(to: 0...maxCode) / maxCode }
      #expect(back.values == expected)
    }
  }

  @Test func truncatedPNGIsACleanError() throws {
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("t.png").path
      let pixels = RGBAPixels(
        width: 16, height: 16, values: .init(repeating: 0.5, count: 1024), hasAlpha: false)
      try PNGImage.write(pixels, to: path, using: .fast)
      let bytes = try Fixtures.bytes(URL(fileURLWithPath: path))
      for cut in stride(from: 8, to: bytes.count - 1, by: 3) {
        try Data(bytes[..<cut]).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: RasterIOError.self) { try PNGImage.read(path: path) }
        #expect(error.path == path)
      }
    }
  }

  @Test func magicNumbersDecideTheFormat() {
    #expect(ImageFileFormat.sniff([0x76, 0x2F, 0x31, 0x01, 2, 0, 0, 0]) == .openEXR)
    #expect(ImageFileFormat.sniff(Array("II*\0".utf8)) == .tiff)
    #expect(ImageFileFormat.sniff(Array("MM\0*".utf8)) == .tiff)
    #expect(ImageFileFormat.sniff([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) == .png)
    #expect(ImageFileFormat.sniff(Array("LUT_3D_SIZE 2".utf8)) == nil)
    #expect(ImageFileFormat.sniff([]) == nil)
  }
}

extension Comparable {
  fileprivate func clamped(to range: ClosedRange<Self>) -> Self {
    min(max(self, range.lowerBound), range.upperBound)
  }
}
