/// Kernel text to analyse, with a map from each kernel byte back to the file it came from.
struct EmbeddedKernel: Sendable {
  /// The kernel text (escapes decoded, indentation stripped).
  var text: [UInt8]
  /// Host byte offset of each kernel byte, plus one entry for the end; nil when the kernel is
  /// the whole file.
  var hostOffsets: OffsetTable?
  /// Host offset where the literal (or its first piece) starts.
  var literalStart: Int = 0
  /// Host offset where the literal ends.
  var literalEnd: Int = 0
  /// Why the text is assembled at run time (interpolation, `+` with a variable), if it is.
  var runtimeAssembly: String?
  /// Kernel offset of the first run-time part.
  var runtimeOffset = 0
  /// Kernel offset where the text was cut, past the file's interpolation budget
  /// (`HostExtractor.interpolationByteLimit`); nil when it was kept whole.
  var cutOffset: Int?

  /// Maps a kernel byte range to a host byte range.
  func hostRange(_ range: Range<Int>) -> Range<Int> {
    guard let map = hostOffsets, !map.isEmpty else { return range }
    let lower = map[min(max(range.lowerBound, 0), map.count - 1)]
    if range.isEmpty { return lower..<lower }
    let lastIndex = min(range.upperBound - 1, map.count - 1)
    let upper = max(map[lastIndex] + 1, lower)
    return lower..<upper
  }

  /// Whether the kernel range maps to a contiguous host range of the same length (fix-its
  /// can then be applied in the host file).
  func isContiguous(_ range: Range<Int>) -> Bool {
    guard let map = hostOffsets else { return true }
    guard range.upperBound <= map.count, !range.isEmpty else { return false }
    return map[range.upperBound - 1] - map[range.lowerBound] == range.count - 1
  }
}
