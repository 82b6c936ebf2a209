import Dispatch

/// Runs per-pixel conversions over blocks of pixels on all cores. Blocks are small enough that
/// an interleaved block stays in cache while each channel of it is filled or read.
enum PixelBlocks {
  /// Pixels per block.
  static let size = 16384

  /// Calls `body` for consecutive ranges covering `0..<count`, in parallel.
  static func run(count: Int, _ body: @Sendable (Range<Int>) -> Void) {
    let blocks = (count + size - 1) / size
    guard blocks > 1 else {
      body(0..<count)
      return
    }
    DispatchQueue.concurrentPerform(iterations: blocks) { block in
      body((block * size)..<min(count, (block + 1) * size))
    }
  }
}

/// A raw pointer shared by the block workers, each writing a disjoint range.
struct SharedPointer<T>: @unchecked Sendable {
  let base: UnsafeMutablePointer<T>
}

/// A read-only raw pointer shared by the block workers.
struct SharedRawPointer: @unchecked Sendable {
  let base: UnsafeRawPointer
}
