import CubeFormat
import Testing

/// docs/reliability.md §3.1, the malformed `.cube` corpus, with the toolkit column as the
/// expectation (docs/semantics.md §2 where the two differ: a 257 size is accepted with a warning and
/// an unknown keyword before the data is a warning). The long-line and binary-garbage rows
/// are in ``HostileInputTests``; `ok_size65` is the generated S4 case.
@Suite struct MalformedCorpusTests {
  struct Entry: Sendable, CustomTestStringConvertible {
    var id: String
    var bytes: [UInt8]
    var accept: Bool
    var warns = false
    var testDescription: String { id }
  }

  static let rows = String(repeating: "0 0 0\n", count: 8)
  static let long = "0." + String(repeating: "5", count: 298)
  static let huge = "0." + String(repeating: "5", count: 3998)

  static func entry(_ id: String, _ text: String, accept: Bool, warns: Bool = false) -> Entry {
    Entry(id: id, bytes: Array(text.utf8), accept: accept, warns: warns)
  }

  static let entries: [Entry] = [
    entry("ok_identity2", "LUT_3D_SIZE 2\n" + rows, accept: true),
    entry(
      "ok_title_domain", "TITLE \"t\"\nDOMAIN_MIN 0 0 0\nDOMAIN_MAX 1 1 1\nLUT_3D_SIZE 2\n" + rows,
      accept: true),
    entry("ok_crlf", "LUT_3D_SIZE 2\r\n" + rows.replacingNewlines("\r\n"), accept: true),
    entry("ok_no_final_newline", "LUT_3D_SIZE 2\n" + rows.dropLast(), accept: true),
    entry("ok_comments_ws", "# c\n\n  \t\n  LUT_3D_SIZE\t2\n# d\n" + rows, accept: true),
    entry(
      "ok_out_of_range_values", "LUT_3D_SIZE 2\n-0.5 2.0 1e3\n" + rows.dropFirst(6), accept: true),
    entry("ok_lowercase_keyword", "lut_3d_size 2\n" + rows, accept: true, warns: true),
    Entry(
      id: "bom_utf8", bytes: [0xEF, 0xBB, 0xBF] + Array(("LUT_3D_SIZE 2\n" + rows).utf8),
      accept: true, warns: true),
    entry("trunc_rows", "LUT_3D_SIZE 2\n" + rows.dropFirst(6), accept: false),
    entry("trunc_mid_row", "LUT_3D_SIZE 2\n" + rows.dropFirst(6) + "1 1\n", accept: false),
    entry("too_many_rows", "LUT_3D_SIZE 2\n" + rows + "0 0 0\n", accept: false),
    entry("four_values_row", "LUT_3D_SIZE 2\n0 0 0 0\n" + rows.dropFirst(6), accept: false),
    entry("size_0", "LUT_3D_SIZE 0\n" + rows, accept: false),
    entry("size_1", "LUT_3D_SIZE 1\n0 0 0\n", accept: false),
    entry("size_neg1", "LUT_3D_SIZE -1\n" + rows, accept: false),
    entry("size_100000", "LUT_3D_SIZE 100000\n" + rows, accept: false),
    entry("size_int_overflow", "LUT_3D_SIZE 99999999999999999999\n" + rows, accept: false),
    entry("size_missing", "LUT_3D_SIZE\n" + rows, accept: false),
    entry("size_float", "LUT_3D_SIZE 2.5\n" + rows, accept: false),
    entry("size_hex", "LUT_3D_SIZE 0x2\n" + rows, accept: false),
    entry("size_trailing_token", "LUT_3D_SIZE 2 2\n" + rows, accept: false),
    entry("size_1d_huge", "LUT_1D_SIZE 300001\n0 0 0\n0 0 0\n", accept: false),
    entry("no_size_keyword", rows, accept: false),
    entry("dup_size_same", "LUT_3D_SIZE 2\nLUT_3D_SIZE 2\n" + rows, accept: false),
    entry("dup_size_diff", "LUT_3D_SIZE 2\nLUT_3D_SIZE 3\n" + rows, accept: false),
    entry(
      "dup_domain", "DOMAIN_MIN 0 0 0\nDOMAIN_MIN 0.25 0.25 0.25\nLUT_3D_SIZE 2\n" + rows,
      accept: false),
    entry("both_1d_3d", "LUT_1D_SIZE 2\nLUT_3D_SIZE 2\n0 0 0\n1 1 1\n" + rows, accept: true),
    entry("keyword_after_data", "LUT_3D_SIZE 2\n0 0 0\nDOMAIN_MAX 1 1 1\n" + rows, accept: false),
    entry("unknown_keyword", "WRONG_TAG\nLUT_3D_SIZE 2\n" + rows, accept: true, warns: true),
    entry("resolve_input_range", "LUT_3D_SIZE 2\nLUT_3D_INPUT_RANGE 0 2\n" + rows, accept: true),
    entry("non_numeric", "LUT_3D_SIZE 2\nabc 0 0\n" + rows.dropFirst(6), accept: false),
    entry("nan_value", "LUT_3D_SIZE 2\nnan 0 0\n" + rows.dropFirst(6), accept: false),
    entry("inf_value", "LUT_3D_SIZE 2\n0 inf 0\n" + rows.dropFirst(6), accept: false),
    entry("float_overflow", "LUT_3D_SIZE 2\n0 0 1e39\n" + rows.dropFirst(6), accept: false),
    entry("hexfloat_value", "LUT_3D_SIZE 2\n0x1p-1 0 0\n" + rows.dropFirst(6), accept: false),
    entry(
      "domain_min_gt_max", "DOMAIN_MIN 1 1 1\nDOMAIN_MAX 0 0 0\nLUT_3D_SIZE 2\n" + rows,
      accept: false),
    entry(
      "domain_equal", "DOMAIN_MIN 1 1 1\nDOMAIN_MAX 1 1 1\nLUT_3D_SIZE 2\n" + rows, accept: false),
    entry("domain_nan", "DOMAIN_MIN nan 0 0\nLUT_3D_SIZE 2\n" + rows, accept: false),
    entry("domain_two_values", "DOMAIN_MIN 0 0\nLUT_3D_SIZE 2\n" + rows, accept: false),
    entry(
      "domain_long_token", "DOMAIN_MIN \(long) 0 0\nLUT_3D_SIZE 2\n" + rows, accept: true,
      warns: true),
    entry(
      "data_long_token", "LUT_3D_SIZE 2\n\(long) 0 0\n" + rows.dropFirst(6), accept: true,
      warns: true),
    entry("domain_token_4k", "DOMAIN_MIN \(huge) 0 0\nLUT_3D_SIZE 2\n" + rows, accept: false),
    entry("data_token_4k", "LUT_3D_SIZE 2\n\(huge) 0 0\n" + rows.dropFirst(6), accept: false),
    entry("size_2000", "LUT_3D_SIZE 2000\n" + rows, accept: false),
    entry("empty_file", "", accept: false),
    entry("only_comments", "# a\n# b\n", accept: false),
    entry("nul_byte", "LUT_3D_SIZE 2\n0 0\u{0} 0\n" + rows.dropFirst(6), accept: false),
    Entry(
      id: "invalid_utf8_comment",
      bytes: Array("# a".utf8) + [0xFF] + Array("\nLUT_3D_SIZE 2\n\(rows)".utf8), accept: true),
    Entry(
      id: "invalid_utf8_data",
      bytes: Array("LUT_3D_SIZE 2\n0 0 0".utf8) + [0xFF] + Array("\n\(rows.dropFirst(6))".utf8),
      accept: false),
    Entry(
      id: "exr_magic", bytes: [0x76, 0x2F, 0x31, 0x01, 0x02, 0x00, 0x00, 0x00] + Array(rows.utf8),
      accept: false),
  ]

  @Test(arguments: entries)
  func toolkitBehaviour(_ entry: Entry) {
    do {
      let file = try CubeReader.parse(entry.bytes, file: "\(entry.id).cube")
      #expect(entry.accept, "accepted")
      #expect(file.warnings.isEmpty == !entry.warns, "\(file.warnings)")
    } catch {
      #expect(!entry.accept, "\(error)")
      #expect(error.location.line >= 1)
    }
  }
}

extension MalformedCorpusTests {
  /// size_257: the size line is accepted (docs/semantics.md: 257–1024 with a warning), so a file
  /// without rows fails on the row count, not on the size.
  @Test func size257IsAcceptedOnItsLine() {
    guard case .failure(let error) = CubeTestData.parse("LUT_3D_SIZE 257\n") else {
      Issue.record("accepted")
      return
    }
    #expect(error.kind == .tooFewRows(expected: 257 * 257 * 257, found: 0))
  }
}

extension String {
  /// The text with every `\n` replaced by `newline`.
  fileprivate func replacingNewlines(_ newline: String) -> String {
    split(separator: "\n", omittingEmptySubsequences: false).joined(separator: newline)
  }
}
