/// Reads `.cube` files (Adobe/IRIDAS 1.0 and Resolve dialects) from bytes.
///
/// One pass over the bytes, no per-line allocation on table rows, locale-independent number
/// parsing, and sizes validated before anything is allocated. Every rule of docs/semantics.md §2 is
/// applied: what it accepts is accepted (unusual but harmless things as `warnings`), what it
/// rejects throws a ``CubeParseError`` with the line and column to blame, at the first error.
///
/// Line breaks are LF, CRLF or a bare CR. A line is a table row when its first non-blank byte
/// is a digit, `+`, `-` or `.`; a `#` line is a comment; anything else is a keyword, and
/// keywords must all come before the first row.
///
/// Choices where docs/semantics.md is silent:
/// - A quoted `TITLE` is the text between the first and the last `"` of the line.
/// - A number token longer than 1024 bytes is rejected (`.tokenTooLong`), as is a line longer
///   than ``lineLengthLimit`` (`.lineTooLong`), so hostile input fails fast in bounded memory.
/// - The per-line warnings (`lineTooLong`, `trailingComment`) are reported once, at the first
///   such line; the others at every occurrence.
/// - Too few rows are blamed on the last table row (column 1); no size, on the first row.
/// - The dialect is ``CubeDialect/resolve`` when the file has a shaper, an INPUT_RANGE (even
///   one ignored for a missing table) or a video-range flag, ``CubeDialect/adobe`` otherwise.
/// - A line whose first token is neither a number, a `#` nor an identifier-like keyword is
///   an error (`.unexpectedText`), not an unknown keyword.
public enum CubeReader {
  /// The longest line accepted, in bytes; a longer one throws `.lineTooLong` (bounded memory).
  public static let lineLengthLimit = CubeParser.defaultLineLimit
  /// How many warnings a ``CubeFile`` keeps; later ones are counted in
  /// ``CubeFile/omittedWarnings``.
  public static let keptWarningLimit = 100
  /// How many header comments a ``CubeFile`` keeps; later ones are counted in
  /// ``CubeFile/omittedComments``.
  public static let keptCommentLimit = 100
  /// How many bytes of header comments a ``CubeFile`` keeps in all (64 KiB); a comment that
  /// would pass it is counted in ``CubeFile/omittedComments`` instead.
  public static let keptCommentBytes = 1 << 16

  /// Parses a whole `.cube` file held in memory.
  /// - Parameters:
  ///   - bytes: the file's bytes, exactly as stored (BOM, line breaks and all).
  ///   - file: the path to name in errors and warnings; `nil` for in-memory input.
  /// - Returns: the tables, metadata and warnings.
  /// - Throws: ``CubeParseError`` at the first problem.
  /// - Complexity: O(n) in the number of bytes.
  public static func parse(_ bytes: UnsafeRawBufferPointer, file: String? = nil)
    throws(CubeParseError) -> CubeFile
  {
    var parser = CubeParser(file: file, inputSizeHint: bytes.count)
    try parser.consume(bytes.assumingMemoryBound(to: UInt8.self))
    return try parser.finish()
  }

  /// Parses a whole `.cube` file from any collection of bytes (contiguous ones are not
  /// copied).
  /// - Parameters:
  ///   - bytes: the file's bytes.
  ///   - file: the path to name in errors and warnings; `nil` for in-memory input.
  /// - Returns: the tables, metadata and warnings.
  /// - Throws: ``CubeParseError`` at the first problem.
  public static func parse(_ bytes: some Collection<UInt8>, file: String? = nil)
    throws(CubeParseError) -> CubeFile
  {
    let result = bytes.withContiguousStorageIfAvailable { buffer in
      Result { () throws(CubeParseError) in try parse(UnsafeRawBufferPointer(buffer), file: file) }
    }
    if let result { return try result.get() }
    return try parse(Array(bytes), file: file)
  }

  /// Parses `.cube` text (its UTF-8 bytes).
  /// - Parameters:
  ///   - text: the file's text.
  ///   - file: the path to name in errors and warnings; `nil` for in-memory input.
  /// - Returns: the tables, metadata and warnings.
  /// - Throws: ``CubeParseError`` at the first problem.
  public static func parse(text: String, file: String? = nil) throws(CubeParseError) -> CubeFile {
    try parse(Array(text.utf8), file: file)
  }
}
