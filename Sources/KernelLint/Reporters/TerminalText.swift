/// Text from files (titles, names, keywords, echoed source lines) made safe for a terminal or a
/// CI log: control characters (C0, DEL, C1) become `\t`, `\n`, `\r`, `\e` or `\u{XX}`
/// escapes, so a file cannot move the cursor, retitle the terminal or start a new log line;
/// bidirectional controls (U+061C, U+200E/F, U+202A…E, U+2066…9) and the Unicode line and
/// paragraph separators become `\u{XXXX}` too, so a name cannot reorder what a reader sees
/// (Trojan Source); and a line that would start with `::` (a GitHub Actions workflow command)
/// gets a backslash in front. Used by the text reporters here and by the `edrcube` tool for
/// everything it prints as text; JSON and SARIF keep the exact strings, with the same
/// characters written as `\uXXXX` escapes (``json(_:)``). docs/reliability.md §3.5.
public enum TerminalText {
  /// `text` with every control, bidirectional control and line separator escaped; other
  /// characters unchanged.
  public static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      guard needsEscape(scalar) else {
        out.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\t": out += "\\t"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\u{1B}": out += "\\e"
      default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      }
    }
    return out
  }

  /// One line of output that starts with text from a file (a path, a name): ``escaped(_:)``,
  /// and a backslash in front when its first non-blank characters are `::`, which the GitHub
  /// Actions runner would take for a workflow command (`::error::`, `::add-mask::`…).
  public static func line(_ text: String) -> String {
    defused(escaped(text))
  }

  /// Several lines (`\n`-separated, a trailing newline kept), each made safe by ``line(_:)``.
  public static func lines(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsEscape) || text.contains("::") else {
      return text
    }
    return text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { line(String($0)) }.joined(separator: "\n")
  }

  /// An echoed source line: control characters escaped except tabs (the caret line below
  /// copies them), and defused like ``line(_:)``, so a kernel cannot issue commands through
  /// the log.
  public static func echoedLine(_ text: String) -> String {
    defused(
      text.split(separator: "\t", omittingEmptySubsequences: false)
        .map { escaped(String($0)) }.joined(separator: "\t"))
  }

  /// Encoded JSON text with the bidirectional controls and line separators written as
  /// `\uXXXX` escapes (outside strings JSON has none of them, so the document still decodes
  /// to the same values; the encoder already escapes the other control characters).
  public static func json(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isInvisibleLayout) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      if isInvisibleLayout(scalar) {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// `safe` (already escaped) with a backslash before a leading `::` (after blanks).
  private static func defused(_ safe: String) -> String {
    let blanks = safe.prefix { $0 == " " || $0 == "\t" }
    return safe.dropFirst(blanks.count).hasPrefix("::")
      ? blanks + "\\" + safe.dropFirst(blanks.count) : safe
  }

  private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || isInvisibleLayout(scalar)
  }

  /// Bidirectional formatting characters (the Trojan Source set: ALM, LRM, RLM, LRE…RLO,
  /// LRI…PDI) and U+2028/U+2029, which some viewers break lines at.
  private static func isInvisibleLayout(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
  }
}
