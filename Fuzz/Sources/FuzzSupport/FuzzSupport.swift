import Foundation
public import RasterIO

/// Small helpers shared by the fuzz harnesses: scratch files, tight limits, edge values, a
/// byte reader and a sink that keeps results alive.
public enum FuzzSupport {
  /// Limits well inside libFuzzer's `-malloc_limit_mb=512`: 2¹⁸ pixels (1 MiB per float
  /// channel), 4096 per side, 1024² tiles, 64 MiB per libtiff allocation, 256 MiB of decoded
  /// samples per file (however many channels), 1 MiB of TIFF tag values (so that the 1.2 MB
  /// XMP seed sits just past the tag budget).
  public static let limits = RasterLimits(
    maxSide: 4096, maxPixels: 1 << 18, maxTileSide: 1024, maxLibraryAllocation: 64 << 20,
    maxDecodedBytes: 256 << 20, maxTIFFTagBytes: 1 << 20)

  /// The pixel edge values of docs/reliability.md §3.3: NaNs (quiet and with a payload), ±inf, −1, ±0,
  /// the smallest denormal, float and half minimum normals, half denormal, 1 and 1 + ulp, the
  /// half maximum and its rounding neighbours, 1e30 and the largest float.
  public static let edgeValues: [Float] = [
    .nan, Float(bitPattern: 0x7FC0_1234), .infinity, -.infinity, -1, -0.0, 0,
    Float(bitPattern: 1), .leastNormalMagnitude, 6.1e-5, 5.96e-8, 1, Float(1).nextUp, 65504,
    65519, 65520, 1e30, .greatestFiniteMagnitude,
  ]

  /// A file path private to this process in `/dev/shm` (RAM) with the given extension.
  public static func scratchPath(_ name: String) -> String {
    let folder = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : "/tmp"
    return "\(folder)/edrcube-fuzz-\(getpid())-\(name)"
  }

  /// Writes `bytes` to the scratch file `name` and returns its path.
  public static func writeScratch(_ bytes: UnsafeRawBufferPointer, name: String) -> String {
    let path = scratchPath(name)
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { fail("cannot create \(path)") }
    var offset = 0
    while offset < bytes.count, let base = bytes.baseAddress {
      let n = Glibc.write(fd, base + offset, bytes.count - offset)
      guard n > 0 else { fail("cannot write \(path)") }
      offset += n
    }
    close(fd)
    return path
  }

  /// Stops the run with a message: the harness found a broken property (libFuzzer records
  /// the input as a crash).
  public static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("FUZZ PROPERTY FAILED: \(message)\n".utf8))
    abort()
  }

  /// Fails the run unless `condition` holds.
  public static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fail(message()) }
  }

  /// Folds values into ``sink`` so that the optimiser cannot drop the reads that produced
  /// them (docs/reliability.md pitfall 5).
  public static func consume(_ values: some Sequence<Float>) {
    var h: UInt32 = 0
    for v in values { h = (h &* 31) ^ v.bitPattern }
    sink ^= h
  }

  /// Where ``consume(_:)`` leaves its result.
  nonisolated(unsafe) public static var sink: UInt32 = 0
}

/// Reads fuzzer bytes as small numbers, like LLVM's FuzzedDataProvider (zeros once exhausted).
public struct FuzzBytes {
  private let bytes: UnsafeRawBufferPointer
  private var offset = 0

  /// Reads from `bytes`.
  public init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  /// The next byte, or 0 past the end.
  public mutating func byte() -> UInt8 {
    guard offset < bytes.count else { return 0 }
    defer { offset += 1 }
    return bytes[offset]
  }

  /// A number in `range` from the next byte.
  public mutating func int(in range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(byte()) % (range.count)
  }

  /// An element of `choices` (which must not be empty) chosen by the next byte.
  public mutating func pick<T>(_ choices: [T]) -> T {
    choices[Int(byte()) % choices.count]
  }

  /// The bytes not read yet.
  public var rest: UnsafeRawBufferPointer {
    UnsafeRawBufferPointer(rebasing: bytes[min(offset, bytes.count)...])
  }
}
