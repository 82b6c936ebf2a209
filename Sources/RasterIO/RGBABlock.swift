import Foundation
import WorkScheduler

/// A run of an image's pixels handed to a transform as interleaved RGBA `Float`, one block at
/// a time (see `EXRImage.transformRGB(of:pixelType:_:)` and `TIFFImage.transformRGB(_:)`).
///
/// The memory belongs to the worker that calls the transform and is valid only during the
/// call; blocks are small enough to stay in cache while they are widened, transformed and
/// stored back.
public struct RGBABlock: @unchecked Sendable {
  /// `count · 4` floats, R G B A per pixel; A is 1 when the image has no alpha. Only R, G and B
  /// are stored back, and A must be left as it is: for packed RGBA `Float` samples transformed
  /// in place the block is the image's own memory.
  public let values: UnsafeMutableBufferPointer<Float>
  /// The image index (row-major) of the block's first pixel.
  public let firstPixel: Int
  /// Whether the image has an alpha channel.
  public let hasAlpha: Bool

  /// Pixels in the block.
  public var count: Int { values.count / 4 }
}

/// Runs a transform over an image block by block on all cores: widen the source lanes into a
/// worker's scratch block, call the transform, narrow R, G, B into the destination lanes.
enum RGBABlockRunner {
  /// Pixels per block (64 KiB of `Float` RGBA).
  static let blockPixels = 4096

  /// Transforms `pixels` (image indices); returns the transform's results in block order.
  /// Blocks start at `pixels.lowerBound`; a pixel's result never depends on its block.
  ///
  /// - Parameters:
  ///   - sources: R, G, B and optionally A, read.
  ///   - destinations: where R, G, B go (may be the sources' memory); empty to store nothing.
  static func run<R>(
    _ pixels: Range<Int>, sources: [SampleLane], destinations: [SampleLane],
    _ transform: @Sendable (RGBABlock) -> R
  ) -> [R] {
    let blocks = (pixels.count + blockPixels - 1) / blockPixels
    guard blocks > 0 else { return [] }
    let workers = WorkScheduler.workers(for: blocks)
    let results = UnsafeMutableBufferPointer<R?>.allocate(capacity: blocks)
    results.initialize(repeating: nil)
    defer {
      results.deinitialize()
      results.deallocate()
    }
    let packed = packedRGBA(sources: sources, destinations: destinations)
    HalfFloat.table.withUnsafeBufferPointer { table in
      guard let halves = table.baseAddress else { return }
      // Worker w takes blocks w, w + workers, …: disjoint pixels and result slots.
      WorkScheduler.run(workers: workers) { worker in
        let scratch = UnsafeMutableBufferPointer<Float>.allocate(capacity: blockPixels * 4)
        defer { scratch.deallocate() }
        guard let block = scratch.baseAddress else { return }
        for index in stride(from: worker, to: blocks, by: workers) {
          let start = pixels.lowerBound + index * blockPixels
          let range = start..<min(pixels.upperBound, start + blockPixels)
          if let pixels = packed {
            // Already R G B A floats, written in place: the block is the image's memory.
            let values = UnsafeMutableBufferPointer(
              start: pixels + range.lowerBound &* 4, count: range.count &* 4)
            results[index] = transform(
              RGBABlock(values: values, firstPixel: range.lowerBound, hasAlpha: true))
            continue
          }
          for (channel, lane) in sources.enumerated() {
            lane.load(range, into: block, channel: channel, halves: halves)
          }
          if sources.count == 3 {
            for o in stride(from: 3, to: range.count * 4, by: 4) { block[o] = 1 }
          }
          let values = UnsafeMutableBufferPointer(start: block, count: range.count * 4)
          results[index] = transform(
            RGBABlock(values: values, firstPixel: range.lowerBound, hasAlpha: sources.count > 3))
          for (channel, lane) in destinations.prefix(3).enumerated() {
            lane.store(range, from: block, channel: channel)
          }
        }
      }
    }
    return results.compactMap { $0 }
  }
}

extension RGBABlockRunner {
  /// The first float of the samples when R, G, B, A are one packed RGBA `Float` buffer and
  /// R, G, B are written back where they were read; nil otherwise.
  static func packedRGBA(sources: [SampleLane], destinations: [SampleLane])
    -> UnsafeMutablePointer<Float>?
  {
    guard sources.count == 4, destinations.count >= 3 else { return nil }
    let base = sources[0].base
    for (channel, lane) in sources.enumerated() {
      guard lane.kind == .float, lane.stride == 4, lane.base == base + 4 * channel else {
        return nil
      }
    }
    for channel in 0..<3 {
      let lane = destinations[channel]
      guard lane.kind == .float, lane.stride == 4, lane.base == sources[channel].base else {
        return nil
      }
    }
    return base.assumingMemoryBound(to: Float.self)
  }
}
