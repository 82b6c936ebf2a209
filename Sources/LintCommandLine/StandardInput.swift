import Foundation

/// Standard input read with bounds, so `eval` and `lint --stdin` fed from `/dev/zero` or a
/// runaway pipe fail quickly instead of growing without limit (docs/reliability.md §4).
/// Shared by `lint` and `edrcube eval`.
public enum StandardInput {
  /// The longest `eval` line, in bytes (a triple needs well under 100).
  public static let evalLineLimit = 4096
  /// The most `eval` reads in all, in bytes (1 GiB; lines are streamed, so this bounds time).
  public static let evalTotalLimit = 1 << 30
  /// The most `lint --stdin` reads, in bytes (64 MiB).
  public static let lintTotalLimit = 64 << 20

  private static let chunk = 1 << 16

  /// Reads all of standard input, failing once more than `limit` bytes arrive.
  public static func readAll(limit: Int) throws -> [UInt8] {
    var bytes: [UInt8] = []
    try readChunks(totalLimit: limit) { bytes += $0 }
    return bytes
  }

  /// Calls `body` with each line (without its line break) and its 1-based number, failing on
  /// a line longer than `lineLimit` or on more than `totalLimit` bytes in all.
  public static func forEachLine(
    lineLimit: Int, totalLimit: Int, _ body: (String, Int) throws -> Void
  ) throws {
    var pending: [UInt8] = []
    var number = 0
    func finish(_ line: ArraySlice<UInt8>) throws {
      number += 1
      let text = line.last == 0x0D ? line.dropLast() : line
      try body(String(decoding: text, as: UTF8.self), number)
    }
    try readChunks(totalLimit: totalLimit) { chunk in
      var start = chunk.startIndex
      while let newline = chunk[start...].firstIndex(of: 0x0A) {
        pending += chunk[start..<newline]
        try check(pending.count, lineLimit, line: number + 1)
        try finish(pending[...])
        pending.removeAll(keepingCapacity: true)
        start = newline + 1
      }
      pending += chunk[start...]
      try check(pending.count, lineLimit, line: number + 1)
    }
    if !pending.isEmpty { try finish(pending[...]) }
  }

  private static func check(_ count: Int, _ limit: Int, line: Int) throws {
    guard count <= limit else {
      throw StandardInputError("<stdin>:\(line): error: line longer than \(limit) bytes")
    }
  }

  private static func readChunks(totalLimit: Int, _ body: ([UInt8]) throws -> Void) throws {
    var total = 0
    var buffer = [UInt8](repeating: 0, count: chunk)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else {
        if count < 0 {
          throw StandardInputError(
            "<stdin>: error: cannot read standard input: \(String(cString: strerror(errno)))")
        }
        return
      }
      total += count
      guard total <= totalLimit else {
        throw StandardInputError(
          "<stdin>: error: standard input is longer than \(totalLimit) bytes")
      }
      try body(Array(buffer[..<count]))
    }
  }
}

/// Standard input broke a bound, or could not be read: `<stdin>:LINE: error: …`.
public struct StandardInputError: Error, CustomStringConvertible {
  /// The message, with `<stdin>` and the line where there is one.
  public let message: String

  init(_ message: String) { self.message = message }

  /// The message.
  public var description: String { message }
}
