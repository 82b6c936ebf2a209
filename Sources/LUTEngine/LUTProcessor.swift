import Dispatch

/// Applies a raw-space `.cube` transform to single colours and to pixel buffers.
///
/// Alpha and any channel after the first three are never read or written.
public struct LUTProcessor: Sendable {
  /// The transform.
  public let lut: CubeLUT
  /// 3D interpolation.
  public let interpolation: Interpolation
  /// Behaviour outside each table's domain.
  public let extrapolation: Extrapolation

  /// Creates a processor.
  public init(
    lut: CubeLUT, interpolation: Interpolation = .trilinear, extrapolation: Extrapolation = .linear
  ) {
    self.lut = lut
    self.interpolation = interpolation
    self.extrapolation = extrapolation
  }

  /// The transform of one RGB value.
  public func apply(_ rgb: SIMD3<Float>) -> SIMD3<Float> {
    ReferenceKernel.evaluate(
      lut, at: rgb, interpolation: interpolation, extrapolation: extrapolation)
  }

  /// Applies the transform in place to interleaved pixels of `channels` floats each, RGB first.
  ///
  /// - Parameters:
  ///   - buffer: `pixelCount · channels` floats.
  ///   - channels: floats per pixel, at least 3; channels after the third are untouched.
  ///   - threads: worker count; `nil` uses every core. The result does not depend on it.
  /// - Precondition: `buffer.count` is a multiple of `channels` and `channels ≥ 3`.
  public func apply(
    inPlace buffer: UnsafeMutableBufferPointer<Float>, channels: Int, threads: Int? = nil
  ) {
    precondition(channels >= 3 && buffer.count % channels == 0, "LUTProcessor: bad layout")
    let pixels = buffer.count / channels
    guard pixels > 0, let base = buffer.baseAddress else { return }
    let workers = max(1, min(threads ?? System.activeCores, pixels / 4096 + 1))
    let chunk = (pixels + workers - 1) / workers
    // Each iteration owns the disjoint pixel range [start, end): no two threads touch the same
    // float, so sharing the base pointer is race-free.
    let address = UInt(bitPattern: base)
    DispatchQueue.concurrentPerform(iterations: workers) { w in
      let p = UnsafeMutablePointer<Float>(bitPattern: address)!
      let start = w * chunk
      let end = min(pixels, start + chunk)
      guard start < end else { return }
      for i in start..<end {
        let o = i * channels
        let v = apply(SIMD3(p[o], p[o + 1], p[o + 2]))
        p[o] = v[0]
        p[o + 1] = v[1]
        p[o + 2] = v[2]
      }
    }
  }
}
