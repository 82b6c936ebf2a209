import Foundation
import KernelLint
import Testing

/// Issue 40 R15 and the bidi findings: text from files is made safe on every text path
/// (docs/reliability.md §3.5). The characters are Unicode's bidirectional formatting
/// characters (UAX #9, table 4) and GitHub's workflow-command syntax (`::name::message` at the
/// start of a line).
@Suite struct TerminalTextTests {
  /// Every bidirectional formatting character, and the line and paragraph separators.
  static let invisible: [UInt32] = [
    0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066,
    0x2067, 0x2068, 0x2069,
  ]

  @Test func bidirectionalControlsAreEscaped() {
    for value in Self.invisible {
      let scalar = Unicode.Scalar(value)!
      let text = "a" + String(Character(scalar)) + "b"
      let hex = String(value, radix: 16, uppercase: true)
      #expect(TerminalText.escaped(text) == "a\\u{\(hex)}b")
      #expect(!TerminalText.escaped(text).unicodeScalars.contains(scalar))
    }
    // Other non-ASCII text is kept: only layout controls are escaped.
    #expect(TerminalText.escaped("ΔE_ITP → 1000 cd/m²") == "ΔE_ITP → 1000 cd/m²")
  }

  @Test func aLineStartingAWorkflowCommandIsDefused() {
    #expect(TerminalText.line("::error::pwned.cube: error") == "\\::error::pwned.cube: error")
    #expect(TerminalText.line("  ::add-mask::x") == "  \\::add-mask::x")
    #expect(TerminalText.line("a ::error::x") == "a ::error::x")
    #expect(
      TerminalText.lines("ok\n::warning::x\n\t::error::y\n")
        == "ok\n\\::warning::x\n\\t::error::y\n")
  }

  /// JSON keeps the exact string: the escapes decode back to the same characters.
  @Test func jsonEscapesDecodeToTheSameText() throws {
    let name = "k\u{202E}txt.metal\u{2066}"
    let data = try JSONEncoder().encode(["file": name])
    let safe = TerminalText.json(String(decoding: data, as: UTF8.self))
    #expect(safe == #"{"file":"k\u202Etxt.metal\u2066"}"#)
    let back = try JSONDecoder().decode([String: String].self, from: Data(safe.utf8))
    #expect(back["file"] == name)
  }
}
