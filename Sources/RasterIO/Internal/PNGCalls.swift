internal import CPNG
import FileOutput

/// The libpng calls RasterIO makes, through the setjmp-owning helpers in `CPNG/shim.h`.
enum PNGCalls {
  /// Size and bit depth (8 or 16 after expansion). The C helper is `cpng_read_header`.
  static func header(path: String) -> Result<(width: Int, height: Int, depth: Int), RasterIOError> {
    var width: UInt32 = 0
    var height: UInt32 = 0
    var depth: Int32 = 0
    var alpha: Int32 = 0
    var message = [CChar](repeating: 0, count: 256)
    let ok = message.withUnsafeMutableBufferPointer {
      cpng_read_header(path, &width, &height, &depth, &alpha, $0.baseAddress, $0.count)
    }
    guard ok == 1 else {
      return .failure(
        RasterIOError(
          .corrupt, path: path, "cannot read the PNG header", libraryMessage: text(message)))
    }
    return .success((Int(width), Int(height), Int(depth)))
  }

  /// Decodes all pixels as RGBA into `buffer`. The C helper is `cpng_read_rgba`.
  static func readRGBA(
    path: String, into buffer: UnsafeMutableRawPointer, rowBytes: Int, height: Int
  )
    -> Result<Void, RasterIOError>
  {
    var message = [CChar](repeating: 0, count: 256)
    let ok = message.withUnsafeMutableBufferPointer {
      cpng_read_rgba(path, buffer, rowBytes, UInt32(height), $0.baseAddress, $0.count)
    }
    guard ok == 1 else {
      return .failure(
        RasterIOError(.corrupt, path: path, "cannot decode the PNG", libraryMessage: text(message)))
    }
    return .success(())
  }

  /// Encodes RGB or RGBA samples into `file`'s descriptor. The C helper is `cpng_write`.
  static func write(
    to file: OutputFile, pixels: UnsafeRawPointer, width: Int, height: Int,
    channels: Int, depth: Int
  ) -> Result<Void, RasterIOError> {
    let reportedPath = file.destination
    var message = [CChar](repeating: 0, count: 256)
    let ok = message.withUnsafeMutableBufferPointer {
      cpng_write(
        file.descriptor, pixels, UInt32(width), UInt32(height), Int32(channels), Int32(depth),
        $0.baseAddress,
        $0.count)
    }
    guard ok == 1 else {
      return .failure(
        RasterIOError(
          .io, path: reportedPath, "cannot write the PNG", libraryMessage: text(message)))
    }
    return .success(())
  }

  private static func text(_ message: [CChar]) -> String {
    String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
