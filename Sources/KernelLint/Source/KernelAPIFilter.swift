/// Decides whether an embedded kernel literal is passed straight to a kernel-creating API
/// (configuration `host.heuristicStrings: false`, docs/lint-rules.md §6 `kernelAPIs`).
struct KernelAPIFilter: Sendable {
  /// Argument markers such as `CIColorKernel(source:` or `kernelWithString:`, blanks removed.
  private let markers: [[UInt8]]

  /// Derives the markers from API spellings: `CIColorKernel(source:)`,
  /// `CIKernel.makeKernels(source:)`, `kernelsWithMetalString:error:`.
  init(apis: [String]) {
    markers = apis.compactMap { api in
      var s = Substring(api)
      if let open = s.firstIndex(of: "("), let dot = s[..<open].lastIndex(of: ".") {
        s = s[s.index(after: dot)...]
      }
      if s.hasSuffix(")") {
        s = s.dropLast()
      } else if let colon = s.firstIndex(of: ":") {
        s = s[...colon]
      }
      let bytes = s.utf8.filter { !KernelAPIFilter.isBlank($0) }
      return bytes.isEmpty ? nil : Array(bytes)
    }
  }

  /// Whether the host text just before `literalStart` (blanks, `@` and `#` skipped) ends with
  /// one of the markers.
  func accepts(_ host: [UInt8], literalStart: Int) -> Bool {
    var i = min(literalStart, host.count) - 1
    while i >= 0 && (host[i] == UInt8(ascii: "@") || host[i] == UInt8(ascii: "#")) { i -= 1 }
    var tail: [UInt8] = []
    while i >= 0 && tail.count < 64 {
      if !KernelAPIFilter.isBlank(host[i]) { tail.append(host[i]) }
      i -= 1
    }
    tail.reverse()
    return markers.contains { marker in
      tail.count >= marker.count && Array(tail.suffix(marker.count)) == marker
    }
  }

  private static func isBlank(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 }
}
