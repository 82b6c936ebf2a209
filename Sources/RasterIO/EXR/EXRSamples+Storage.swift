extension EXRSamples {
  /// Builds one array per channel without zero-filling, handing `fill` every array's storage
  /// at once (so one decoder pass can fill all channels of a chunk).
  ///
  /// One stack frame per channel (each array's storage lives only inside its initializer), so
  /// readers bound the channel count first (``RasterLimits/maxEXRChannels``) and a deep
  /// recursion runs on a stack sized for it (`withDeepStack`); the pointer list and the result
  /// are each built once, linear in the count.
  /// - Throws: whatever `fill` throws; no arrays are returned then.
  static func make(
    types: [EXRPixelType], counts: [Int], fill: ([UnsafeMutableRawPointer]) throws -> Void
  ) throws -> [EXRSamples] {
    var pointers: [UnsafeMutableRawPointer] = []
    pointers.reserveCapacity(types.count)
    var result: [EXRSamples] = []
    result.reserveCapacity(types.count)
    try withDeepStack(levels: types.count) {
      try build(0, types: types, counts: counts, pointers: &pointers, into: &result, fill: fill)
    }
    return result.reversed()
  }

  private static func build(
    _ index: Int, types: [EXRPixelType], counts: [Int],
    pointers: inout [UnsafeMutableRawPointer], into result: inout [EXRSamples],
    fill: ([UnsafeMutableRawPointer]) throws -> Void
  ) throws {
    guard index < types.count else { return try fill(pointers) }
    func array<T>(_: T.Type) throws -> [T] {
      try [T](unsafeUninitializedCapacity: max(counts[index], 1)) { buffer, count in
        guard let base = buffer.baseAddress else { return }
        HugePages.advise(base, byteCount: counts[index] * MemoryLayout<T>.stride)
        pointers.append(UnsafeMutableRawPointer(base))
        try build(
          index + 1, types: types, counts: counts, pointers: &pointers, into: &result, fill: fill)
        count = counts[index]
      }
    }
    // The innermost channel finishes first, so `result` fills from the last channel back.
    switch types[index] {
    case .half: result.append(.half(try array(UInt16.self)))
    case .float: result.append(.float(try array(Float.self)))
    case .uint: result.append(.uint(try array(UInt32.self)))
    }
  }

  /// Calls `body` with every channel's sample storage at once (read-only).
  static func withStorage<R>(
    of samples: [EXRSamples], _ body: ([UnsafeRawPointer]) throws -> R
  ) throws -> R {
    var pointers: [UnsafeRawPointer] = []
    pointers.reserveCapacity(samples.count)
    return try withDeepStack(levels: samples.count) {
      try withStorage(samples[...], pointers: &pointers, body)
    }
  }

  private static func withStorage<R>(
    _ samples: ArraySlice<EXRSamples>, pointers: inout [UnsafeRawPointer],
    _ body: ([UnsafeRawPointer]) throws -> R
  ) throws -> R {
    guard let first = samples.first else { return try body(pointers) }
    let rest = samples.dropFirst()
    func next(_ raw: UnsafeRawBufferPointer) throws -> R {
      guard let base = raw.baseAddress else {
        throw RasterIOError(.invalidRequest, path: "", "a channel has no samples")
      }
      pointers.append(base)
      return try withStorage(rest, pointers: &pointers, body)
    }
    switch first {
    case .half(let v): return try v.withUnsafeBytes(next)
    case .float(let v): return try v.withUnsafeBytes(next)
    case .uint(let v): return try v.withUnsafeBytes(next)
    }
  }
}

extension EXRSamples {
  /// Calls `body` with every channel's sample storage, writable. Each array is moved out of
  /// `samples` for the call (so it is uniquely referenced and written in place, never copied)
  /// and put back afterwards, also when `body` throws.
  static func withMutableStorage<R>(
    of samples: inout [EXRSamples], _ body: ([UnsafeMutableRawPointer]) throws -> R
  ) throws -> R {
    var pointers: [UnsafeMutableRawPointer] = []
    pointers.reserveCapacity(samples.count)
    return try withDeepStack(levels: samples.count) {
      try withMutableStorage(of: &samples, from: 0, pointers: &pointers, body)
    }
  }

  private static func withMutableStorage<R>(
    of samples: inout [EXRSamples], from index: Int, pointers: inout [UnsafeMutableRawPointer],
    _ body: ([UnsafeMutableRawPointer]) throws -> R
  ) throws -> R {
    guard index < samples.count else { return try body(pointers) }
    func next<T>(_ array: inout [T]) throws -> R {
      try array.withUnsafeMutableBytes { raw in
        guard let base = raw.baseAddress else {
          throw RasterIOError(.invalidRequest, path: "", "a channel has no samples")
        }
        pointers.append(base)
        return try withMutableStorage(of: &samples, from: index + 1, pointers: &pointers, body)
      }
    }
    switch samples[index] {
    case .half(var v):
      samples[index] = .half([])
      defer { samples[index] = .half(v) }
      return try next(&v)
    case .float(var v):
      samples[index] = .float([])
      defer { samples[index] = .float(v) }
      return try next(&v)
    case .uint(var v):
      samples[index] = .uint([])
      defer { samples[index] = .uint(v) }
      return try next(&v)
    }
  }
}
