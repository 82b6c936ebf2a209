/// Splits a run of pixels (image rows laid end to end) into contiguous, disjoint chunks, one
/// per worker.
///
/// Chunk boundaries fall on multiples of `alignment` pixels so that two workers rarely write
/// the same cache line. Which chunk a pixel lands in never changes its result.
struct RowChunking: Sendable, Equatable {
  /// Pixels to split.
  let pixelCount: Int
  /// Pixels per chunk (the last chunk may be shorter).
  let chunkSize: Int
  /// Number of non-empty chunks.
  let chunkCount: Int

  /// At most `maxChunks` chunks of at least `minimumChunk` pixels (fewer for small inputs).
  init(pixelCount: Int, maxChunks: Int, minimumChunk: Int = 1024, alignment: Int = 16) {
    precondition(pixelCount >= 0 && maxChunks >= 1 && minimumChunk >= 1 && alignment >= 1)
    let chunks = max(1, min(maxChunks, pixelCount / minimumChunk))
    let even = (pixelCount + chunks - 1) / chunks
    let size = max(alignment, (even + alignment - 1) / alignment * alignment)
    self.pixelCount = pixelCount
    chunkSize = size
    chunkCount = pixelCount == 0 ? 0 : (pixelCount + size - 1) / size
  }

  /// The pixels of chunk `index` (`0..<chunkCount`).
  func range(_ index: Int) -> Range<Int> {
    let start = index * chunkSize
    return start..<min(pixelCount, start + chunkSize)
  }
}
