#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Counts an OpenEXR file's header attributes, their bytes and each part's channels before
/// OpenEXRCore parses the header, so that a file built to exhaust its attribute list (quadratic
/// in the count), memory (one huge value) or RasterIO's per-channel buffers is refused as
/// `.tooLarge` first
/// (docs/reliability.md §4). It also refuses, as `.unsupported` and by name, what this build
/// cannot read: compressions newer than its OpenEXR (ZSTD, HTJ2K) and deep data
/// (``EXRFeatureSupport``), which OpenEXRCore would report as a damaged header.
///
/// Only the header is read, attribute values are skipped with `lseek`, except the channel
/// lists, which are walked. Anything the scan cannot follow (truncation, an overlong name) ends
/// the scan quietly: OpenEXRCore then reports the damage in its own words.
struct EXRHeaderPrecheck {
  private let fd: Int32
  private var buffer = [UInt8](repeating: 0, count: 1 << 16)
  private var start = 0
  private var end = 0

  /// Throws `.tooLarge` when `path`'s header declares more attributes or channels than
  /// `limits` allow; returns quietly otherwise, also for files it cannot read.
  static func check(path: String, limits: RasterLimits) throws(RasterIOError) {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else { return }
    defer { close(fd) }
    var stats = stat()
    guard fstat(fd, &stats) == 0, (stats.st_mode & S_IFMT) == S_IFREG else { return }
    var scan = EXRHeaderPrecheck(fd: fd)
    try scan.run(path: path, limits: limits)
  }

  private init(fd: Int32) { self.fd = fd }

  private mutating func run(path: String, limits: RasterLimits) throws(RasterIOError) {
    guard let magic = int32(), magic == 20_000_630, let version = int32() else { return }
    let multipart = version & 0x1000 != 0
    // Bit 11: a single-part file of deep data (multi-part files say so in each part's type).
    if version & 0x800 != 0, !multipart {
      throw RasterIOError(
        .unsupported, path: path,
        "part 0 \(EXRFeatureSupport.partTypeRefusal("deepscanline") ?? "")")
    }
    var attributes = 0
    var valueBytes = 0
    var part = 0
    while true {
      guard let name = string() else { return }
      if name.isEmpty {
        // The end of one header; multi-part files end the list with an empty header.
        guard multipart, let next = peek(), next != 0 else { return }
        part += 1
        continue
      }
      guard let type = string(), let size = int32(), size >= 0 else { return }
      attributes += 1
      guard attributes <= limits.maxEXRAttributes else {
        throw RasterIOError(
          .tooLarge, path: path,
          "the header has more than \(limits.maxEXRAttributes) attributes, the limit")
      }
      if type == "compression", size == 1 {
        guard let code = next() else { return }
        if let refusal = EXRFeatureSupport.compressionRefusal(code: Int(code)) {
          throw RasterIOError(.unsupported, path: path, "part \(part): \(refusal)")
        }
      } else if name == "type", type == "string", (0...64).contains(size) {
        guard let value = bytes(Int(size)) else { return }
        if let refusal = EXRFeatureSupport.partTypeRefusal(String(decoding: value, as: UTF8.self)) {
          throw RasterIOError(.unsupported, path: path, "part \(part) \(refusal)")
        }
      } else if type == "chlist" {
        guard let channels = channelCount(byteCount: Int(size)) else { return }
        guard channels <= limits.maxEXRChannels else {
          throw RasterIOError(
            .tooLarge, path: path,
            "part \(part) declares \(channels) channels, above the limit of \(limits.maxEXRChannels)"
          )
        }
      } else if !skip(Int(size)) {
        return
      }
      // Counted once the value is known to be in the file: a size past its end is damage,
      // which OpenEXRCore reports in its own words.
      valueBytes += Int(size)
      guard valueBytes <= limits.maxEXRHeaderBytes else {
        throw RasterIOError(
          .tooLarge, path: path,
          "the header's attribute values exceed \(limits.maxEXRHeaderBytes) bytes, the limit")
      }
    }
  }

  /// Walks a channel list of `byteCount` bytes: a name, 16 bytes of type and sampling per
  /// channel, then an empty name. Nil when the list does not parse.
  private mutating func channelCount(byteCount: Int) -> Int? {
    var left = byteCount
    var count = 0
    while left > 0 {
      guard let name = string() else { return nil }
      left -= name.utf8.count + 1
      if name.isEmpty { return left == 0 ? count : nil }
      guard skip(16) else { return nil }
      left -= 16
      count += 1
    }
    return nil
  }

  /// A null-terminated name of at most 255 bytes, nil past that or at the end of the file.
  private mutating func string() -> String? {
    var bytes: [UInt8] = []
    while let byte = next() {
      if byte == 0 { return String(decoding: bytes, as: UTF8.self) }
      guard bytes.count < 255 else { return nil }
      bytes.append(byte)
    }
    return nil
  }

  /// The next `count` bytes, nil past the end of the file.
  private mutating func bytes(_ count: Int) -> [UInt8]? {
    var result: [UInt8] = []
    for _ in 0..<count {
      guard let byte = next() else { return nil }
      result.append(byte)
    }
    return result
  }

  private mutating func int32() -> Int32? {
    var value: UInt32 = 0
    for shift in stride(from: 0, to: 32, by: 8) {
      guard let byte = next() else { return nil }
      value |= UInt32(byte) << UInt32(shift)
    }
    return Int32(bitPattern: value)
  }

  private mutating func peek() -> UInt8? {
    guard fill() else { return nil }
    return buffer[start]
  }

  private mutating func next() -> UInt8? {
    guard fill() else { return nil }
    defer { start += 1 }
    return buffer[start]
  }

  /// Skips `count` bytes, from the buffer first and then by seeking. False past the end.
  private mutating func skip(_ count: Int) -> Bool {
    let buffered = min(count, end - start)
    start += buffered
    let rest = count - buffered
    guard rest > 0 else { return true }
    let position = lseek(fd, off_t(rest), SEEK_CUR)
    var stats = stat()
    guard position >= 0, fstat(fd, &stats) == 0 else { return false }
    return position <= stats.st_size
  }

  /// Makes at least one byte available; false at the end of the file or on an error.
  private mutating func fill() -> Bool {
    if start < end { return true }
    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard count > 0 else { return false }
    (start, end) = (0, count)
    return true
  }
}
