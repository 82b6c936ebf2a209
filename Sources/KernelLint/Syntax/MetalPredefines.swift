/// The macros the Metal compiler defines, so that `#ifdef __METAL_VERSION__` code in Metal
/// sources is analysed as the compiler sees it (configured defines take precedence).
enum MetalPredefines {
  /// Metal 3.1 on macOS: one consistent choice among the platforms' variants. Metal is C++14
  /// based, so the compiler also defines `__cplusplus` (201402L).
  static let macros: [String: String] = [
    "__METAL_VERSION__": "310",
    "__METAL_MACOS__": "1",
    "__HAVE_MIN_MAX_FILTER__": "1",
    "__cplusplus": "201402L",
  ]

  /// Whether kernel text from the file at `path` is compiled by the Metal compiler: `.metal`
  /// files, embedded text that includes the Metal standard library or Core Image's header, and
  /// headers (`.h`, `.hpp`) whose text is Metal-like (they are included by `.metal` files and
  /// need not include `<metal_stdlib>` themselves).
  static func apply(toPath path: String, text: [UInt8]) -> Bool {
    let lower = path.lowercased()
    if lower.hasSuffix(".metal") { return true }
    let source = String(decoding: text.prefix(65536), as: UTF8.self)
    if source.contains("<metal_stdlib>") || source.contains("<CoreImage/CoreImage.h>") {
      return true
    }
    let isHeader = lower.hasSuffix(".h") || lower.hasSuffix(".hpp") || lower.hasSuffix(".hh")
    return isHeader && metalMarkers.contains { source.contains($0) }
  }

  /// Text that only Metal code (or code written for the Metal compiler) contains.
  private static let metalMarkers = [
    "__METAL_VERSION__", "metal::", "namespace metal", "coreimage::", "[[stitchable]]",
    "sample_t", "texture2d<", "[[kernel]]",
  ]
}
