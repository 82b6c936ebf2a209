import FileOutput
import Foundation
import RasterIO
import TestSupport
import Testing

/// Mip- and rip-mapped tiled OpenEXR parts: every level read as OpenImageIO (mip-maps) or the
/// OpenEXR library that wrote it (rip-maps) reads it, and written back with the same level
/// mode, rounding and tile size.
@Suite struct EXRLevelTests {
  /// openexr-images' `MultiResolution/ColorCodedLevels.exr` (512×512, 64×64 tiles, mip-map,
  /// rounding down; each level has its own dominant colour).
  static let path = ForeignCodecTests.path("ColorCodedLevels.exr")

  /// Each level below full resolution: width, height and the sums of R, G and B, as
  /// OpenImageIO 3.2.2 reads them (`seek_subimage(0, level)`, `read_image("float")`, summed
  /// in float64).
  static let reference: [(width: Int, height: Int, sums: [Double])] = [
    (256, 256, [31.652_312_278_747_56, 32411.955_428_600_31, 32411.955_428_600_31]),
    (128, 128, [8102.987_455_368_042, 7.913_072_586_059_57, 8102.984_906_852_245]),
    (64, 64, [1.978_262_543_678_283_7, 1.978_263_080_120_086_7, 2025.739_375_114_441]),
    (32, 32, [506.436_661_720_275_9, 506.436_658_859_252_93, 0.494_566_500_186_920_17]),
    (16, 16, [0.123_652_279_376_983_64, 126.619_863_927_364_35, 0.123_651_802_539_825_44]),
    (8, 8, [31.655_181_884_765_625, 0.030_913_293_361_663_82, 0.030_913_293_361_663_82]),
    (4, 4, [7.914_306_640_625, 7.914_306_640_625, 7.914_306_640_625]),
    (2, 2, [0.001_932_859_420_776_367_2, 1.979_248_046_875, 1.979_248_046_875]),
    (1, 1, [0.494_873_046_875, 0.000_483_274_459_838_867_2, 0.494_873_046_875]),
  ]

  @Test func everyMipLevelIsReadAsOpenImageIOReadsIt() throws {
    let part = try EXRImage.read(path: Self.path).parts[0]
    #expect(part.tiling == EXRTiling(width: 64, height: 64, levelMode: .mipmap, rounding: .down))
    try #require(part.levels.count == Self.reference.count)
    for (index, (level, expected)) in zip(part.levels, Self.reference).enumerated() {
      #expect((level.x, level.y) == (index + 1, index + 1))
      #expect((level.width, level.height) == (expected.width, expected.height))
      for (c, name) in ["R", "G", "B"].enumerated() {
        let channel = try #require(level.channels.first { $0.name == name })
        let sum = channel.samples.floatValues.reduce(0.0) { $0 + Double($1) }
        #expect(abs(sum - expected.sums[c]) <= 1e-9 * max(1, expected.sums[c]), "\(index) \(name)")
      }
    }
  }

  /// OpenEXR's level sizes: openexr-images' `PeriodicPattern.exr` (517², rounding down) and
  /// `StageEnvLatLong.exr` (1000×500, rounding up), as OpenImageIO lists their levels.
  @Test func levelSizesAreOpenEXRs() {
    let down = EXRTiling(width: 64, height: 64, levelMode: .mipmap, rounding: .down)
    #expect(
      down.levelSizes(width: 517, height: 517).map(\.width) == [258, 129, 64, 32, 16, 8, 4, 2, 1])
    let up = EXRTiling(width: 64, height: 64, levelMode: .mipmap, rounding: .up)
    let sizes = up.levelSizes(width: 1000, height: 500).map { [$0.width, $0.height] }
    #expect(
      sizes == [
        [500, 250], [250, 125], [125, 63], [63, 32], [32, 16], [16, 8], [8, 4], [4, 2], [2, 1],
        [1, 1],
      ])
    let rip = EXRTiling(width: 4, height: 4, levelMode: .ripmap, rounding: .down)
    let levels = rip.levelSizes(width: 10, height: 5).map { [$0.x, $0.y, $0.width, $0.height] }
    // Across 10, 5, 2, 1 and down 5, 2, 1: 12 levels, (0, 0) not among them, down then across.
    #expect(levels.count == 11 && levels.first == [1, 0, 5, 5] && levels.last == [3, 2, 1, 1])
  }

  /// A mip-mapped part with a distinct value in every level and channel, an offset data
  /// window and edge tiles cut by every level's size (OpenEXRCore 3.1 sizes those tiles at
  /// full resolution's edge when writing), written and read back: every level, bit for bit.
  @Test(arguments: [EXRLevelRounding.down, .up])
  func aMipMapRoundTripsEveryLevel(rounding: EXRLevelRounding) throws {
    let tiling = EXRTiling(width: 4, height: 4, levelMode: .mipmap, rounding: rounding)
    func channels(_ width: Int, _ height: Int, level: Int) -> [EXRChannel] {
      ["B", "G", "R"].enumerated().map { c, name in
        let values = (0..<(width * height)).map { Float(level * 1000 + c * 100 + $0 % 97) }
        return EXRChannel(name: name, samples: EXRSamples(values, as: .half))
      }
    }
    var part = EXRPart(
      dataWindow: EXRBox(minX: 3, minY: -2, maxX: 13, maxY: 4), compression: .zip,
      tiling: tiling, channels: channels(11, 7, level: 0))
    part.levels = tiling.levelSizes(width: 11, height: 7).enumerated().map { index, s in
      EXRLevel(
        x: s.x, y: s.y, width: s.width, height: s.height,
        channels: channels(s.width, s.height, level: index + 1))
    }
    #expect(part.levels.count == (rounding == .down ? 3 : 4))
    try withTemporaryDirectory { dir in
      let out = dir.appendingPathComponent("mip.exr").path
      try EXRImage(parts: [part]).write(to: out, using: .fast)
      let back = try EXRImage.read(path: out).parts[0]
      #expect(back.tiling == tiling)
      #expect(back.levels == part.levels)
      #expect(back.channels == part.channels)
    }
  }

  /// A rip-map written by OpenEXR's C++ library (Tests/Fixtures/exr-cases/ripmap.exr: 10×5,
  /// 4×4 tiles, rounding down; level (x, y) holds R = x, G = y, B = pixel index mod 7, A = 1),
  /// read through that library (OpenEXRCore 3.1 mis-indexes rip-map levels): all 12 levels,
  /// each as written.
  @Test func aRipMapIsReadLevelByLevel() throws {
    let part = try EXRImage.read(path: ForeignCodecTests.path("ripmap.exr")).parts[0]
    let tiling = EXRTiling(width: 4, height: 4, levelMode: .ripmap, rounding: .down)
    #expect(part.tiling == tiling)
    let sizes = tiling.levelSizes(width: 10, height: 5)
    #expect(
      part.levels.map { [$0.x, $0.y, $0.width, $0.height] }
        == sizes.map {
          [$0.x, $0.y, $0.width, $0.height]
        })
    for level in [EXRLevel(x: 0, y: 0, width: 10, height: 5, channels: part.channels)]
      + part.levels
    {
      let values = Dictionary(
        uniqueKeysWithValues: level.channels.map { ($0.name, $0.samples.floatValues) })
      let count = level.width * level.height
      #expect(values["R"] == Array(repeating: Float(level.x), count: count))
      #expect(values["G"] == Array(repeating: Float(level.y), count: count))
      #expect(values["B"] == (0..<count).map { Float($0 % 7) })
      #expect(values["A"] == Array(repeating: 1, count: count))
    }
    // Written back (through the C++ library too) and read again: every level the same.
    try withTemporaryDirectory { dir in
      let out = dir.appendingPathComponent("rip.exr").path
      try EXRImage(parts: [part]).write(to: out, using: .fast)
      let back = try EXRImage.read(path: out).parts[0]
      #expect(back.tiling == tiling && back.levels == part.levels && back.channels == part.channels)
    }
  }

  @Test func levelsThatTheTilingDoesNotImplyAreRefused() throws {
    var part = try EXRImage.read(path: Self.path).parts[0]
    part.levels.removeLast()
    try withTemporaryDirectory { dir in
      let out = dir.appendingPathComponent("x.exr").path
      let error = try #require(throws: RasterIOError.self) {
        try EXRImage(parts: [part]).write(to: out, using: .fast)
      }
      #expect(error.kind == .invalidRequest && "\(error)".contains("its tiling implies 9"))
      #expect(folderContents(dir).isEmpty)
    }
  }
}
