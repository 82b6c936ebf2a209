import WorkScheduler

/// Batch application to interleaved and planar `Float` buffers.
///
/// Every entry point returns `LUTApplyStats` (pixels processed, pixels with non-finite input).
/// `threads` is the worker count (`nil`: every core); the result is bit-identical for any
/// value. Only the R, G and B floats are written.
extension LUTProcessor {
  /// Applies the transform in place to interleaved pixels of `channels` floats each, RGB first.
  ///
  /// - Parameters:
  ///   - buffer: `pixelCount · channels` floats.
  ///   - channels: floats per pixel, at least 3; channels after the third are untouched.
  ///   - threads: worker count; `nil` uses every core. The result does not depend on it.
  /// - Returns: what the call saw (pixel count, pixels with non-finite input).
  /// - Precondition: `buffer.count` is a multiple of `channels` and `channels ≥ 3`.
  @discardableResult
  public func apply(
    inPlace buffer: UnsafeMutableBufferPointer<Float>, channels: Int, threads: Int? = nil
  ) -> LUTApplyStats {
    precondition(channels >= 3, "LUTProcessor: a pixel needs at least 3 channels")
    return apply(inPlace: buffer, layout: .interleaved(channels: channels), threads: threads)
  }

  /// Applies the transform in place to interleaved pixels described by `layout`.
  ///
  /// - Precondition: `buffer.count` is a multiple of `layout.pixelStride`.
  @discardableResult
  public func apply(
    inPlace buffer: UnsafeMutableBufferPointer<Float>, layout: PixelLayout, threads: Int? = nil
  ) -> LUTApplyStats {
    let pixels = layout.pixelCount(floatCount: buffer.count)
    guard pixels > 0, let base = buffer.baseAddress else { return LUTApplyStats() }
    let pointers = ChannelPointers(interleaved: base, layout: layout)
    return run(source: pointers, destination: pointers, pixelCount: pixels, threads: threads)
  }

  /// Applies the transform from `source` to `destination`; the destination's floats other
  /// than R, G and B are left as they are.
  ///
  /// - Precondition: both buffers hold whole pixels of their layouts, the same number of
  ///   pixels, and do not overlap (use `apply(inPlace:layout:threads:)` for in place).
  @discardableResult
  public func apply(
    _ source: UnsafeBufferPointer<Float>, layout sourceLayout: PixelLayout,
    to destination: UnsafeMutableBufferPointer<Float>, layout destinationLayout: PixelLayout,
    threads: Int? = nil
  ) -> LUTApplyStats {
    let pixels = sourceLayout.pixelCount(floatCount: source.count)
    precondition(
      pixels == destinationLayout.pixelCount(floatCount: destination.count),
      "LUTProcessor: source and destination pixel counts differ")
    guard pixels > 0, let from = source.baseAddress, let to = destination.baseAddress else {
      return LUTApplyStats()
    }
    precondition(
      !overlaps(UnsafeRawBufferPointer(source), UnsafeRawBufferPointer(destination)),
      "LUTProcessor: source and destination overlap")
    // The source is only ever read through this pointer.
    let input = ChannelPointers(
      interleaved: UnsafeMutablePointer(mutating: from), layout: sourceLayout)
    let output = ChannelPointers(interleaved: to, layout: destinationLayout)
    return run(source: input, destination: output, pixelCount: pixels, threads: threads)
  }

  /// Applies the transform in place to three planes of equal length.
  ///
  /// - Precondition: the planes have the same count and do not overlap.
  @discardableResult
  public func apply(
    inPlaceRed red: UnsafeMutableBufferPointer<Float>, green: UnsafeMutableBufferPointer<Float>,
    blue: UnsafeMutableBufferPointer<Float>, threads: Int? = nil
  ) -> LUTApplyStats {
    precondition(
      red.count == green.count && green.count == blue.count,
      "LUTProcessor: planes differ in length")
    guard red.count > 0, let r = red.baseAddress, let g = green.baseAddress,
      let b = blue.baseAddress
    else { return LUTApplyStats() }
    precondition(
      !overlaps(UnsafeRawBufferPointer(red), UnsafeRawBufferPointer(green))
        && !overlaps(UnsafeRawBufferPointer(green), UnsafeRawBufferPointer(blue))
        && !overlaps(UnsafeRawBufferPointer(red), UnsafeRawBufferPointer(blue)),
      "LUTProcessor: planes overlap")
    let pointers = ChannelPointers(red: r, green: g, blue: b)
    return run(source: pointers, destination: pointers, pixelCount: red.count, threads: threads)
  }

  /// Applies the transform in place to an array of interleaved pixels.
  @discardableResult
  public func apply(
    inPlace pixels: inout [Float], layout: PixelLayout, threads: Int? = nil
  ) -> LUTApplyStats {
    pixels.withUnsafeMutableBufferPointer { apply(inPlace: $0, layout: layout, threads: threads) }
  }

  private func run(
    source: ChannelPointers, destination: ChannelPointers, pixelCount: Int, threads: Int?
  ) -> LUTApplyStats {
    guard let bound else {
      return runKernels(
        source: source, destination: destination, pixelCount: pixelCount, threads: threads)
    }
    // Per worker, tile by tile: the linear kernels look every pixel and the probes of the
    // pixels below the domain up; `BoundedBatch` combines them as `bound.evaluate` does.
    return BatchApply.run(pixelCount: pixelCount, threads: threads ?? WorkScheduler.defaultWorkers)
    {
      range in
      let batch = BoundedBatch()
      return batch.apply(
        bound, source: source.advanced(by: range.lowerBound),
        destination: destination.advanced(by: range.lowerBound), pixelCount: range.count
      ) { from, to, count in
        runKernels(source: from, destination: to, pixelCount: count, threads: 1)
          .nonFinitePixelCount
      }
    }
  }

  private func runKernels(
    source: ChannelPointers, destination: ChannelPointers, pixelCount: Int, threads: Int?
  ) -> LUTApplyStats {
    if let native = prepared.native {
      return native.run(
        interpolation: interpolation, extrapolation: extrapolation, source: source,
        destination: destination, pixelCount: pixelCount,
        threads: threads ?? WorkScheduler.defaultWorkers)
    }
    return prepared.withKernel(
      interpolation: interpolation, extrapolation: extrapolation,
      BatchVisitor(
        source: source, destination: destination, pixelCount: pixelCount,
        threads: threads ?? WorkScheduler.defaultWorkers))
  }
}

/// Whether two byte ranges share a byte.
private func overlaps(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
  guard let x = a.baseAddress, let y = b.baseAddress, !a.isEmpty, !b.isEmpty else { return false }
  return x < y + b.count && y < x + a.count
}

/// Runs the chosen kernel over the whole batch.
private struct BatchVisitor: KernelVisitor {
  let source: ChannelPointers
  let destination: ChannelPointers
  let pixelCount: Int
  let threads: Int

  func visit<Kernel: PixelKernel>(_ kernel: Kernel) -> LUTApplyStats {
    BatchApply.run(
      kernel, source: source, destination: destination, pixelCount: pixelCount, threads: threads)
  }
}
