import Dispatch
public import FileOutput
import WorkScheduler

extension TIFFImage {
  /// The pixels as interleaved RGBA `Float`, converted on all cores; the fourth sample (if
  /// any) is alpha, further extra samples are not included.
  ///
  /// Unsigned integers are normalised by the largest code: `v / (2ᴺ − 1)`, so 0 → 0 and the
  /// maximum → 1 (what the values mean, e.g. sRGB-encoded, is the caller's business). Half
  /// floats are widened exactly; 32-bit floats are returned as stored.
  /// - Precondition: the samples fit the size (always true unless the fields were edited
  ///   inconsistently, a programmer error).
  public var rgba: RGBAPixels {
    checkSampleCount()
    let count = width * height
    let values = [Float](unsafeUninitializedCapacity: count * 4) { output, initialized in
      let target = WorkerShared(output)
      samples.withBytes { bytes in
        guard let base = bytes.baseAddress else { return }
        let lanes = self.lanes(UnsafeMutableRawPointer(mutating: base))
        _ = RGBABlockRunner.run(0..<count, sources: lanes, destinations: []) { block in
          let start = block.firstPixel * 4
          _ = UnsafeMutableBufferPointer(
            rebasing: target.value[start..<(start + block.values.count)]
          ).update(fromContentsOf: block.values)
        }
      }
      initialized = count * 4
    }
    return RGBAPixels(
      width: width, height: height, values: values, hasAlpha: samplesPerPixel > 3)
  }

  /// Replaces the R, G, B samples with `pixels`' RGB, converting to the stored type on all
  /// cores; alpha and extra samples are left untouched (bit-exact).
  ///
  /// Integers: `round(v · (2ᴺ − 1))` clamped to the code range, NaN → 0. Half: rounded to
  /// nearest even (65520 and above → infinity).
  /// - Precondition: `pixels` has the image's size (a programmer error otherwise).
  public mutating func replaceRGB(with pixels: RGBAPixels) {
    precondition(
      pixels.width == width && pixels.height == height
        && pixels.values.count == width * height * 4, "size mismatch")
    pixels.values.withUnsafeBufferPointer { input in
      guard let base = input.baseAddress else { return }
      let source = WorkerShared(UnsafeRawPointer(base))
      _ = transformRGB { block in
        let v = source.value.assumingMemoryBound(to: Float.self) + block.firstPixel * 4
        for o in 0..<block.values.count where o % 4 != 3 { block.values[o] = v[o] }
      }
    }
  }

  /// Transforms the RGB samples in place, block by block on all cores: each block's pixels
  /// are widened to interleaved RGBA `Float` as ``rgba`` gives them, handed to `transform`,
  /// and R, G, B stored back as ``replaceRGB(with:)`` stores them. Alpha and extra samples
  /// are untouched (bit-exact). No frame-sized buffer is made.
  /// - Parameter transform: called concurrently, once per block; it may change R, G and B.
  /// - Returns: `transform`'s results in block order (pixel order).
  /// - Precondition: the samples fit the size (see ``rgba``).
  public mutating func transformRGB<R>(_ transform: @Sendable (RGBABlock) -> R) -> [R] {
    let count = width * height
    let results = withLanes { lanes, _, _ in
      RGBABlockRunner.run(
        0..<count, sources: lanes, destinations: Array(lanes.prefix(3)), transform)
    }
    return results ?? []
  }

  /// ``transformRGB(_:)`` and ``write(to:using:)`` in one pass: each strip is transformed just
  /// before it is written, so the file's first bytes reach the disk while later rows are still
  /// being transformed (tiled and planar files are transformed whole first).
  /// - Returns: `transform`'s results in pixel order, and the seconds spent transforming.
  /// - Throws: what ``write(to:using:)`` throws; the image may then be partly transformed.
  public mutating func transformRGB<R>(
    writingTo path: String, using writer: AtomicFileWriter = AtomicFileWriter(),
    _ transform: @Sendable (RGBABlock) -> R
  ) throws -> (results: [R], seconds: Double) {
    try validate(path: path)
    let mode = fileMode
    let columns = width
    let done = try withLanes { lanes, base, model in
      try withoutActuallyEscaping(transform) { transform in
        var results: [R] = []
        var nanoseconds: UInt64 = 0
        try model.writeFile(to: path, using: writer, mode: mode, samples: base) { rows in
          let start = DispatchTime.now().uptimeNanoseconds
          results += RGBABlockRunner.run(
            (rows.lowerBound * columns)..<(rows.upperBound * columns), sources: lanes,
            destinations: Array(lanes.prefix(3)), transform)
          nanoseconds += DispatchTime.now().uptimeNanoseconds - start
        }
        return (results, Double(nanoseconds) / 1e9)
      }
    }
    guard let done else { throw RasterIOError(.invalidRequest, path: path, "no samples") }
    return done
  }

  /// Calls `body` with lanes over the samples, their base address and this image holding an
  /// empty array of the same type: the samples are moved out for the call (so the array is
  /// uniquely referenced and written in place) and put back afterwards. Nil without samples.
  private mutating func withLanes<T>(
    _ body: ([SampleLane], UnsafeMutableRawPointer, TIFFImage) throws -> T
  ) rethrows -> T? {
    checkSampleCount()
    let lanes = self.lanes
    var moved = samples
    samples = .empty(moved.type)
    defer { samples = moved }
    let model = self
    return try moved.withMutableBytes { bytes in
      guard let base = bytes.baseAddress else { return nil }
      return try body(lanes(base), base, model)
    }
  }

  private func checkSampleCount() {
    precondition(
      samplesPerPixel >= 3 && samples.count == width * height * samplesPerPixel,
      "sample count mismatch")
  }

  /// R, G, B and alpha (if any) of interleaved samples at a base address.
  private var lanes: (UnsafeMutableRawPointer) -> [SampleLane] {
    let kind: SampleLane.Kind =
      switch sampleType {
      case .uint8: .unorm8
      case .uint16: .unorm16
      case .uint32: .unorm32
      case .float16: .half
      case .float32: .float
      }
    let (size, stride) = (sampleType.byteCount, samplesPerPixel)
    return { base in
      (0..<min(stride, 4)).map { SampleLane(kind: kind, base: base + $0 * size, stride: stride) }
    }
  }
}
