import Synchronization

/// Collects the messages a C library reports for one handle (thread-safe: chunks are decoded
/// and encoded on several threads).
final class LibraryMessages: Sendable {
  private let storage = Mutex<[String]>([])

  /// Records one message.
  func append(_ message: String) {
    let trimmed = message.trimmingTrailingNewlines()
    guard !trimmed.isEmpty else { return }
    storage.withLock { $0.append(trimmed) }
  }

  /// All messages joined with `; `, or nil if there were none.
  var joined: String? {
    storage.withLock { $0.isEmpty ? nil : $0.joined(separator: "; ") }
  }

  /// The most recent message, or nil.
  var last: String? { storage.withLock { $0.last } }

  /// How many messages have been recorded: the mark of an operation about to start, for
  /// ``last(since:)``.
  var count: Int { storage.withLock { $0.count } }

  /// The most recent message recorded after `mark` (a ``count``), or nil: what the library
  /// said during one operation, not a message left over from an earlier call.
  func last(since mark: Int) -> String? {
    storage.withLock { $0.count > mark ? $0.last : nil }
  }

  /// The first message containing `text`, or nil.
  func first(containing text: String) -> String? {
    storage.withLock { $0.first { $0.contains(text) } }
  }

  /// A raw pointer to pass as the C library's `user_data` (the caller keeps `self` alive).
  var opaque: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

  /// The collector behind a `user_data` pointer made by ``opaque``.
  static func from(_ pointer: UnsafeRawPointer?) -> LibraryMessages? {
    pointer.map { Unmanaged<LibraryMessages>.fromOpaque($0).takeUnretainedValue() }
  }
}

extension String {
  fileprivate func trimmingTrailingNewlines() -> String {
    var text = Substring(self)
    while let last = text.last, last.isNewline { text = text.dropLast() }
    return String(text)
  }
}
