import Testing

@testable import LUTEngine

@Suite struct RowChunkingTests {
  @Test(arguments: [0, 1, 15, 1024, 37_000, 100_003], [1, 2, 7, 64])
  func chunksCoverEveryPixelOnce(_ pixels: Int, _ workers: Int) {
    let chunking = RowChunking(pixelCount: pixels, maxChunks: workers)
    #expect(chunking.chunkCount <= workers)
    let ranges = (0..<chunking.chunkCount).map(chunking.range)
    #expect(ranges.allSatisfy { !$0.isEmpty })
    #expect(ranges.map(\.count).reduce(0, +) == pixels)
    #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
    #expect(ranges.dropLast().allSatisfy { $0.count % 16 == 0 })
  }

  @Test func aThousandByThirtySevenImageUsesSevenChunks() {
    #expect(RowChunking(pixelCount: 37_000, maxChunks: 7).chunkCount == 7)
  }
}
