import FileOutput
import Foundation
import RasterIO
import TestSupport
import Testing

/// EXR ↔ TIFF conversion (`apply -o x.tif` from an EXR and back): samples, alpha, extra
/// channels and text metadata kept where the target holds them, everything else named.
@Suite struct FormatConversionTests {
  /// Writes `image` as EXR, reads it back (so attributes come from a file), and converts.
  private func throughFiles(_ image: EXRImage, _ body: (EXRImage, URL) throws -> Void) throws {
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("in.exr").path
      try image.write(to: path, using: .fast)
      try body(try EXRImage.read(path: path), dir)
    }
  }

  /// EXR → TIFF file → EXR file: R, G, B, A and Z come back with the same values and type.
  @Test(arguments: [EXRPixelType.half, .float])
  func exrToTIFFToEXRKeepsEveryValue(type: EXRPixelType) throws {
    var part = TestImages.part(["A", "B", "G", "R", "Z"], type: type)
    part.stringAttributes = ["comments": "a grade", "owner": "EDRCube tests"]
    try throughFiles(EXRImage(parts: [part])) { exr, dir in
      let set = try exr.channelSet(path: "in.exr")
      let toTIFF = try TIFFImage.converting(exr, set: set)
      #expect(toTIFF.dropped.isEmpty, "\(toTIFF.dropped)")
      #expect(toTIFF.image.sampleType == (type == .half ? .float16 : .float32))
      #expect(toTIFF.image.samplesPerPixel == 5 && toTIFF.image.alpha == .premultiplied)
      #expect(toTIFF.image.metadata.strings[270] == "a grade")
      #expect(toTIFF.image.metadata.strings[33432] == "EDRCube tests")
      let tiffPath = dir.appendingPathComponent("mid.tif").path
      try toTIFF.image.write(to: tiffPath, using: .fast)
      let tiff = try TIFFImage.read(path: tiffPath)
      let back = EXRImage.converting(
        tiff, rgba: tiff.rgba, pixelType: EXRImage.pixelType(for: tiff.sampleType))
      let exrPath = dir.appendingPathComponent("out.exr").path
      try back.image.write(to: exrPath, using: .fast)
      let final = try EXRImage.read(path: exrPath).parts[0]
      for (name, original) in [("R", "R"), ("G", "G"), ("B", "B"), ("A", "A"), ("sample4", "Z")] {
        let got = try #require(final.channelIndex(named: name).map { final.channels[$0] })
        let want = try #require(part.channelIndex(named: original).map { part.channels[$0] })
        // Equal values; a NaN stays NaN (a signalling half NaN is quieted on widening).
        let same = zip(got.samples.floatValues, want.samples.floatValues).allSatisfy {
          $0.bitPattern == $1.bitPattern || ($0.isNaN && $1.isNaN)
        }
        #expect(same && got.pixelType == want.pixelType, "\(name)")
      }
      #expect(final.stringAttributes["comments"] == "a grade")
      #expect(final.stringAttributes["owner"] == "EDRCube tests")
    }
  }

  /// Other parts, other layers, uint and subsampled channels, chromaticities and the data
  /// window's offset are named as dropped.
  @Test func whatTIFFCannotHoldIsNamed() throws {
    var main = TestImages.part(["A", "B", "G", "R", "diffuse.B", "diffuse.G"], type: .float)
    main.dataWindow = EXRBox(minX: 4, minY: 2, maxX: 40, maxY: 22)
    main.displayWindow = EXRBox(width: 64, height: 32)
    main.channels.append(EXRChannel(name: "id", samples: TestImages.samples(.uint, 37 * 21)))
    main.chromaticities = EXRChromaticities(
      red: SIMD2(0.68, 0.32), green: SIMD2(0.265, 0.69), blue: SIMD2(0.15, 0.06),
      white: SIMD2(0.3127, 0.329))
    main.stringAttributes = ["capDate": "2026:01:01 00:00:00"]
    main.name = "beauty"
    var depth = TestImages.part(["Z"], type: .float)
    depth.name = "depth"
    try throughFiles(EXRImage(parts: [main, depth])) { exr, _ in
      let conversion = try TIFFImage.converting(exr, set: try exr.channelSet(path: "in.exr"))
      #expect(
        Set(conversion.dropped) == [
          "part 1 'depth'", "layer diffuse (2 channels)", "channel id (32-bit integers)",
          "attribute capDate", "attribute chromaticities", "data window offset (4, 2)",
          "display window",
        ])
      #expect(conversion.image.samplesPerPixel == 4)
    }
  }

  /// Without alpha, an extra channel would be read as alpha: it is dropped. A float channel
  /// beside half RGB widens the TIFF to 32-bit floats, and that is said.
  @Test func extrasNeedAlphaAndShareOneType() throws {
    let noAlpha = EXRImage(parts: [TestImages.part(["B", "G", "R", "Z"], type: .half)])
    let a = try TIFFImage.converting(noAlpha, set: try noAlpha.channelSet(path: "x"))
    #expect(a.dropped == ["channel Z (no alpha to follow)"])
    #expect(a.image.samplesPerPixel == 3 && a.image.sampleType == .float16)
    var mixed = TestImages.part(["A", "B", "G", "R"], type: .half)
    mixed.channels.append(EXRChannel(name: "Z", samples: TestImages.samples(.float, 37 * 21)))
    let b = try TIFFImage.converting(
      EXRImage(parts: [mixed]), set: try EXRImage(parts: [mixed]).channelSet(path: "x"))
    #expect(b.image.sampleType == .float32 && b.image.samplesPerPixel == 5)
    #expect(b.dropped.count == 1 && b.dropped[0].hasPrefix("half RGB (widened"))
  }

  /// An 8-bit TIFF becomes half channels with the normalised codes; its ICC profile and
  /// resolution are named as dropped, its Artist tag kept.
  @Test func integerTIFFBecomesHalfWithItsTagsNamed() throws {
    let codes: [UInt8] = (0..<(8 * 4 * 5)).map { UInt8(truncatingIfNeeded: $0 &* 53) }
    var tiff = TIFFImage(width: 8, height: 4, samplesPerPixel: 5, samples: .uint8(codes))
    tiff.metadata.iccProfile = [1, 2, 3]
    tiff.metadata.xResolution = 72
    tiff.metadata.strings[315] = "someone"
    let conversion = EXRImage.converting(tiff, rgba: tiff.rgba, pixelType: .half)
    #expect(conversion.dropped == ["ICC profile", "resolution"])
    let part = conversion.image.parts[0]
    #expect(part.channels.map(\.name) == ["A", "B", "G", "R", "sample4"])
    #expect(part.stringAttributes["Artist"] == "someone")
    let extra = part.channels[4].samples.floatValues
    for (i, value) in extra.enumerated() {
      let code = Float(codes[i * 5 + 4]) / 255
      #expect(abs(value - code) <= code * 0.0005, "pixel \(i)")
    }
  }
}
