import Foundation

/// Splices `#include "file.h"` into the token stream before preprocessing (docs/lint-rules.md §2,
/// LINT003): the file is looked up next to the including file, then in the configured
/// include paths. Included tokens report the range of the `#include` line (like macro
/// expansions: findings land on the directive, no fix-its there). A file that is not found
/// keeps its directive, which the preprocessor reports as partial analysis.
///
/// Includes are confined (docs/reliability.md §4): an absolute name is never followed, and a
/// file is read only inside the linted file's folder or a configured include path, by name
/// and with every symbolic link resolved, so a kernel cannot pull `../../etc/passwd` into
/// findings, nor reach it through a link inside the tree.
struct IncludeExpander {
  /// Reads a file's bytes by path; nil if it cannot be read.
  typealias Loader = @Sendable (String) -> [UInt8]?

  /// Directories searched after the including file's own (`preprocessor.includePaths`).
  var searchPaths: [String] = []
  /// Reads included files.
  var load: Loader

  /// Nested includes beyond this depth are left unresolved.
  static let depthLimit = 16

  /// `tokens` (ending with `.endOfFile`) of a file in `directory`, includes spliced in.
  func expand(_ tokens: [Token], directory: String) -> [Token] {
    let hasInclude = tokens.indices.contains { i in
      tokens[i].isPunct("#") && i + 1 < tokens.count && tokens[i + 1].isIdent("include")
    }
    guard hasInclude else { return tokens }
    var budget = Lexer.tokenLimit - tokens.count
    var stack: [String] = []
    var confined = self
    confined.roots = ([directory] + searchPaths).map { Self.join($0, ".") }
    return confined.expand(tokens, directory: directory, site: nil, stack: &stack, budget: &budget)
  }

  /// The folders includes may be read from (set by ``expand(_:directory:)``).
  var roots: [String] = []

  private func expand(
    _ tokens: [Token], directory: String, site: Range<Int>?, stack: inout [String],
    budget: inout Int
  ) -> [Token] {
    var result: [Token] = []
    result.reserveCapacity(tokens.count)
    var i = 0
    while i < tokens.count {
      let t = tokens[i]
      if t.isPunct("#"), t.isAtLineStart, i + 2 < tokens.count, tokens[i + 1].isIdent("include"),
        tokens[i + 2].kind == .string, !tokens[i + 2].isAtLineStart,
        let name = Self.fileName(tokens[i + 2].text),
        let (path, bytes) = find(name, from: directory),
        stack.count < Self.depthLimit, budget > 0
      {
        if stack.contains(path) {
          i += 3  // a file including itself (directly or not): already being spliced
          continue
        }
        let directive = t.range.lowerBound..<tokens[i + 2].range.upperBound
        var included = Lexer.tokenize(bytes).tokens
        included.removeLast()  // .endOfFile
        budget -= included.count
        stack.append(path)
        let nested = expand(
          included, directory: Self.directory(of: path), site: site ?? directive, stack: &stack,
          budget: &budget)
        stack.removeLast()
        result += nested
        i += 3
        continue
      }
      result.append(relocated(t, site))
      i += 1
    }
    return result
  }

  private func relocated(_ token: Token, _ site: Range<Int>?) -> Token {
    guard let site, token.kind != .endOfFile else { return token }
    var copy = token
    copy.range = site
    copy.isFromMacro = true
    return copy
  }

  private func find(_ name: String, from directory: String) -> (String, [UInt8])? {
    guard !name.hasPrefix("/") else { return nil }
    let candidates = ([directory] + searchPaths).map { Self.join($0, name) }
    for path in candidates
    where roots.contains(where: { Self.isInside(path, $0) && Self.staysInside(path, $0) }) {
      if let bytes = load(path) { return (path, bytes) }
    }
    return nil
  }

  /// Whether the normalised `path` lies inside the normalised folder `root`.
  static func isInside(_ path: String, _ root: String) -> Bool {
    if root == "." || root.isEmpty {
      return !path.hasPrefix("/") && path != ".." && !path.hasPrefix("../")
    }
    return path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
  }

  /// Whether `path` still lies inside `root` once the symbolic links of both are resolved (a
  /// path that does not exist resolves to itself, so this agrees with ``isInside(_:_:)``).
  static func staysInside(_ path: String, _ root: String) -> Bool {
    let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    let realRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
    return real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/")
  }

  /// The name inside `"…"` (escapes are not interpreted in include names).
  static func fileName(_ literal: String) -> String? {
    guard literal.count >= 3, literal.hasPrefix("\""), literal.hasSuffix("\"") else { return nil }
    return String(literal.dropFirst().dropLast())
  }

  /// The directory part of a path (`.` when there is none).
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// `directory/name` with `.` and `..` components resolved where possible.
  static func join(_ directory: String, _ name: String) -> String {
    let joined = directory.isEmpty || directory == "." ? name : directory + "/" + name
    var parts: [Substring] = []
    for part in joined.split(separator: "/", omittingEmptySubsequences: false) {
      if part == "." && !parts.isEmpty { continue }
      if part == "..", let last = parts.last, last != "..", last != ".", !last.isEmpty {
        parts.removeLast()
        continue
      }
      parts.append(part)
    }
    return parts.joined(separator: "/")
  }
}
