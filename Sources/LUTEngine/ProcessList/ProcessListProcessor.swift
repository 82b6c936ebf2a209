public import CLFFormat
import WorkScheduler

/// Applies a CLF/CTF `ProcessList` (CLFFormat) to RGB values: every node in `Double`, normalised by its
/// bit depths, LUT3D nodes through this engine's ``LUTProcessor`` (docs/clf.md). Values go in
/// and come out as they are, as OpenColorIO's FileTransform applies a CLF (no colour space).
public struct ProcessListProcessor: Sendable {
  /// The process list.
  public let processList: ProcessList
  let stages: [ProcessListStage]

  /// Prepares `processList` (tables are normalised and laid out once, here).
  public init(_ processList: ProcessList) {
    self.processList = processList
    stages = processList.nodes.map(ProcessListStage.init)
  }

  /// The process list applied to one value, in `Double` (LUT3D nodes in `Float`).
  public func apply(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
    stages.reduce(rgb) { $1.apply($0) }
  }

  /// The process list applied to one `Float` value.
  public func apply(_ rgb: SIMD3<Float>) -> SIMD3<Float> {
    SIMD3<Float>(apply(SIMD3<Double>(rgb)))
  }

  /// Applies the process list in place to interleaved pixels of `channels` floats, RGB
  /// first; other channels are untouched. The result does not depend on `threads`.
  /// - Precondition: `channels ≥ 3` and `buffer.count` is a multiple of `channels`.
  public func apply(
    inPlace buffer: UnsafeMutableBufferPointer<Float>, channels: Int, threads: Int? = nil
  ) {
    precondition(channels >= 3 && buffer.count % channels == 0, "ProcessListProcessor: layout")
    let pixels = buffer.count / channels
    guard pixels > 0, let base = buffer.baseAddress else { return }
    let chunk = 4096
    let chunks = (pixels + chunk - 1) / chunk
    let workers = WorkScheduler.workers(for: chunks, requested: threads)
    // Worker w takes chunks w, w + workers, …: disjoint pixels.
    WorkScheduler.run(workers: workers) { w in
      let pointer = base
      for c in stride(from: w, to: chunks, by: workers) {
        for i in (c * chunk)..<min(pixels, (c + 1) * chunk) {
          let p = pointer + i * channels
          let out = apply(SIMD3<Float>(p[0], p[1], p[2]))
          (p[0], p[1], p[2]) = (out.x, out.y, out.z)
        }
      }
    }
  }
}
