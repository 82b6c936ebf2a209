extension EXRSamples {
  /// Builds one array per channel without zero-filling, handing `fill` every array's storage
  /// at once (so one decoder pass can fill all channels of a chunk).
  /// - Throws: whatever `fill` throws; no arrays are returned then.
  static func make(
    types: [EXRPixelType], counts: [Int], fill: ([UnsafeMutableRawPointer]) throws -> Void
  ) throws -> [EXRSamples] {
    try build(0, types: types, counts: counts, pointers: [], fill: fill)
  }

  private static func build(
    _ index: Int, types: [EXRPixelType], counts: [Int], pointers: [UnsafeMutableRawPointer],
    fill: ([UnsafeMutableRawPointer]) throws -> Void
  ) throws -> [EXRSamples] {
    guard index < types.count else {
      try fill(pointers)
      return []
    }
    var rest: [EXRSamples] = []
    func array<T>(_: T.Type) throws -> [T] {
      try [T](unsafeUninitializedCapacity: max(counts[index], 1)) { buffer, count in
        guard let base = buffer.baseAddress else { return }
        rest = try build(
          index + 1, types: types, counts: counts,
          pointers: pointers + [UnsafeMutableRawPointer(base)], fill: fill)
        count = counts[index]
      }
    }
    switch types[index] {
    case .half: return [.half(try array(UInt16.self))] + rest
    case .float: return [.float(try array(Float.self))] + rest
    case .uint: return [.uint(try array(UInt32.self))] + rest
    }
  }

  /// Calls `body` with every channel's sample storage at once (read-only).
  static func withStorage<R>(
    of samples: [EXRSamples], _ body: ([UnsafeRawPointer]) throws -> R
  ) throws -> R {
    try withStorage(samples[...], pointers: [], body)
  }

  private static func withStorage<R>(
    _ samples: ArraySlice<EXRSamples>, pointers: [UnsafeRawPointer],
    _ body: ([UnsafeRawPointer]) throws -> R
  ) throws -> R {
    guard let first = samples.first else { return try body(pointers) }
    let rest = samples.dropFirst()
    func next(_ raw: UnsafeRawBufferPointer) throws -> R {
      guard let base = raw.baseAddress else {
        throw RasterIOError(.invalidRequest, path: "", "a channel has no samples")
      }
      return try withStorage(rest, pointers: pointers + [base], body)
    }
    switch first {
    case .half(let v): return try v.withUnsafeBytes(next)
    case .float(let v): return try v.withUnsafeBytes(next)
    case .uint(let v): return try v.withUnsafeBytes(next)
    }
  }
}
