/// One plane of samples to interleave into, or extract from, ``RGBAPixels``.
struct SamplePlane: @unchecked Sendable {
  enum Kind { case half, float, uint }
  var kind: Kind
  var base: UnsafeRawPointer

  /// The plane's sample `i` as `Float` (half through the exact table).
  @inline(__always)
  func value(_ i: Int, halves: UnsafePointer<Float>) -> Float {
    switch kind {
    case .half: halves[Int(base.load(fromByteOffset: i * 2, as: UInt16.self))]
    case .float: base.load(fromByteOffset: i * 4, as: Float.self)
    case .uint: Float(base.load(fromByteOffset: i * 4, as: UInt32.self))
    }
  }
}

extension RGBAPixels {
  /// Interleaves three or four planes (missing alpha becomes 1), block by block on all cores.
  init(width: Int, height: Int, planes: [SamplePlane]) {
    let count = width * height
    let values = [Float](unsafeUninitializedCapacity: count * 4) { out, initialized in
      guard let base = out.baseAddress else { return }
      let target = SharedPointer(base: base)
      HalfFloat.table.withUnsafeBufferPointer { table in
        guard let halves = table.baseAddress else { return }
        let shared = SharedRawPointer(base: UnsafeRawPointer(halves))
        PixelBlocks.run(count: count) { range in
          let halves = shared.base.assumingMemoryBound(to: Float.self)
          for (c, plane) in planes.enumerated() {
            for i in range { target.base[i &* 4 &+ c] = plane.value(i, halves: halves) }
          }
          if planes.count == 3 { for i in range { target.base[i &* 4 &+ 3] = 1 } }
        }
      }
      initialized = count * 4
    }
    self.init(width: width, height: height, values: values, hasAlpha: planes.count > 3)
  }

  /// Writes channel `channel` (0 R, 1 G, 2 B) of every pixel into `destination`, converted.
  func extract(
    _ channel: Int, into destination: UnsafeMutableRawPointer, as type: EXRPixelType
  ) {
    let target = SharedPointer(base: destination.assumingMemoryBound(to: UInt8.self))
    values.withUnsafeBufferPointer { source in
      guard let base = source.baseAddress else { return }
      let shared = SharedRawPointer(base: UnsafeRawPointer(base))
      PixelBlocks.run(count: width * height) { range in
        let v = shared.base.assumingMemoryBound(to: Float.self)
        let raw = UnsafeMutableRawPointer(target.base)
        switch type {
        case .half:
          let d = raw.assumingMemoryBound(to: UInt16.self)
          for i in range { d[i] = HalfFloat.half(v[i &* 4 &+ channel]) }
        case .float:
          let d = raw.assumingMemoryBound(to: Float.self)
          for i in range { d[i] = v[i &* 4 &+ channel] }
        case .uint:
          let d = raw.assumingMemoryBound(to: UInt32.self)
          for i in range { d[i] = EXRSamples.uintValue(v[i &* 4 &+ channel]) }
        }
      }
    }
  }
}
