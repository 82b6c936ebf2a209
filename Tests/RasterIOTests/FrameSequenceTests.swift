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
