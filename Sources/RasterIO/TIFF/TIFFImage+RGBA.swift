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
      let target = SharedBuffer(base: output)
      samples.withBytes { bytes in
        guard let base = bytes.baseAddress else { return }
        let lanes = self.lanes(UnsafeMutableRawPointer(mutating: base))
        _ = RGBABlockRunner.run(count: count, sources: lanes, destinations: []) { block in
          let start = block.firstPixel * 4
          _ = UnsafeMutableBufferPointer(
            rebasing: target.base[start..<(start + block.values.count)]
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
      let source = SharedRawPointer(base: UnsafeRawPointer(base))
      _ = transformRGB { block in
        let v = source.base.assumingMemoryBound(to: Float.self) + block.firstPixel * 4
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
    checkSampleCount()
    let count = width * height
    let lanes = self.lanes
    // Moved out so the array is uniquely referenced and written in place.
    var moved = samples
    samples = .uint8([])
    defer { samples = moved }
    return moved.withMutableBytes { bytes in
      guard let base = bytes.baseAddress else { return [] }
      let lanes = lanes(base)
      return RGBABlockRunner.run(
        count: count, sources: lanes, destinations: Array(lanes.prefix(3)), transform)
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
