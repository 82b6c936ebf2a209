import Foundation
import RasterIO
import TestSupport
import Testing

@Suite struct FrameSequenceTests {
  @Test func printfPatternPadsFrames() throws {
    let s = try #require(FrameSequence(pattern: "/shots/a.%04d.exr"))
    #expect(s.path(frame: 7) == "/shots/a.0007.exr")
    #expect(s.path(frame: 12345) == "/shots/a.12345.exr")
    #expect(s.frame(of: "/shots/a.1001.exr") == 1001)
    #expect(s.frame(of: "/shots/a.101.exr") == nil)
    #expect(s.frame(of: "/shots/b.1001.exr") == nil)
  }

  @Test func hashPatternPadsToItsLength() throws {
    let s = try #require(FrameSequence(pattern: "shot.####.exr"))
    #expect(s.padding == 4)
    #expect(s.path(frame: 1001) == "shot.1001.exr")
    #expect(s.path(frame: 5) == "shot.0005.exr")
    #expect(FrameSequence(pattern: "plain.exr") == nil)
  }

  @Test func unpaddedPattern() throws {
    let s = try #require(FrameSequence(pattern: "f%d.tif"))
    #expect(s.path(frame: 3) == "f3.tif")
    #expect(s.frame(of: "f10.tif") == 10)
  }

  @Test func frameRanges() throws {
    #expect(FrameRange("1001-1004")?.frames == [1001, 1002, 1003, 1004])
    #expect(FrameRange("1-9x4")?.frames == [1, 5, 9])
    #expect(FrameRange("1,3,5-7,3")?.frames == [1, 3, 5, 6, 7])
    #expect(FrameRange("-3--1")?.frames == [-3, -2, -1])
    #expect(FrameRange("5-1") == nil)
    #expect(FrameRange("a-b") == nil)
    #expect(FrameRange("") == nil)
  }

  /// Issue 40 R5, R6: frame numbers stay within ±999,999,999 (Int.min used to trap) and a list
  /// names at most 10,000,000 frames in all, counted before any is stored.
  @Test func frameListsAreBounded() throws {
    #expect(FrameRange("-9223372036854775808") == nil)
    #expect(FrameRange("-9223372036854775808-9223372036854775807") == nil)
    #expect(FrameRange("1000000000") == nil)
    #expect(FrameRange("-999999999--999999998")?.frames == [-999_999_999, -999_999_998])
    #expect(FrameRange("1-6000000,6000001-12000000") == nil)
    #expect(FrameRange("1-999999999x100000000,5-6")?.frames.suffix(3) == [900_000_001, 5, 6])
  }

  /// Issue 40 R6: `%0999999999d` used to build a billion-character name per frame.
  @Test func paddingIsBounded() throws {
    #expect(FrameSequence(pattern: "f.%0999999999d.exr") == nil)
    #expect(FrameSequence(pattern: "f.%033d.exr") == nil)
    #expect(FrameSequence(pattern: "f.%032d.exr")?.padding == 32)
  }

  @Test func shardsInterleaveAndCoverEverything() throws {
    let frames = Array(1001...1010)
    let shards = (1...3).map { Shard("\($0)/3")! }
    #expect(shards[0].select(frames) == [1001, 1004, 1007, 1010])
    #expect(shards[1].select(frames) == [1002, 1005, 1008])
    #expect(shards.flatMap { $0.select(frames) }.sorted() == frames)
    #expect(Shard("0/3") == nil)
    #expect(Shard("4/3") == nil)
  }

  @Test func existingFramesAreListedInOrder() throws {
    try withTemporaryDirectory { dir in
      for f in [3, 1, 2, 10] {
        try Data().write(to: dir.appendingPathComponent(String(format: "s.%04d.exr", f)))
      }
      try Data().write(to: dir.appendingPathComponent("s.0001.tif"))
      let s = try #require(FrameSequence(pattern: dir.path + "/s.%04d.exr"))
      #expect(try s.existingFrames() == [1, 2, 3, 10])
    }
  }
}
