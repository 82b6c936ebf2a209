extension TIFFSamples {
  /// Builds samples of `type` without zero-filling, letting `fill` write all `count` of them.
  static func make(
    _ type: TIFFSampleType, count: Int, fill: (UnsafeMutableRawPointer) throws -> Void
  ) throws -> TIFFSamples {
    func array<T>(_: T.Type) throws -> [T] {
      try [T](unsafeUninitializedCapacity: max(count, 1)) { buffer, initialized in
        guard let base = buffer.baseAddress else { return }
        HugePages.advise(base, byteCount: count * MemoryLayout<T>.stride)
        try fill(UnsafeMutableRawPointer(base))
        initialized = count
      }
    }
    switch type {
    case .uint8: return .uint8(try array(UInt8.self))
    case .uint16: return .uint16(try array(UInt16.self))
    case .uint32: return .uint32(try array(UInt32.self))
    case .float16: return .float16(try array(UInt16.self))
    case .float32: return .float32(try array(Float.self))
    }
  }

  /// No samples, of `type`.
  static func empty(_ type: TIFFSampleType) -> TIFFSamples {
    switch type {
    case .uint8: .uint8([])
    case .uint16: .uint16([])
    case .uint32: .uint32([])
    case .float16: .float16([])
    case .float32: .float32([])
    }
  }

  /// Calls `body` with the samples' bytes, writable (copied first if the array is shared).
  mutating func withMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows
    -> R
  {
    switch self {
    case .uint8(var v):
      self = .uint8([])
      defer { self = .uint8(v) }
      return try v.withUnsafeMutableBytes(body)
    case .uint16(var v):
      self = .uint16([])
      defer { self = .uint16(v) }
      return try v.withUnsafeMutableBytes(body)
    case .uint32(var v):
      self = .uint32([])
      defer { self = .uint32(v) }
      return try v.withUnsafeMutableBytes(body)
    case .float16(var v):
      self = .float16([])
      defer { self = .float16(v) }
      return try v.withUnsafeMutableBytes(body)
    case .float32(var v):
      self = .float32([])
      defer { self = .float32(v) }
      return try v.withUnsafeMutableBytes(body)
    }
  }

  /// Calls `body` with the samples' bytes.
  func withBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    switch self {
    case .uint8(let v): try v.withUnsafeBytes(body)
    case .uint16(let v): try v.withUnsafeBytes(body)
    case .uint32(let v): try v.withUnsafeBytes(body)
    case .float16(let v): try v.withUnsafeBytes(body)
    case .float32(let v): try v.withUnsafeBytes(body)
    }
  }
}

/// Copies a rectangle of samples between two row-major buffers with different strides, one
/// sample (1, 2 or 4 bytes) at a time: interleaving a plane, or a tile's rows.
struct SampleBlockCopy {
  var sampleSize: Int
  var rows: Int
  var columns: Int
  /// Samples between neighbouring columns and rows in the source.
  var sourceStride: (column: Int, row: Int)
  /// Samples between neighbouring columns and rows in the destination.
  var destinationStride: (column: Int, row: Int)

  func run(from source: UnsafeRawPointer, to destination: UnsafeMutableRawPointer) {
    switch sampleSize {
    case 1: copy(UInt8.self, source, destination)
    case 2: copy(UInt16.self, source, destination)
    default: copy(UInt32.self, source, destination)
    }
  }

  private func copy<T>(
    _: T.Type, _ source: UnsafeRawPointer, _ destination: UnsafeMutableRawPointer
  ) {
    let s = source.assumingMemoryBound(to: T.self)
    let d = destination.assumingMemoryBound(to: T.self)
    for row in 0..<rows {
      let sRow = s + row * sourceStride.row
      let dRow = d + row * destinationStride.row
      for column in 0..<columns {
        dRow[column * destinationStride.column] = sRow[column * sourceStride.column]
      }
    }
  }
}
