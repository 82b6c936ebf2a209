import ColorMath

/// What a cube's own words (TITLE, comments, file name) say about its spaces, read with the
/// table of ``SpaceName`` (docs/space-names.md).
///
/// Each text is cut into words: runs of letters and digits, split again where a lower-case
/// letter or a digit meets an upper-case one (`SLog3SGamut3` → `SLog3`, `SGamut3`). A name
/// matches one or more whole consecutive words (`S-Log3`, `S_Log3`, `slog3`), longest first,
/// never part of a word. The first `to` (or `->`; not `to be`) divides a text into the input's side and
/// the output's; without one, a display curve named after a camera curve is the output. The
/// input is the first text, in the order TITLE, comments, file name, that names a camera or
/// log curve on its input side, else the first that names a display curve there; the output the first that names an output and whose input side names no curve or
/// the same one; either side's primaries are the first gamut named on that side, else those
/// of the name itself, else the curve's own.
public struct SpaceWords: Sendable, Hashable {
  /// Where a text came from.
  public enum Source: String, Sendable, Hashable {
    /// The TITLE keyword.
    case title = "TITLE"
    /// A `#` comment.
    case comment
    /// The file's name.
    case fileName = "file name"
  }

  /// The spaces read.
  public var spaces: CubeSpacePair
  /// Whether a text named the output (else the output is the input).
  public var namesOutput: Bool
  /// Whether the output's primaries were named (by a gamut or a display name).
  public var namesOutputPrimaries: Bool
  /// Where the input was named.
  public var source: Source
  /// The text that named it (at most 80 characters).
  public var text: String

  /// Reads the texts in order; nil when none names an input curve.
  public init?(texts: [(Source, String)]) {
    let read = texts.map { ($0.0, $0.1, Self.sides(of: $0.1)) }
    // A camera or log name anywhere beats a display name (`AgX_Formation sRGB` names the
    // display the look forms, its comment the Log2 it expects).
    let camera = read.first(where: { $0.2.input.transfer.map { !Self.isDisplay($0) } ?? false })
    guard
      let first = camera ?? read.first(where: { $0.2.input.transfer != nil }),
      let inputTransfer = first.2.input.transfer
    else { return nil }
    let inputPrimaries = first.2.input.gamut ?? first.2.input.primaries
    let input = CubeSpace(inputTransfer, primaries: inputPrimaries)
    var output = input
    namesOutput = false
    namesOutputPrimaries = false
    // The output: from a text whose input side names no curve or the same one (a file
    // name `Cineon_to_Kodak_2383` says nothing of a cube whose comment says VLOG).
    let outputs = read.map(\.2).filter {
      $0.output.transfer != nil && ($0.input.transfer == nil || $0.input.transfer == inputTransfer)
    }
    if let after = outputs.first?.output, let transfer = after.transfer {
      let primaries = after.gamut ?? after.primaries
      output = CubeSpace(transfer, primaries: primaries)
      namesOutput = true
      namesOutputPrimaries = primaries != nil
    }
    spaces = CubeSpacePair(input, output: output)
    source = first.0
    text = String(first.1.prefix(80))
  }

  /// The texts of a cube: its TITLE, its comments (the `# EDRCube space:` one aside, which
  /// is read first) and its file name without the extension.
  public static func texts(title: String?, comments: [String], fileName: String?) -> [(
    Source, String
  )] {
    var texts: [(Source, String)] = []
    if let title { texts.append((.title, title)) }
    let prefix = CubeSpace.commentPrefix.lowercased()
    for comment in comments
    where !comment.trimmingLeadingSpaces.lowercased().hasPrefix(prefix) {
      texts.append((.comment, comment))
    }
    if let fileName {
      let base = fileName.split(separator: "/").last.map(String.init) ?? fileName
      let stem = base.split(separator: ".", omittingEmptySubsequences: false).dropLast()
      texts.append((.fileName, stem.isEmpty ? base : stem.joined(separator: ".")))
    }
    return texts
  }

  /// What one side of a text names: its first curve (and that name's primaries) and its first
  /// gamut.
  struct Side {
    var transfer: TransferFunction?
    var primaries: NamedPrimaries?
    var gamut: NamedPrimaries?
  }

  /// The input's side and the output's side of a text. Without a `to`, a display curve
  /// (srgb, bt1886, pq, hlg) named after a camera curve is the output (`flog-bt709`,
  /// `SLog3 Rec709`).
  static func sides(of text: String) -> (input: Side, output: Side) {
    let words = Self.words(text)
    var input = Side()
    var output = Side()
    var afterTo = false
    var i = 0
    while i < words.count {
      // `to` divides the text, but not in "expects input to be …".
      if words[i] == "to" && !afterTo && words[safe: i + 1] != "be" {
        afterTo = true
        i += 1
        continue
      }
      let found = longestName(in: words, at: i)
      if found == nil, !afterTo, let (from, to) = pairWord(words[i]) {
        // `logc2video`: one word for "LogC to Video".
        (input.transfer, input.primaries) = (from.transfer, from.primaries)
        (output.transfer, output.primaries) = (to.transfer, to.primaries)
        afterTo = true
        i += 1
        continue
      }
      guard let (name, length) = found else {
        i += 1
        continue
      }
      i += length
      let afterCamera = input.transfer.map { !Self.isDisplay($0) } ?? false
      if !afterTo && name.outputOnly && !afterCamera { continue }
      if let transfer = name.transfer {
        let follows = !afterTo && afterCamera && Self.isDisplay(transfer)
        if afterTo || follows, output.transfer == nil {
          (output.transfer, output.primaries) = (transfer, name.primaries)
        } else if !afterTo, input.transfer == nil {
          (input.transfer, input.primaries) = (transfer, name.primaries)
        }
      } else if afterTo {
        output.gamut = output.gamut ?? name.primaries
      } else {
        input.gamut = input.gamut ?? name.primaries
      }
    }
    return (input, output)
  }

  /// Whether a curve is a display encoding: SDR or HDR.
  static func isDisplay(_ transfer: TransferFunction) -> Bool { transfer.isSDR || transfer.isHDR }

  /// The longest table name made of whole words from `index` on, and how many words it takes.
  static func longestName(in words: [String], at index: Int) -> (SpaceName, Int)? {
    var joined = ""
    var best: (SpaceName, Int)?
    for j in index..<min(words.count, index + 6) {
      joined += words[j]
      if joined.count > longestKey { break }
      if let name = byKey[joined] { best = (name, j - index + 1) }
    }
    return best
  }

  /// A word that joins an input curve's name and another curve's name with `2`
  /// (`logc2video`): the two names.
  static func pairWord(_ word: String) -> (SpaceName, SpaceName)? {
    for index in word.indices where word[index] == "2" {
      let left = String(word[..<index])
      let right = String(word[word.index(after: index)...])
      if let from = byKey[left], from.transfer != nil, !from.outputOnly,
        let to = byKey[right], to.transfer != nil
      {
        return (from, to)
      }
    }
    return nil
  }

  static let byKey: [String: SpaceName] = Dictionary(
    SpaceName.table.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
  static let longestKey = SpaceName.table.map(\.key.count).max() ?? 0

  /// The text's words, lower case: letters and digits, cut at every other character, at
  /// `->` (which reads as `to`), and where a lower-case letter or a digit meets an upper-case
  /// one.
  static func words(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    var previous: Character?
    func flush() {
      if !current.isEmpty { words.append(current.lowercased()) }
      current = ""
    }
    let spaced = text.replacingArrows
    for c in spaced {
      let isWord = c.isASCII && (c.isLetter || c.isNumber)
      if !isWord {
        flush()
      } else {
        if c.isUppercase, let p = previous, p.isLowercase || p.isNumber { flush() }
        current.append(c)
      }
      previous = isWord ? c : nil
    }
    flush()
    return words
  }
}

extension Array where Element == String {
  /// The element at `index`, nil past the end.
  fileprivate subscript(safe index: Int) -> String? { indices.contains(index) ? self[index] : nil }
}

extension String {
  /// The text with `->` and `→` written as ` to `.
  fileprivate var replacingArrows: String {
    var out = ""
    var previous: Character?
    for c in self {
      if c == ">" && previous == "-" {
        out.removeLast()
        out += " to "
      } else if c == "→" {
        out += " to "
      } else {
        out.append(c)
      }
      previous = c
    }
    return out
  }
}
