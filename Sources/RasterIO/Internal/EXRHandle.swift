internal import COpenEXR

/// An open OpenEXRCore context with its path and captured messages; `exr_finish` runs exactly
/// once, from ``finish()`` or `deinit`. Shared across threads only for chunk decoding and
/// encoding, which OpenEXRCore supports (it locks write contexts itself).
final class EXRHandle: @unchecked Sendable {
  /// The C context.
  let context: exr_context_t
  /// The file (for error messages).
  let path: String
  /// What the library reported through the context's `error_handler_fn`.
  let messages: LibraryMessages
  private var isFinished = false

  /// Takes over `context` and routes its messages to `messages` (``EXRMessageRouter``).
  init(context: exr_context_t, path: String, messages: LibraryMessages) {
    self.context = context
    self.path = path
    self.messages = messages
    EXRMessageRouter.register(context, messages: messages)
  }

  /// Closes the context (for a writer: writes the chunk table and closes the file).
  /// The corresponding C function is `exr_finish`.
  func finish() -> Result<Void, RasterIOError> {
    guard !isFinished else { return .success(()) }
    isFinished = true
    var raw: exr_context_t? = context
    let code = exr_finish(&raw)
    EXRMessageRouter.unregister(context)
    return check(code, "cannot finish the file", kind: .io)
  }

  deinit {
    if !isFinished {
      var raw: exr_context_t? = context
      _ = exr_finish(&raw)
      EXRMessageRouter.unregister(context)
    }
  }

  /// `.success` for `EXR_ERR_SUCCESS`, else an error carrying the library's message.
  func check(_ code: exr_result_t, _ what: String, kind: RasterIOError.Kind = .corrupt)
    -> Result<Void, RasterIOError>
  {
    code == 0 ? .success(()) : .failure(error(code, what, kind: kind))
  }

  /// The error for a failed call, its kind chosen from the OpenEXR code where that is telling.
  /// A feature the library lacks (its message says "not yet implemented", as OpenEXRCore 3.1's
  /// DWA did before RasterIO sent DWA to the C++ library) is `.unsupported` with that message,
  /// not the generic one that follows it.
  func error(_ code: exr_result_t, _ what: String, kind: RasterIOError.Kind) -> RasterIOError {
    if let missing = messages.first(containing: "not yet implemented") {
      return RasterIOError(
        .unsupported, path: path, "\(what): unsupported by this OpenEXR library",
        libraryMessage: missing)
    }
    let library = messages.last ?? String(cString: exr_get_default_error_message(code))
    return RasterIOError(Self.kind(for: code) ?? kind, path: path, what, libraryMessage: library)
  }

  private static func kind(for code: exr_result_t) -> RasterIOError.Kind? {
    switch UInt32(bitPattern: code) {
    case EXR_ERR_FILE_ACCESS.rawValue, EXR_ERR_READ_IO.rawValue, EXR_ERR_WRITE_IO.rawValue:
      .io
    case EXR_ERR_FEATURE_NOT_IMPLEMENTED.rawValue: .unsupported
    case EXR_ERR_OUT_OF_MEMORY.rawValue: .tooLarge
    default: nil
    }
  }
}

/// The context initializer shared by readers and writers: our error handler (never prints,
/// never calls back into the library: ``EXRMessageRouter``) and size limits. The library's own
/// limits are set at twice ours, a guard against absurd headers; our checks then report sizes
/// between as `.tooLarge`.
func makeEXRInitializer(limits: RasterLimits) -> exr_context_initializer_t {
  var initializer = cexr_default_initializer()
  initializer.error_handler_fn = { context, _, message in
    guard let message else { return }
    EXRMessageRouter.deliver(String(cString: message), context: context)
  }
  initializer.max_image_width = Int32(clamping: limits.maxSide * 2)
  initializer.max_image_height = Int32(clamping: limits.maxSide * 2)
  initializer.max_tile_width = Int32(clamping: limits.maxTileSide * 2)
  initializer.max_tile_height = Int32(clamping: limits.maxTileSide * 2)
  return initializer
}
