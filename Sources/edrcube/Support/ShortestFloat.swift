/// Text for a Float that reads back as the same Float, in as few digits as possible.
enum ShortestFloat {
  /// `3`, `0.09375`, `-0.5`, `1e-05`, `nan`, `inf`, `-inf`: Swift's shortest round-trip
  /// digits, with a redundant `.0` dropped.
  static func text(_ x: Float) -> String {
    let s = x.description
    return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
  }
}
