import Foundation

/// The raster formats RasterIO reads, recognised by magic number, never by extension.
public enum ImageFileFormat: String, Hashable, Sendable {
  /// OpenEXR (`76 2f 31 01`).
  case openEXR = "exr"
  /// TIFF or BigTIFF, either byte order (`II*\0`, `MM\0*`, `II+\0`, `MM\0+`).
  case tiff
  /// PNG (`89 50 4e 47 0d 0a 1a 0a`).
  case png
  /// DPX, either byte order (`SDPX`, `XPDS`).
  case dpx

  /// Recognises a format from a file's first bytes, or nil.
  public static func sniff(_ head: some Collection<UInt8>) -> ImageFileFormat? {
    let b = Array(head.prefix(8))
    if b.starts(with: [0x76, 0x2F, 0x31, 0x01]) { return .openEXR }
    if b.starts(with: [0x49, 0x49, 0x2A, 0x00]) || b.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
      || b.starts(with: [0x49, 0x49, 0x2B, 0x00]) || b.starts(with: [0x4D, 0x4D, 0x00, 0x2B])
    {
      return .tiff
    }
    if b == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { return .png }
    if b.starts(with: Array("SDPX".utf8)) || b.starts(with: Array("XPDS".utf8)) { return .dpx }
    return nil
  }

  /// Reads the first bytes of `path` and recognises its format.
  ///
  /// Every image reader starts here, so only regular files get past it: a FIFO, device or
  /// socket (a frame of a sequence, a Hald image, a library caller's path) is refused
  /// without blocking, since the C libraries would wait on it forever or read it twice
  /// (issue 40 R11).
  /// - Throws: `RasterIOError` `.io` if the file cannot be read or is not a regular file,
  ///   `.notRecognized` otherwise.
  public static func detect(path: String) throws(RasterIOError) -> ImageFileFormat {
    // O_NONBLOCK: opening a FIFO that has no writer returns at once instead of waiting.
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else {
      throw RasterIOError(
        .io, path: path, "cannot open the file for reading: \(String(cString: strerror(errno)))")
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      throw RasterIOError(
        .io, path: path, "cannot read the file: \(String(cString: strerror(errno)))")
    }
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw RasterIOError(.io, path: path, "not a regular file (a FIFO, device or socket)")
    }
    var head = [UInt8](repeating: 0, count: 8)
    let count = head.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard count >= 0 else {
      throw RasterIOError(
        .io, path: path, "cannot read the file: \(String(cString: strerror(errno)))")
    }
    guard let format = sniff(head.prefix(count)) else {
      throw RasterIOError(
        .notRecognized, path: path, "unsupported format: not an OpenEXR, TIFF, PNG or DPX file")
    }
    return format
  }
}
