/// A failure as a `--json` run prints it on standard output (docs/semantics.md §8):
/// `{"error": {"file": …, "line": …, "column": …, "message": …}}`, beside the keys of the
/// command's summary when the failure carries one (`apply` after a batch with failed files).
extension CLIFailure {
  /// Where a failure happened and what it says; `null` for what the message does not name.
  struct Report: Encodable, Sendable {
    var file: String?
    var line: Int?
    var column: Int?
    var message: String

    enum CodingKeys: CodingKey { case file, line, column, message }

    /// Every key is always present (`null` where there is no value).
    func encode(to encoder: any Encoder) throws {
      var c = encoder.container(keyedBy: CodingKeys.self)
      try c.encode(file, forKey: .file)
      try c.encode(line, forKey: .line)
      try c.encode(column, forKey: .column)
      try c.encode(message, forKey: .message)
    }
  }

  /// The parts of the tool's one diagnostic form, `FILE[:LINE[:COLUMN]]: error: MESSAGE`
  /// (`edrcube: error: …` names no file); the message's first line only.
  var report: Report {
    let firstLine = message.split(separator: "\n", omittingEmptySubsequences: false)[0]
    guard let marker = firstLine.firstRange(of: ": error: ") else {
      return Report(message: String(firstLine))
    }
    var place = firstLine[..<marker.lowerBound]
    var numbers: [Int] = []
    while numbers.count < 2, let colon = place.lastIndex(of: ":"),
      let number = Int(place[place.index(after: colon)...])
    {
      numbers.insert(number, at: 0)
      place = place[..<colon]
    }
    return Report(
      file: place == "edrcube" ? nil : String(place), line: numbers.first,
      column: numbers.count == 2 ? numbers[1] : nil,
      message: String(firstLine[marker.upperBound...]))
  }

  /// Writes the failure as one JSON object on standard output.
  func printJSON() throws {
    try Console.json(JSONFailure(error: report, summary: summary))
  }
}

/// `{"error": …}` plus the summary's keys, in one object.
private struct JSONFailure: Encodable {
  var error: CLIFailure.Report
  var summary: (any Encodable & Sendable)?

  enum CodingKeys: CodingKey { case error }

  func encode(to encoder: any Encoder) throws {
    try summary?.encode(to: encoder)
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(error, forKey: .error)
  }
}
