import Foundation
import RasterIO
import TestSupport
import Testing

/// The EXR and TIFF seed corpora of the fuzz targets (`Fuzz/Seeds/FuzzEXR`, `FuzzTIFF`) are
/// files our writers produce. They stay valid: every committed seed reads back as the image
/// it was written from. `EDRCUBE_WRITE_FUZZ_SEEDS=1 swift test --filter FuzzSeedTests`
/// rewrites them (each must stay under 4 KiB).
@Suite struct FuzzSeedTests {
  static let seeds = Fixtures.repositoryRoot.appendingPathComponent("Fuzz/Seeds")
  static let rewrite = ProcessInfo.processInfo.environment["EDRCUBE_WRITE_FUZZ_SEEDS"] == "1"

  /// Small EXR images: every lossless and lossy codec the library writes, each pixel type,
  /// tiles, a negative origin, layers and two parts.
  static let exrSeeds: [(String, EXRImage)] = {
    var seeds: [(String, EXRImage)] = []
    for compression in [EXRCompression.none, .rle, .zips, .zip, .piz, .pxr24, .b44, .b44a] {
      seeds.append(
        (
          "scan_\(compression.name).exr",
          EXRImage(parts: [
            TestImages.part(
              ["R", "G", "B"], type: .half, width: 8, height: 6, compression: compression)
          ])
        ))
    }
    seeds.append(
      (
        "float_rgba.exr",
        EXRImage(parts: [TestImages.part(["R", "G", "B", "A"], type: .float, width: 6, height: 5)])
      ))
    seeds.append(
      ("uint_y.exr", EXRImage(parts: [TestImages.part(["Y"], type: .uint, width: 6, height: 5)])))
    seeds.append(
      (
        "tiled_zip.exr",
        EXRImage(parts: [
          TestImages.part(
            ["R", "G", "B"], type: .half, width: 20, height: 18,
            tiling: EXRTiling(width: 16, height: 16))
        ])
      ))
    seeds.append(
      (
        "origin_negative.exr",
        EXRImage(parts: [
          TestImages.part(["R", "G", "B"], type: .half, width: 7, height: 5, origin: (-5, -3))
        ])
      ))
    seeds.append(
      (
        "layers.exr",
        EXRImage(parts: [
          TestImages.part(
            ["diffuse.R", "diffuse.G", "diffuse.B", "Z"], type: .half, width: 5, height: 4)
        ])
      ))
    var first = TestImages.part(["R", "G", "B"], type: .half, width: 4, height: 3)
    first.name = "left"
    var second = TestImages.part(["R", "G", "B"], type: .float, width: 4, height: 3)
    second.name = "right"
    seeds.append(("multipart.exr", EXRImage(parts: [first, second])))
    return seeds
  }()

  /// Small TIFF images: each sample type, codecs, planar, tiled, with alpha.
  static let tiffSeeds: [(String, TIFFImage)] = {
    func image(
      _ samples: (Int) -> TIFFSamples, spp: Int = 3, width: Int = 8, height: Int = 6,
      _ edit: (inout TIFFImage) -> Void = { _ in }
    ) -> TIFFImage {
      var image = TIFFImage(
        width: width, height: height, samplesPerPixel: spp, samples: samples(width * height * spp))
      edit(&image)
      return image
    }
    return [
      (
        "u8_none.tif",
        image({ .uint8((0..<$0).map { UInt8($0 & 0xFF) }) }) { $0.compression = .none }
      ),
      ("u16_lzw.tif", image({ .uint16(TestImages.halves($0)) }) { $0.compression = .lzw }),
      ("u32_deflate.tif", image({ .uint32(TestImages.uints($0)) })),
      (
        "f16_packbits.tif",
        image({ .float16(TestImages.halves($0)) }) { $0.compression = .packBits }
      ),
      ("f32_deflate.tif", image({ .float32(TestImages.floats($0)) })),
      ("f32_planar.tif", image({ .float32(TestImages.floats($0)) }) { $0.isPlanar = true }),
      (
        "u8_tiled.tif",
        image({ .uint8((0..<$0).map { UInt8($0 % 251) }) }, width: 20, height: 18) {
          $0.tiling = TIFFTiling(width: 16, height: 16)
        }
      ),
      ("u16_rgba.tif", image({ .uint16(TestImages.halves($0)) }, spp: 4)),
      (
        "f32_predictor.tif",
        image({ .float32(TestImages.floats($0)) }) {
          $0.compression = .lzw
          $0.predictor = 3
        }
      ),
    ]
  }()

  func folder(_ target: String) throws -> URL {
    let url = Self.seeds.appendingPathComponent(target)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func exrSeedsReadBackAsWritten() throws {
    let dir = try folder("FuzzEXR")
    for (name, image) in Self.exrSeeds {
      let path = dir.appendingPathComponent(name).path
      if Self.rewrite { try image.write(to: path, using: .fast) }
      let back = try EXRImage.read(path: path)
      #expect(back.parts.count == image.parts.count, "\(name)")
      for (a, b) in zip(back.parts, image.parts) {
        #expect(a.dataWindow == b.dataWindow && a.compression == b.compression, "\(name)")
        #expect(Set(a.channels.map(\.name)) == Set(b.channels.map(\.name)), "\(name)")
      }
      #expect(try Fixtures.bytes(URL(fileURLWithPath: path)).count <= 4096, "\(name)")
    }
  }

  @Test func tiffSeedsReadBackAsWritten() throws {
    let dir = try folder("FuzzTIFF")
    for (name, image) in Self.tiffSeeds {
      let path = dir.appendingPathComponent(name).path
      if Self.rewrite { try image.write(to: path, using: .fast) }
      let back = try TIFFImage.read(path: path)
      #expect(bits(back.samples) == bits(image.samples), "\(name)")
      #expect(back.isPlanar == image.isPlanar && back.tiling == image.tiling, "\(name)")
      #expect(try Fixtures.bytes(URL(fileURLWithPath: path)).count <= 4096, "\(name)")
    }
  }
}
