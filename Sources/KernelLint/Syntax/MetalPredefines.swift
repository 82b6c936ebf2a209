/// The macros the Metal compiler defines, so that `#ifdef __METAL_VERSION__` code in Metal
/// sources is analysed as the compiler sees it (configured defines take precedence).
enum MetalPredefines {
  /// Metal 3.1 on macOS: one consistent choice among the platforms' variants.
  static let macros: [String: String] = [
    "__METAL_VERSION__": "310",
    "__METAL_MACOS__": "1",
    "__HAVE_MIN_MAX_FILTER__": "1",
  ]

  /// Whether kernel text from the file at `path` is compiled by the Metal compiler: `.metal`
  /// files, and embedded text that includes the Metal standard library or Core Image's header.
  static func apply(toPath path: String, text: [UInt8]) -> Bool {
    if path.lowercased().hasSuffix(".metal") { return true }
    let source = String(decoding: text.prefix(4096), as: UTF8.self)
    return source.contains("<metal_stdlib>") || source.contains("<CoreImage/CoreImage.h>")
  }
}
