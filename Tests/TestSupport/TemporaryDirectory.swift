import Foundation

/// A fresh directory under the system temporary folder, removed when `body` returns.
public func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
  let url = FileManager.default.temporaryDirectory
    .appendingPathComponent("edrcube-test-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: url) }
  return try body(url)
}
