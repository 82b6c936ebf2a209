/// How a `.cube` file is spelled, beyond what ``CubeFile`` models: which keywords appear, in
/// which letter case and order, and where comments sit. Other readers are stricter than
/// EDRCube's about exactly these things (``CubeFile/readerVerdicts(survey:)``).
public struct CubeSyntaxSurvey: Sendable, Hashable {
  /// One keyword line.
  public struct KeywordLine: Sendable, Hashable {
    /// The keyword.
    public var keyword: CubeKeyword
    /// Whether it is spelled in upper case.
    public var isUpperCase: Bool
    /// Whether blanks precede it on its line.
    public var isIndented: Bool
  }

  /// The keyword lines, in file order.
  public var keywords: [KeywordLine] = []
  /// Whether a `#` comment line follows the first table row.
  public var hasCommentAfterData = false
  /// Whether a row or keyword line ends in a `# …` comment.
  public var hasTrailingComment = false

  /// Surveys `text`, the file's contents (lines end in LF, CR or CRLF).
  public init(text: some StringProtocol) {
    var dataStarted = false
    for rawLine in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
      let line = rawLine.drop { $0 == " " || $0 == "\t" }
      guard let first = line.first else { continue }
      if first == "#" {
        if dataStarted { hasCommentAfterData = true }
        continue
      }
      if line.contains("#") { hasTrailingComment = true }
      let word = line.prefix { $0 != " " && $0 != "\t" && $0 != "#" }
      if let keyword = CubeKeyword(rawValue: word.uppercased()) {
        keywords.append(
          KeywordLine(
            keyword: keyword, isUpperCase: word == keyword.rawValue,
            isIndented: line.startIndex != rawLine.startIndex))
      } else if first.isNumber || first == "-" || first == "+" || first == "." {
        dataStarted = true
      }
    }
  }

  /// Whether `keyword` appears.
  public func has(_ keyword: CubeKeyword) -> Bool { keywords.contains { $0.keyword == keyword } }

  /// The position of `keyword`'s first line among the keyword lines, or nil.
  func position(of keyword: CubeKeyword) -> Int? {
    keywords.firstIndex { $0.keyword == keyword }
  }
}
