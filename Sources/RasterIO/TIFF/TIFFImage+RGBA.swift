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
    let count = width * height
    precondition(
      samplesPerPixel >= 3 && samples.count == count * samplesPerPixel, "sample count mismatch")
    let channels = min(samplesPerPixel, 4)
    let stride = samplesPerPixel
    let values = [Float](unsafeUninitializedCapacity: count * 4) { out, initialized in
      guard let outBase = out.baseAddress else { return }
      let target = SharedPointer(base: outBase)
      func fill<T>(_ samples: [T], _ convert: @escaping @Sendable (T) -> Float) {
        samples.withUnsafeBufferPointer { s in
          guard let sBase = s.baseAddress else { return }
          let source = SharedRawPointer(base: UnsafeRawPointer(sBase))
          PixelBlocks.run(count: count) { range in
            let s = source.base.assumingMemoryBound(to: T.self)
            for i in range {
              for c in 0..<channels { target.base[i &* 4 &+ c] = convert(s[i &* stride &+ c]) }
              if channels == 3 { target.base[i &* 4 &+ 3] = 1 }
            }
          }
        }
      }
      switch samples {
      case .uint8(let v): fill(v) { Float($0) / 255 }
      case .uint16(let v): fill(v) { Float($0) / 65535 }
      case .uint32(let v): fill(v) { Float(Double($0) / 4_294_967_295) }
      case .float16(let v):
        HalfFloat.table.withUnsafeBufferPointer { table in
          guard let tableBase = table.baseAddress else { return }
          let halves = SharedRawPointer(base: UnsafeRawPointer(tableBase))
          fill(v) { halves.base.load(fromByteOffset: Int($0) * 4, as: Float.self) }
        }
      case .float32(let v): fill(v) { $0 }
      }
      initialized = count * 4
    }
    return RGBAPixels(width: width, height: height, values: values, hasAlpha: channels == 4)
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
    precondition(
      samplesPerPixel >= 3 && samples.count == width * height * samplesPerPixel,
      "sample count mismatch")
    let count = width * height
    let stride = samplesPerPixel
    func store<T>(_ samples: inout [T], _ convert: @escaping @Sendable (Float) -> T) {
      pixels.values.withUnsafeBufferPointer { p in
        samples.withUnsafeMutableBufferPointer { s in
          guard let pBase = p.baseAddress, let sBase = s.baseAddress else { return }
          let source = SharedRawPointer(base: UnsafeRawPointer(pBase))
          let target = SharedPointer(base: sBase)
          PixelBlocks.run(count: count) { range in
            let p = source.base.assumingMemoryBound(to: Float.self)
            for i in range {
              for c in 0..<3 { target.base[i &* stride &+ c] = convert(p[i &* 4 &+ c]) }
            }
          }
        }
      }
    }
    switch samples {
    case .uint8(var v):
      samples = .uint8([])  // keep `v` uniquely referenced
      store(&v) { UInt8(Self.code($0, max: 255)) }
      samples = .uint8(v)
    case .uint16(var v):
      samples = .uint16([])  // keep `v` uniquely referenced
      store(&v) { UInt16(Self.code($0, max: 65535)) }
      samples = .uint16(v)
    case .uint32(var v):
      samples = .uint32([])  // keep `v` uniquely referenced
      store(&v) { UInt32(Self.code($0, max: 4_294_967_295)) }
      samples = .uint32(v)
    case .float16(var v):
      samples = .float16([])  // keep `v` uniquely referenced
      store(&v, HalfFloat.half)
      samples = .float16(v)
    case .float32(var v):
      samples = .float32([])  // keep `v` uniquely referenced
      store(&v) { $0 }
      samples = .float32(v)
    }
  }

  /// `round(v · max)` clamped to `0…max`; NaN → 0.
  @Sendable private static func code(_ value: Float, max: Double) -> Double {
    let scaled = (Double(value) * max).rounded()
    guard scaled > 0 else { return 0 }
    return Swift.min(scaled, max)
  }
}
