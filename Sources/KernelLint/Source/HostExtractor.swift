/// Finds Core Image / Metal kernels inside Swift and Objective-C string literals.
///
/// Handles `"…"`, `"""…"""` (indentation stripped as Swift does), raw `#"…"#` / `#"""…"""#`,
/// `"…\n" + "…"` concatenations, Objective-C `@"…" "…"` adjacency and Objective-C++ raw strings
/// (`@R"(…)"`, `R"tag(…)tag"`). Interpolation
/// (`\(…)`) and `+` with a non-literal operand make the kernel "assembled at run time": the
/// unknown part becomes the placeholder identifier `__edrlint_runtime`.
struct HostExtractor {
  /// The host language.
  enum Language: Sendable { case swift, objectiveC }

  /// The placeholder spliced in for run-time text.
  static let placeholder = Array("__edrlint_runtime".utf8)

  /// The most bytes of placeholder text interpolations may add to one file's kernels: 16 MiB,
  /// about a million interpolations. Each `\(x)` (4 host bytes or more) becomes 17 bytes of
  /// kernel text, so a file of interpolations held about 4 times its size as kernel text and
  /// as many map entries (a 60 MiB raw literal: 516 MB, issue 40 R7). Past the budget the
  /// literal is cut at the interpolation and the rest of it is not analysed (a LINT003 note).
  static let interpolationByteLimit = 16 << 20

  private let bytes: [UInt8]
  private let language: Language
  private var index = 0
  /// Kernels found, in source order.
  private(set) var kernels: [EmbeddedKernel] = []
  /// Host comments that mention `edrlint:`.
  private(set) var comments: [Comment] = []

  private var chain: EmbeddedKernel?
  private var chainEnd = 0
  /// Placeholder bytes interpolations may still add (``interpolationByteLimit``).
  private var interpolationBudget = HostExtractor.interpolationByteLimit
  /// What the current chain took from it: given back when the chain is not a kernel.
  private var chainPlaceholderBytes = 0

  /// Scans a host file.
  static func extract(_ bytes: [UInt8], language: Language) -> HostExtractor {
    var extractor = HostExtractor(bytes: bytes, language: language)
    extractor.run()
    return extractor
  }

  private init(bytes: [UInt8], language: Language) {
    self.bytes = bytes
    self.language = language
  }

  private func byte(_ i: Int) -> UInt8 { i >= 0 && i < bytes.count ? bytes[i] : 0 }

  private mutating func run() {
    while index < bytes.count {
      let c = bytes[index]
      if c == UInt8(ascii: "/") && byte(index + 1) == UInt8(ascii: "/") {
        let start = index
        while index < bytes.count && bytes[index] != 10 && bytes[index] != 13 { index += 1 }
        record(comment: start, bodyStart: start + 2, bodyEnd: index, isLine: true)
      } else if c == UInt8(ascii: "/") && byte(index + 1) == UInt8(ascii: "*") {
        skipBlockComment()
      } else if let delimiter = rawLiteralDelimiter() {
        readRawLiteral(delimiter: delimiter)
      } else if let hashes = literalStart() {
        readLiteral(hashes: hashes)
      } else if c == UInt8(ascii: "'") && language == .objectiveC {
        index += 1
        while index < bytes.count && bytes[index] != UInt8(ascii: "'") && bytes[index] != 10 {
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        index += 1
      } else {
        if !isSpace(c) { closeChainIfNeeded(at: index) }
        index += 1
      }
    }
    closeChain()
  }

  private func isSpace(_ c: UInt8) -> Bool { c == 32 || c == 9 || c == 10 || c == 13 }

  private mutating func skipBlockComment() {
    let start = index
    var level = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "/") && byte(index + 1) == UInt8(ascii: "*") {
        level += 1
        index += 2
      } else if bytes[index] == UInt8(ascii: "*") && byte(index + 1) == UInt8(ascii: "/") {
        level -= 1
        index += 2
        if level == 0 || language == .objectiveC { break }
      } else {
        index += 1
      }
    }
    record(comment: start, bodyStart: start + 2, bodyEnd: max(start + 2, index - 2), isLine: false)
  }

  private mutating func record(comment start: Int, bodyStart: Int, bodyEnd: Int, isLine: Bool) {
    guard bodyEnd > bodyStart else { return }
    let body = String(decoding: bytes[bodyStart..<min(bodyEnd, bytes.count)], as: UTF8.self)
    guard body.contains("edrlint:") else { return }
    comments.append(Comment(range: start..<index, body: body, isLineComment: isLine))
  }

  /// The number of raw-string `#`s if a literal starts at the cursor.
  private func literalStart() -> Int? {
    var i = index
    if language == .objectiveC {
      if bytes[i] == UInt8(ascii: "@") && byte(i + 1) == UInt8(ascii: "\"") { return 0 }
      return bytes[i] == UInt8(ascii: "\"") ? 0 : nil
    }
    while byte(i) == UInt8(ascii: "#") { i += 1 }
    return byte(i) == UInt8(ascii: "\"") ? i - index : nil
  }

  /// The delimiter of an Objective-C++ raw string starting at the cursor (`R"(…)"`,
  /// `@R"tag(…)tag"`), nil if none starts here.
  private func rawLiteralDelimiter() -> [UInt8]? {
    guard language == .objectiveC else { return nil }
    var i = index
    if byte(i) == UInt8(ascii: "@") { i += 1 }
    let previous = byte(index - 1)
    let isIdentifier = { (c: UInt8) in
      c == UInt8(ascii: "_") || (c >= 48 && c <= 57) || (c | 32 >= 97 && c | 32 <= 122)
    }
    guard byte(i) == UInt8(ascii: "R"), byte(i + 1) == UInt8(ascii: "\""), !isIdentifier(previous)
    else { return nil }
    var delimiter: [UInt8] = []
    var k = i + 2
    while byte(k) != UInt8(ascii: "(") {
      let c = byte(k)
      guard delimiter.count < 16, c > 32, c != UInt8(ascii: ")"), c != UInt8(ascii: "\\") else {
        return nil
      }
      delimiter.append(c)
      k += 1
    }
    return delimiter
  }

  /// Reads `R"tag(…)tag"`: no escapes, every byte is kernel text.
  private mutating func readRawLiteral(delimiter: [UInt8]) {
    let start = index
    if byte(index) == UInt8(ascii: "@") { index += 1 }
    index += 3 + delimiter.count
    var piece = LiteralPiece()
    let close = [UInt8(ascii: ")")] + delimiter + [UInt8(ascii: "\"")]
    while index < bytes.count {
      if bytes[index] == close[0] && (0..<close.count).allSatisfy({ byte(index + $0) == close[$0] })
      {
        index += close.count
        break
      }
      piece.text.append(bytes[index])
      piece.offsets.append(index)
      index += 1
    }
    append(piece, start: start)
  }

  private mutating func readLiteral(hashes: Int) {
    let start = index
    if byte(index) == UInt8(ascii: "@") { index += 1 }
    index += hashes
    var piece = LiteralPiece()
    if byte(index + 1) == UInt8(ascii: "\"") && byte(index + 2) == UInt8(ascii: "\"")
      && language == .swift
    {
      index += 3
      readMultiline(hashes: hashes, into: &piece)
    } else {
      index += 1
      readSingleLine(hashes: hashes, into: &piece)
    }
    append(piece, start: start)
  }

  private struct LiteralPiece {
    var text: [UInt8] = []
    var offsets = OffsetTable()
    var runtime: String?
    /// Host offset of the first interpolation.
    var runtimeOffset = 0
    /// Whether the piece was cut at an interpolation past the budget (no more text is kept).
    var isCut = false
    /// Placeholder bytes spliced in for its interpolations.
    var placeholderBytes = 0

    /// Adds one kernel byte decoded from host offset `offset`, unless the piece was cut.
    mutating func put(_ byte: UInt8, at offset: Int) {
      guard !isCut else { return }
      text.append(byte)
      offsets.append(offset)
    }

    /// Drops up to `indent` spaces or tabs at the start of every line (a multi-line literal's
    /// closing indentation): the text in place, the offsets rebuilt beside it, so that a huge
    /// literal is not held twice.
    mutating func stripIndentation(_ indent: Int) {
      var kept = 0
      var lineStart = true
      var stripped = 0
      var keptOffsets = OffsetTable()
      for (k, offset) in offsets.enumerated() {
        let c = text[k]
        if lineStart && stripped < indent && (c == 32 || c == 9) {
          stripped += 1
          continue
        }
        lineStart = false
        text[kept] = c
        kept += 1
        keptOffsets.append(offset)
        if c == 10 {
          lineStart = true
          stripped = 0
        }
      }
      text.removeSubrange(kept...)
      offsets = keptOffsets
    }
  }

  private func closes(at i: Int, hashes: Int) -> Bool {
    for k in 0..<hashes where byte(i + k) != UInt8(ascii: "#") { return false }
    return true
  }

  /// Decodes one escape (cursor on `\`); returns false if it was not an escape.
  private mutating func escape(hashes: Int, into piece: inout LiteralPiece) -> Bool {
    let at = index
    guard closes(at: index + 1, hashes: hashes) else { return false }
    let code = byte(index + 1 + hashes)
    index += 2 + hashes
    func put(_ b: UInt8) { piece.put(b, at: at) }
    switch code {
    case UInt8(ascii: "n"): put(10)
    case UInt8(ascii: "t"): put(9)
    case UInt8(ascii: "r"): put(13)
    case UInt8(ascii: "0"): put(0)
    case UInt8(ascii: "("):
      var level = 1
      while index < bytes.count && level > 0 {
        if bytes[index] == UInt8(ascii: "(") { level += 1 }
        if bytes[index] == UInt8(ascii: ")") { level -= 1 }
        index += 1
      }
      if piece.runtime == nil { piece.runtimeOffset = at }
      piece.runtime = "string interpolation"
      if interpolationBudget < HostExtractor.placeholder.count { piece.isCut = true }
      guard !piece.isCut else { return true }
      interpolationBudget -= HostExtractor.placeholder.count
      piece.placeholderBytes += HostExtractor.placeholder.count
      for b in HostExtractor.placeholder { put(b) }
    case 10, 13:
      if code == 13 && byte(index) == 10 { index += 1 }
      while byte(index) == 32 || byte(index) == 9 { index += 1 }
    case UInt8(ascii: "u") where byte(index) == UInt8(ascii: "{"):
      while index < bytes.count && bytes[index] != UInt8(ascii: "}") { index += 1 }
      index += 1
      put(UInt8(ascii: "?"))
    default: put(code)
    }
    return true
  }

  private mutating func readSingleLine(hashes: Int, into piece: inout LiteralPiece) {
    while index < bytes.count {
      let c = bytes[index]
      if c == UInt8(ascii: "\"") && closes(at: index + 1, hashes: hashes) {
        index += 1 + hashes
        return
      }
      if c == 10 || c == 13 { return }
      if c == UInt8(ascii: "\\") && escape(hashes: hashes, into: &piece) { continue }
      piece.put(c, at: index)
      index += 1
    }
  }

  private mutating func readMultiline(hashes: Int, into piece: inout LiteralPiece) {
    while index < bytes.count && bytes[index] != 10 && bytes[index] != 13 { index += 1 }
    if byte(index) == 13 && byte(index + 1) == 10 { index += 1 }
    index += 1
    let contentStart = index
    var raw = LiteralPiece()
    var closingIndent = 0
    while index < bytes.count {
      let c = bytes[index]
      if c == UInt8(ascii: "\"") && byte(index + 1) == c && byte(index + 2) == c
        && closes(at: index + 3, hashes: hashes)
      {
        var s = index
        while s > contentStart && (bytes[s - 1] == 32 || bytes[s - 1] == 9) { s -= 1 }
        closingIndent = index - s
        index += 3 + hashes
        break
      }
      if c == UInt8(ascii: "\\") && escape(hashes: hashes, into: &raw) { continue }
      raw.put(c, at: index)
      index += 1
    }
    // Drop the closing line's indentation and the line break before the delimiter.
    if closingIndent > 0 { raw.stripIndentation(closingIndent) }
    while let last = raw.text.last, last == 32 || last == 9 {
      raw.text.removeLast()
      raw.offsets.removeLast()
    }
    if raw.text.last == 10 {
      raw.text.removeLast()
      raw.offsets.removeLast()
    }
    piece = raw
  }

  /// Adds a decoded piece to the current concatenation chain or starts a new one.
  private mutating func append(_ piece: LiteralPiece, start: Int) {
    let joins = chain != nil && joinsPrevious(from: start)
    if !joins {
      closeChain()
      var kernel = EmbeddedKernel(text: [], hostOffsets: OffsetTable(), literalStart: start)
      if precededByPlus(start) { kernel.runtimeAssembly = "text appended with '+' or '+='" }
      chain = kernel
    }
    chainPlaceholderBytes += piece.placeholderBytes
    let base = chain?.text.count ?? 0
    if let reason = piece.runtime, chain?.runtimeAssembly == nil {
      chain?.runtimeAssembly = reason
      chain?.runtimeOffset =
        base + (piece.offsets.firstIndex(atLeast: piece.runtimeOffset) ?? piece.runtimeOffset)
    }
    // A chain cut at an earlier piece keeps no more text.
    if chain?.cutOffset == nil {
      if base == 0 {
        // The first piece: handed over, not copied (a huge literal is held once).
        chain?.text = piece.text
        chain?.hostOffsets = piece.offsets
      } else {
        chain?.text += piece.text
        chain?.hostOffsets?.append(contentsOf: piece.offsets)
      }
      if piece.isCut { chain?.cutOffset = base + piece.text.count }
    }
    chain?.literalEnd = index
    chainEnd = index
  }

  /// Whether only whitespace, comments and one `+` (Swift) or nothing (Objective-C) separate
  /// `start` from the end of the previous piece.
  private func joinsPrevious(from start: Int) -> Bool {
    var plus = 0
    var i = chainEnd
    while i < start {
      if bytes[i] == UInt8(ascii: "/") && byte(i + 1) == UInt8(ascii: "/") {
        while i < start && bytes[i] != 10 { i += 1 }
        continue
      }
      if bytes[i] == UInt8(ascii: "/") && byte(i + 1) == UInt8(ascii: "*") {
        i += 2
        while i < start && !(bytes[i - 1] == UInt8(ascii: "*") && bytes[i] == UInt8(ascii: "/")) {
          i += 1
        }
        i += 1
        continue
      }
      if bytes[i] == UInt8(ascii: "+") { plus += 1 } else if !isSpace(bytes[i]) { return false }
      i += 1
    }
    return language == .swift ? plus == 1 : plus == 0
  }

  private func precededByPlus(_ start: Int) -> Bool {
    var i = start - 1
    while i >= 0 && isSpace(bytes[i]) { i -= 1 }
    guard
      byte(i) == UInt8(ascii: "+")
        || (byte(i) == UInt8(ascii: "=") && byte(i - 1) == UInt8(ascii: "+"))
    else { return false }
    return true
  }

  /// A non-space byte after a piece: a `+` that is followed by a non-literal is run-time.
  private mutating func closeChainIfNeeded(at i: Int) {
    guard chain != nil else { return }
    if bytes[i] == UInt8(ascii: "+") && byte(i + 1) != UInt8(ascii: "=") {
      let next = byte(nextTokenStart(after: i + 1))
      let literalNext =
        next == UInt8(ascii: "\"") || next == UInt8(ascii: "#") || next == UInt8(ascii: "@")
      if !literalNext, chain?.runtimeAssembly == nil {
        chain?.runtimeAssembly = "text concatenated with a non-literal value"
        let count = chain?.text.count ?? 1
        chain?.runtimeOffset = max(count - 1, 0)
      }
      if literalNext { return }
    }
    closeChain()
  }

  /// The offset of the next byte that is neither whitespace nor inside a comment.
  private func nextTokenStart(after start: Int) -> Int {
    var j = start
    while j < bytes.count {
      if isSpace(bytes[j]) {
        j += 1
      } else if bytes[j] == UInt8(ascii: "/") && byte(j + 1) == UInt8(ascii: "/") {
        while j < bytes.count && bytes[j] != 10 { j += 1 }
      } else if bytes[j] == UInt8(ascii: "/") && byte(j + 1) == UInt8(ascii: "*") {
        j += 2
        while j < bytes.count
          && !(bytes[j - 1] == UInt8(ascii: "*") && bytes[j] == UInt8(ascii: "/"))
        { j += 1 }
        j += 1
      } else {
        return j
      }
    }
    return j
  }

  private mutating func closeChain() {
    guard var kernel = chain else { return }
    chain = nil
    defer { chainPlaceholderBytes = 0 }
    guard HostExtractor.looksLikeKernel(kernel.text) else {
      interpolationBudget += chainPlaceholderBytes
      return
    }
    kernel.hostOffsets?.append(kernel.literalEnd)
    kernels.append(kernel)
  }

  /// Whether decoded text looks like kernel source (not an arbitrary string).
  /// Searched in the bytes, so that a huge literal is not copied into a `String` to decide.
  static func looksLikeKernel(_ text: [UInt8]) -> Bool {
    guard text.count >= 12 else { return false }
    return text.withUnsafeBufferPointer { buffer in
      for i in buffer.indices where markerStarts[Int(buffer[i])] {
        for marker in kernelMarkers where marker[0] == buffer[i] && i + marker.count <= buffer.count
        {
          if marker.indices.allSatisfy({ buffer[i + $0] == marker[$0] }) { return true }
        }
      }
      return false
    }
  }

  /// Text that only kernel source holds.
  private static let kernelMarkers: [[UInt8]] = [
    "kernel vec4", "kernel vec2", "kernel float4", "kernel half4", "coreimage::",
    "[[stitchable]]", "metal_stdlib", "CoreImage.h", "__sample", "__color", "sample_t",
  ].map { Array($0.utf8) }

  /// Whether a marker starts with the byte at each index.
  private static let markerStarts: [Bool] = (0..<256).map { (byte: Int) in
    kernelMarkers.contains { Int($0[0]) == byte }
  }
}
