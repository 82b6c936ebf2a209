internal import CTIFF
import Foundation

/// An open libtiff handle with its path and the messages libtiff reported for it; `TIFFClose`
/// runs exactly once, from ``close()`` or `deinit`. libtiff handles are not thread-safe: one
/// thread at a time uses it (strip writes are handed to a `BatchWriter` while the producing
/// thread leaves the handle alone), hence `@unchecked Sendable`.
final class TIFFHandle: @unchecked Sendable {
  /// The C handle.
  let tiff: OpaquePointer
  /// The file (for error messages).
  let path: String
  /// Errors and warnings libtiff reported for this handle only.
  let messages: LibraryMessages
  private var isClosed = false

  init(tiff: OpaquePointer, path: String, messages: LibraryMessages) {
    self.tiff = tiff
    self.path = path
    self.messages = messages
  }

  /// Closes the handle. The corresponding C function is `TIFFClose`.
  func close() {
    guard !isClosed else { return }
    isClosed = true
    TIFFClose(tiff)
  }

  deinit { close() }

  /// An error carrying libtiff's last message for this handle.
  func error(_ kind: RasterIOError.Kind, _ what: String) -> RasterIOError {
    RasterIOError(kind, path: path, what, libraryMessage: messages.last)
  }
}

/// Per-handle message capture: formats libtiff's printf-style message and records it.
private let captureMessage: TIFFErrorHandlerExtR = { _, userData, module, format, arguments in
  guard let format, let arguments else { return 1 }
  var buffer = [CChar](repeating: 0, count: 1024)
  _ = buffer.withUnsafeMutableBufferPointer { out in
    vsnprintf(out.baseAddress, out.count, format, arguments)
  }
  let text = String(
    decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  let prefix = module.map { String(cString: $0) + ": " } ?? ""
  LibraryMessages.from(userData)?.append(prefix + text)
  return 1
}

/// Options for `TIFFOpenExt`: per-handle error and warning capture and an allocation cap.
/// The corresponding C functions are `TIFFOpenOptionsAlloc`, `…SetErrorHandlerExtR`,
/// `…SetWarningHandlerExtR`, `…SetMaxSingleMemAlloc`, `TIFFOpenExt` and `TIFFOpenOptionsFree`.
/// Errors name `reportedPath` (the destination when `path` is a temporary file).
func openTIFF(path: String, mode: String, limits: RasterLimits, reportedPath: String? = nil)
  -> Result<TIFFHandle, RasterIOError>
{
  let reported = reportedPath ?? path
  let messages = LibraryMessages()
  guard let options = TIFFOpenOptionsAlloc() else {
    return .failure(RasterIOError(.io, path: reported, "cannot allocate libtiff options"))
  }
  defer { TIFFOpenOptionsFree(options) }
  TIFFOpenOptionsSetErrorHandlerExtR(options, captureMessage, messages.opaque)
  TIFFOpenOptionsSetWarningHandlerExtR(options, { _, _, _, _, _ in 1 }, nil)
  TIFFOpenOptionsSetMaxSingleMemAlloc(options, tmsize_t(limits.maxLibraryAllocation))
  guard let tiff = TIFFOpenExt(path, mode, options) else {
    let writing = mode.hasPrefix("w")
    let what = writing ? "cannot create the TIFF file" : "cannot read the TIFF header"
    let kind: RasterIOError.Kind =
      writing || !FileManager.default.fileExists(atPath: path) ? .io : .corrupt
    return .failure(RasterIOError(kind, path: reported, what, libraryMessage: messages.joined))
  }
  return .success(TIFFHandle(tiff: tiff, path: reported, messages: messages))
}
