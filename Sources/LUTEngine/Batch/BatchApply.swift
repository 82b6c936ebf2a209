import WorkScheduler

/// Runs a kernel over a run of pixels on several threads (through `WorkScheduler`, which says
/// why sharing pointers with its workers is safe). Every worker reads and writes only the
/// pixels of its own chunk (`RowChunking` chunks are disjoint; source and destination are the
/// same pixels or non-overlapping buffers, which the public API checks), the kernel's tables
/// are only read, and per-chunk counts go to distinct slots summed after the join.
enum BatchApply {
  /// Runs `chunk` over pixels `0..<pixelCount` split into disjoint ranges, on up to `threads`
  /// workers; `chunk` processes one range and returns its count of pixels with non-finite
  /// input.
  static func run(
    pixelCount: Int, threads: Int, _ chunk: (Range<Int>) -> Int
  ) -> LUTApplyStats {
    let chunking = RowChunking(pixelCount: pixelCount, maxChunks: max(1, threads))
    guard chunking.chunkCount > 1 else {
      return LUTApplyStats(pixelCount: pixelCount, nonFinitePixelCount: chunk(0..<pixelCount))
    }
    var counts = [Int](repeating: 0, count: chunking.chunkCount)
    counts.withUnsafeMutableBufferPointer { countSlots in
      WorkScheduler.run(workers: chunking.chunkCount) { index in
        countSlots[index] = chunk(chunking.range(index))
      }
    }
    return LUTApplyStats(pixelCount: pixelCount, nonFinitePixelCount: counts.reduce(0, +))
  }

  /// Applies the Swift `kernel` to pixels `0..<pixelCount`, reading `source` and writing
  /// `destination`, on up to `threads` workers.
  static func run<Kernel: PixelKernel>(
    _ kernel: Kernel, source: ChannelPointers, destination: ChannelPointers, pixelCount: Int,
    threads: Int
  ) -> LUTApplyStats {
    run(pixelCount: pixelCount, threads: threads) { range in
      processPixels(kernel, range, source, destination)
    }
  }

  /// The pixel loop, four pixels per step: load, count non-finite input, transform, store.
  /// Returns the count. A pixel's result does not depend on its block (lanes never mix).
  @inline(__always)
  private static func processPixels<Kernel: PixelKernel>(
    _ kernel: Kernel, _ range: Range<Int>, _ source: ChannelPointers,
    _ destination: ChannelPointers
  ) -> Int {
    var nonFinite = 0
    var p = range.lowerBound
    while p &+ 4 <= range.upperBound {
      let block = source.loadBlock(p)
      if block.hasNonFinite { nonFinite += block.nonFiniteLanes(4) }
      destination.storeBlock(kernel.transform(block), at: p)
      p &+= 4
    }
    let rest = range.upperBound - p
    if rest > 0 {
      let block = source.loadPartialBlock(p, count: rest)
      nonFinite += block.nonFiniteLanes(rest)
      destination.storePartialBlock(kernel.transform(block), at: p, count: rest)
    }
    return nonFinite
  }
}

extension RGBBlock {
  /// How many of the first `count` pixels have a non-finite channel.
  func nonFiniteLanes(_ count: Int) -> Int {
    (0..<count).count { !(r[$0].isFinite && g[$0].isFinite && b[$0].isFinite) }
  }
}
