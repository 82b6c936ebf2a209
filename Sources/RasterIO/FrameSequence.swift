import Foundation

/// A numbered frame sequence such as `shot.%04d.exr` or `shot.####.exr`.
///
/// `%0Nd` (printf style) and a run of N `#` characters both stand for the frame number padded
/// with zeros to N digits; `%d` and a single `#` mean no padding. N is at most
/// ``maxPadding``.
public struct FrameSequence: Sendable, Hashable {
  /// The widest accepted padding, in digits (a frame number has at most 19).
  public static let maxPadding = 32

  /// The text before the frame number.
  public var prefix: String
  /// The text after the frame number.
  public var suffix: String
  /// Minimum digits of the frame number (zero padded); 1 means no padding.
  public var padding: Int

  /// Parses a sequence pattern; `nil` when `pattern` has no frame placeholder or its padding
  /// is wider than ``maxPadding``.
  public init?(pattern: String) {
    if let r = pattern.range(of: #"%0?(\d*)d"#, options: .regularExpression) {
      let spec = pattern[r].dropFirst().dropLast()
      prefix = String(pattern[..<r.lowerBound])
      suffix = String(pattern[r.upperBound...])
      padding = max(1, Int(spec) ?? 1)
    } else if let r = pattern.range(of: "#+", options: .regularExpression) {
      prefix = String(pattern[..<r.lowerBound])
      suffix = String(pattern[r.upperBound...])
      padding = pattern.distance(from: r.lowerBound, to: r.upperBound)
    } else {
      return nil
    }
    if prefix.contains("%") || suffix.contains("%") || suffix.contains("#") { return nil }
    if padding > Self.maxPadding { return nil }
  }

  /// The file name of `frame` (negative frames keep their sign before the padding).
  public func path(frame: Int) -> String {
    let digits = String(abs(frame))
    let padded = String(repeating: "0", count: max(0, padding - digits.count)) + digits
    return prefix + (frame < 0 ? "-" : "") + padded + suffix
  }

  /// The frame number of `path` if it belongs to this sequence.
  public func frame(of path: String) -> Int? {
    guard path.hasPrefix(prefix), path.hasSuffix(suffix),
      path.count > prefix.count + suffix.count
    else { return nil }
    let middle = path.dropFirst(prefix.count).dropLast(suffix.count)
    let unsigned = middle.hasPrefix("-") ? middle.dropFirst() : middle
    guard !unsigned.isEmpty, unsigned.allSatisfy(\.isASCII), unsigned.allSatisfy(\.isNumber),
      unsigned.count >= padding, padding == 1 || unsigned.count == padding || unsigned.first != "0"
    else { return nil }
    return Int(middle)
  }

  /// The frames of this sequence that exist on disk, in increasing order.
  ///
  /// - Throws: the error of listing the folder.
  public func existingFrames() throws -> [Int] {
    let dir = prefix.lastIndex(of: "/").map { String(prefix[...$0]) } ?? ""
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.isEmpty ? "." : dir)
    return names.compactMap { frame(of: dir + $0) }.sorted()
  }
}

/// A list of frame numbers written as `1001-1100`, `1001-1100x2` or `1,3,5-7`: frame numbers
/// within ±``maxFrame``, at most ``maxCount`` frames in all.
public struct FrameRange: Sendable, Hashable {
  /// The largest frame number, and the negation of the smallest.
  public static let maxFrame = 999_999_999
  /// The most frames one list may name.
  public static let maxCount = 10_000_000

  /// The frames, in the order given, without repeats.
  public var frames: [Int]

  /// Parses a frame list; `nil` when the text is malformed or the list is empty.
  public init?(_ text: String) {
    var pieces: [StrideThrough<Int>] = []
    var count = 0
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let piece = part.trimmingCharacters(in: .whitespaces)
      let (rangeText, stepText) = Self.splitStep(piece)
      guard let step = stepText.map({ Int($0) }) ?? 1, step > 0 else { return nil }
      let bounds = Self.splitRange(rangeText)
      guard let first = Int(bounds.0), let last = Int(bounds.1 ?? bounds.0), first <= last,
        -Self.maxFrame <= first, last <= Self.maxFrame
      else { return nil }
      // The whole list is counted before any frame is stored.
      count += (last - first) / step + 1
      guard count <= Self.maxCount else { return nil }
      pieces.append(stride(from: first, through: last, by: step))
    }
    var result: [Int] = []
    var seen = Set<Int>()
    for f in pieces.joined() where seen.insert(f).inserted { result.append(f) }
    guard !result.isEmpty else { return nil }
    frames = result
  }

  private static func splitStep(_ s: String) -> (String, String?) {
    guard let x = s.firstIndex(of: "x") else { return (s, nil) }
    return (String(s[..<x]), String(s[s.index(after: x)...]))
  }

  /// Splits `a-b` at the dash that is not a leading minus sign.
  private static func splitRange(_ s: String) -> (String, String?) {
    let start = s.hasPrefix("-") ? s.index(after: s.startIndex) : s.startIndex
    guard let dash = s[start...].firstIndex(of: "-") else { return (s, nil) }
    return (String(s[..<dash]), String(s[s.index(after: dash)...]))
  }
}

/// One of N interleaved slices of a work list, for render-farm array jobs.
public struct Shard: Sendable, Hashable {
  /// This slice, 1…count.
  public var index: Int
  /// The number of slices.
  public var count: Int

  /// Parses `K/N` with 1 ≤ K ≤ N; `nil` otherwise.
  public init?(_ text: String) {
    let parts = text.split(separator: "/")
    guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, k >= 1, k <= n
    else { return nil }
    index = k
    count = n
  }

  /// The items of this slice: every `count`-th item starting at item `index − 1`.
  public func select<T>(_ items: [T]) -> [T] {
    stride(from: index - 1, to: items.count, by: count).map { items[$0] }
  }
}
