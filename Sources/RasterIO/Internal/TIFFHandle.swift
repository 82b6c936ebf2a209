internal import CTIFF
import FileOutput
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

  /// An error for a libtiff call that failed, carrying the last message libtiff reported
  /// during that call (`mark`: ``LibraryMessages/count`` just before it). A message of an
  /// earlier call, such as "Cannot get "Predictor" tag" from reading the tags of an
  /// uncompressed file, is about something else and is left out.
  func error(_ kind: RasterIOError.Kind, _ what: String, since mark: Int) -> RasterIOError {
    RasterIOError(kind, path: path, what, libraryMessage: messages.last(since: mark))
  }

  /// Runs one libtiff call that returns 1 on success; on failure, the error of
  /// ``error(_:_:since:)`` for it.
  func call(_ kind: RasterIOError.Kind, _ what: String, _ body: () -> Int32) -> Result<
    Void, RasterIOError
  > {
    let mark = messages.count
    return body() == 1 ? .success(()) : .failure(error(kind, what, since: mark))
  }

  /// An error found by our own checks (not by a failing libtiff call): without libtiff's
  /// messages, which would be about something else (such as a Predictor message).
  func ownError(_ kind: RasterIOError.Kind, _ what: String) -> RasterIOError {
    RasterIOError(kind, path: path, what)
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

/// Opens `path` for reading with per-handle error capture and an allocation cap.
/// The corresponding C functions are `TIFFOpenOptionsAlloc`, `…SetErrorHandlerExtR`,
/// `…SetWarningHandlerExtR`, `…SetMaxSingleMemAlloc`, `TIFFOpenExt` and `TIFFOpenOptionsFree`.
func openTIFF(path: String, mode: String, limits: RasterLimits) -> Result<TIFFHandle, RasterIOError>
{
  withTIFFOptions(limits: limits, path: path) { options, messages in
    guard let tiff = TIFFOpenExt(path, mode, options) else {
      let kind: RasterIOError.Kind = FileManager.default.fileExists(atPath: path) ? .corrupt : .io
      return .failure(
        RasterIOError(
          kind, path: path, "cannot read the TIFF header", libraryMessage: messages.joined))
    }
    return .success(TIFFHandle(tiff: tiff, path: path, messages: messages))
  }
}

/// Opens the writer's temporary file for writing through a duplicate of its descriptor
/// (libtiff closes the duplicate). The corresponding C function is `TIFFFdOpenExt`.
func openTIFF(writingTo file: OutputFile, mode: String) -> Result<TIFFHandle, RasterIOError> {
  withTIFFOptions(limits: .standard, path: file.destination) { options, messages in
    let own = dup(file.descriptor)
    guard own >= 0, let tiff = TIFFFdOpenExt(own, file.destination, mode, options) else {
      let reason = own < 0 ? String(cString: strerror(errno)) : messages.joined
      if own >= 0 { close(own) }
      return .failure(
        RasterIOError(
          .io, path: file.destination, "cannot create the TIFF file", libraryMessage: reason))
    }
    return .success(TIFFHandle(tiff: tiff, path: file.destination, messages: messages))
  }
}

/// Runs `body` with `TIFFOpenOptions` that capture errors into a new collector, silence
/// warnings and cap single allocations at `limits.maxLibraryAllocation`.
private func withTIFFOptions(
  limits: RasterLimits, path: String,
  _ body: (OpaquePointer, LibraryMessages) -> Result<TIFFHandle, RasterIOError>
) -> Result<TIFFHandle, RasterIOError> {
  let messages = LibraryMessages()
  guard let options = TIFFOpenOptionsAlloc() else {
    return .failure(RasterIOError(.io, path: path, "cannot allocate libtiff options"))
  }
  defer { TIFFOpenOptionsFree(options) }
  TIFFOpenOptionsSetErrorHandlerExtR(options, captureMessage, messages.opaque)
  TIFFOpenOptionsSetWarningHandlerExtR(options, { _, _, _, _, _ in 1 }, nil)
  TIFFOpenOptionsSetMaxSingleMemAlloc(options, tmsize_t(limits.maxLibraryAllocation))
  return body(options, messages)
}
