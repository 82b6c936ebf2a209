import EDRPipeline
import WorkScheduler

/// Packed RGB (3 floats a pixel) through the 4-float pixel path, whose kernels are the fast
/// ones: each worker widens a block of pixels into RGBA scratch, applies it there on one
/// thread, and narrows it back. Per-pixel values are the batch path's, so the results equal
/// a direct 3-channel apply and do not depend on the thread count.
enum PackedRGB {
  /// Pixels a worker widens at a time.
  static let blockPixels = 16384

  /// Applies `application` in place to `pixels` packed RGB floats at `buffer`.
  static func apply(
    _ application: CubeApplication, to buffer: UnsafeMutablePointer<Float>, pixels: Int,
    threads: Int?
  ) {
    let blocks = (pixels + blockPixels - 1) / blockPixels
    let workers = WorkScheduler.workers(for: blocks, requested: threads)
    let shared = WorkerShared(buffer)
    WorkScheduler.run(workers: workers) { w in
      let scratch = UnsafeMutableBufferPointer<Float>.allocate(capacity: blockPixels * 4)
      defer { scratch.deallocate() }
      scratch.initialize(repeating: 1)
      for block in stride(from: w, to: blocks, by: workers) {
        let start = block * blockPixels
        let count = min(blockPixels, pixels - start)
        let rgb = shared.value + start * 3
        for i in 0..<count {
          scratch[4 * i] = rgb[3 * i]
          scratch[4 * i + 1] = rgb[3 * i + 1]
          scratch[4 * i + 2] = rgb[3 * i + 2]
        }
        let used = UnsafeMutableBufferPointer(rebasing: scratch[0..<(count * 4)])
        application.apply(inPlace: used, channels: 4, threads: 1)
        for i in 0..<count {
          rgb[3 * i] = scratch[4 * i]
          rgb[3 * i + 1] = scratch[4 * i + 1]
          rgb[3 * i + 2] = scratch[4 * i + 2]
        }
      }
    }
  }
}
