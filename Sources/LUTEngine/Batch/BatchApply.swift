import Dispatch

/// Runs a kernel over a run of pixels on several threads.
///
/// This is the only place where pointers cross threads. It is race-free because:
/// - every worker reads and writes only the pixels of its own chunk, and `RowChunking` chunks
///   are disjoint, so no two workers touch the same float of the image (source and
///   destination are either the same pixels, processed read-then-write by one worker, or
///   non-overlapping buffers, which the public API checks);
/// - the kernel's table pointers are only read, by every worker;
/// - `concurrentPerform` returns only after every worker has finished, so all pointers
///   (borrowed by the caller for the duration of the call) outlive their use;
/// - per-chunk counts go to distinct slots and are summed after the join;
/// - the chunk function only reads what it captured (kernel tables, pointers, flags).
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
    withoutActuallyEscaping(chunk) { chunk in
      counts.withUnsafeMutableBufferPointer { countSlots in
        let shared = SharedAcrossWorkers(value: (chunk, countSlots, chunking))
        DispatchQueue.concurrentPerform(iterations: chunking.chunkCount) { index in
          let (chunk, countSlots, chunking) = shared.value
          countSlots[index] = chunk(chunking.range(index))
        }
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

/// Hands a value holding pointers to `concurrentPerform`'s workers; see `BatchApply` for why
/// that sharing is race-free. Used nowhere else.
private struct SharedAcrossWorkers<Value>: @unchecked Sendable {
  let value: Value
}
