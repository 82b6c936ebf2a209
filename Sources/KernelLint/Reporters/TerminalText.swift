/// Text from files (titles, names, keywords, echoed source lines) made safe for a terminal or a
/// CI log: control characters (C0, DEL, C1) become `\t`, `\n`, `\r`, `\e` or `\u{XX}`
/// escapes, so a file cannot move the cursor, retitle the terminal or start a new log line.
/// Used by the text reporters here and by the `edrcube` tool for everything it prints as text
/// (JSON and SARIF stay exact: their encoders escape control characters themselves).
public enum TerminalText {
  /// `text` with every control character escaped; other characters unchanged.
  public static func escaped(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      guard isControl(scalar) else {
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

  /// An echoed source line: control characters escaped except tabs (the caret line below
  /// copies them), and a line whose first non-blank characters are `::` (a GitHub Actions
  /// workflow command, which the runner recognises after leading blanks) shown with a
  /// backslash in front, so a kernel cannot issue commands through the log.
  public static func echoedLine(_ text: String) -> String {
    let safe = text.split(separator: "\t", omittingEmptySubsequences: false)
      .map { escaped(String($0)) }.joined(separator: "\t")
    let blanks = safe.prefix { $0 == " " || $0 == "\t" }
    return safe.dropFirst(blanks.count).hasPrefix("::")
      ? blanks + "\\" + safe.dropFirst(blanks.count) : safe
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
