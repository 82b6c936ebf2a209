internal import COpenEXR

/// Starts the kernel writing a file's pages to disk while the writer is still producing
/// them, every `interval` bytes, so the `fsync` that completes an atomic write
/// (`AtomicFileWriter`) waits for the last few megabytes instead of the whole file. Purely a
/// speed hint: a failure to open or hint is ignored and changes nothing about the result.
/// Used by one thread at a time (the writer's serial queue), hence `@unchecked Sendable`.
final class WritebackStarter: @unchecked Sendable {
  /// Bytes between hints.
  static let interval = 8 << 20

  private let descriptor: Int32
  private var pending = 0

  /// Hints for the file open as `descriptor` (the writer's; this does not close it).
  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Notes `bytes` more written; hints when `interval` bytes have accumulated.
  func wrote(_ bytes: Int) {
    pending += bytes
    guard pending >= Self.interval, descriptor >= 0 else { return }
    pending = 0
    _ = rasterio_start_writeback(descriptor)
  }
}
