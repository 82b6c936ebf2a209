internal import CTIFF

/// Every libtiff call RasterIO makes besides opening and closing, one small function each.
/// Tag getters return nil when the tag is absent; setters fail with libtiff's message.
enum TIFFCalls {
  /// A 16-bit tag. The corresponding C function is `TIFFGetField`.
  static func u16(_ h: TIFFHandle, _ tag: Int32) -> UInt16? {
    var value: UInt16 = 0
    return ctiff_get_u16(h.tiff, UInt32(tag), &value) == 1 ? value : nil
  }

  /// A 16-bit tag or its default. The corresponding C function is `TIFFGetFieldDefaulted`.
  static func u16Defaulted(_ h: TIFFHandle, _ tag: Int32) -> UInt16? {
    var value: UInt16 = 0
    return ctiff_get_u16_defaulted(h.tiff, UInt32(tag), &value) == 1 ? value : nil
  }

  /// A 32-bit tag. The corresponding C function is `TIFFGetField`.
  static func u32(_ h: TIFFHandle, _ tag: Int32) -> UInt32? {
    var value: UInt32 = 0
    return ctiff_get_u32(h.tiff, UInt32(tag), &value) == 1 ? value : nil
  }

  /// A rational tag as float. The corresponding C function is `TIFFGetField`.
  static func float(_ h: TIFFHandle, _ tag: Int32) -> Float? {
    var value: Float = 0
    return ctiff_get_float(h.tiff, UInt32(tag), &value) == 1 ? value : nil
  }

  /// An ASCII tag. The corresponding C function is `TIFFGetField`.
  static func string(_ h: TIFFHandle, _ tag: UInt32) -> String? {
    var value: UnsafePointer<CChar>?
    guard ctiff_get_string(h.tiff, tag, &value) == 1, let value else { return nil }
    return String(cString: value)
  }

  /// A counted byte tag such as the ICC profile. The corresponding C function is `TIFFGetField`.
  static func bytes(_ h: TIFFHandle, _ tag: Int32) -> [UInt8]? {
    var count: UInt32 = 0
    var data: UnsafeRawPointer?
    guard ctiff_get_counted_bytes(h.tiff, UInt32(tag), &count, &data) == 1, let data else {
      return nil
    }
    return Array(UnsafeRawBufferPointer(start: data, count: Int(count)))
  }

  /// ExtraSamples. The corresponding C function is `TIFFGetField`.
  static func extraSamples(_ h: TIFFHandle) -> [UInt16] {
    var count: UInt16 = 0
    var data: UnsafePointer<UInt16>?
    guard ctiff_get_counted_u16(h.tiff, UInt32(TIFFTAG_EXTRASAMPLES), &count, &data) == 1,
      let data
    else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: Int(count)))
  }

  /// Sets a 16-bit tag. The corresponding C function is `TIFFSetField`.
  static func set(_ h: TIFFHandle, _ tag: Int32, u16 value: UInt16) -> Result<Void, RasterIOError> {
    check(h, tag) { ctiff_set_u16(h.tiff, UInt32(tag), value) }
  }

  /// Sets a 32-bit tag. The corresponding C function is `TIFFSetField`.
  static func set(_ h: TIFFHandle, _ tag: Int32, u32 value: UInt32) -> Result<Void, RasterIOError> {
    check(h, tag) { ctiff_set_u32(h.tiff, UInt32(tag), value) }
  }

  /// Sets a rational tag. The corresponding C function is `TIFFSetField`.
  static func set(_ h: TIFFHandle, _ tag: Int32, float value: Float) -> Result<Void, RasterIOError>
  {
    check(h, tag) { ctiff_set_float(h.tiff, UInt32(tag), value) }
  }

  /// Sets an ASCII tag. The corresponding C function is `TIFFSetField`.
  static func set(_ h: TIFFHandle, _ tag: UInt32, string value: String)
    -> Result<Void, RasterIOError>
  {
    check(h, Int32(tag)) { ctiff_set_string(h.tiff, tag, value) }
  }

  /// Sets a counted byte tag. The corresponding C function is `TIFFSetField`.
  static func set(_ h: TIFFHandle, _ tag: Int32, bytes: [UInt8]) -> Result<Void, RasterIOError> {
    check(h, tag) {
      bytes.withUnsafeBytes {
        ctiff_set_counted_bytes(h.tiff, UInt32(tag), UInt32($0.count), $0.baseAddress)
      }
    }
  }

  /// Sets ExtraSamples. The corresponding C function is `TIFFSetField`.
  static func setExtraSamples(_ h: TIFFHandle, _ values: [UInt16]) -> Result<Void, RasterIOError> {
    check(h, TIFFTAG_EXTRASAMPLES) {
      values.withUnsafeBufferPointer {
        ctiff_set_counted_u16(
          h.tiff, UInt32(TIFFTAG_EXTRASAMPLES), UInt16($0.count), $0.baseAddress)
      }
    }
  }

  /// A 64-bit tag (a sub-directory's offset). The corresponding C function is `TIFFGetField`.
  static func u64(_ h: TIFFHandle, _ tag: Int32) -> UInt64? {
    var value: UInt64 = 0
    return ctiff_get_u64(h.tiff, UInt32(tag), &value) == 1 ? value : nil
  }

  /// Sets a 64-bit tag. The corresponding C function is `TIFFSetField`.
  static func set(_ h: TIFFHandle, _ tag: Int32, u64 value: UInt64) -> Result<Void, RasterIOError> {
    check(h, tag) { ctiff_set_u64(h.tiff, UInt32(tag), value) }
  }

  /// The custom tags set in the current directory, in tag order. The corresponding C
  /// functions are `TIFFGetTagListCount` and `TIFFGetTagListEntry`.
  static func customTags(_ h: TIFFHandle) -> [UInt32] {
    (0..<max(0, Int(TIFFGetTagListCount(h.tiff)))).map {
      TIFFGetTagListEntry(h.tiff, Int32($0))
    }.sorted()
  }

  /// Any tag of the current directory with its values as libtiff holds them, or nil when
  /// absent (or of a shape with a variable count libtiff gives no count for). The
  /// corresponding C functions are `TIFFFindField` and `TIFFGetField`.
  static func tag(_ h: TIFFHandle, _ tag: UInt32) -> TIFFTag? {
    var count: UInt32 = 0
    var size: Int32 = 0
    var data: UnsafeRawPointer?
    var scalar: UInt64 = 0
    guard ctiff_get_any(h.tiff, tag, &count, &size, &data, &scalar) == 1, size > 0,
      let field = TIFFFindField(h.tiff, tag, TIFF_NOTYPE)
    else { return nil }
    let byteCount = Int(count) * Int(size)
    // A count without values (libtiff gave no pointer) would be written from nothing.
    guard data != nil || byteCount == 0 else { return nil }
    let bytes = data.map { Array(UnsafeRawBufferPointer(start: $0, count: byteCount)) } ?? []
    return TIFFTag(
      tag: tag, type: UInt16(TIFFFieldDataType(field).rawValue), count: Int(count), bytes: bytes)
  }

  /// Sets a tag from ``tag(_:_:)``'s form (registering a tag this handle does not know). The
  /// corresponding C functions are `TIFFMergeFieldInfo` and `TIFFSetField`.
  static func set(_ h: TIFFHandle, _ value: TIFFTag) -> Result<Void, RasterIOError> {
    check(h, Int32(bitPattern: value.tag)) {
      value.bytes.withUnsafeBytes {
        ctiff_set_any(h.tiff, value.tag, value.type, UInt32(value.count), $0.baseAddress)
      }
    }
  }

  /// Makes the EXIF (or GPS) sub-directory at `offset` the current directory. The
  /// corresponding C functions are `TIFFReadEXIFDirectory` and `TIFFReadGPSDirectory`.
  static func readSubdirectory(_ h: TIFFHandle, gps: Bool, at offset: UInt64)
    -> Result<Void, RasterIOError>
  {
    h.call(.corrupt, "cannot read the \(gps ? "GPS" : "EXIF") directory") {
      gps ? TIFFReadGPSDirectory(h.tiff, offset) : TIFFReadEXIFDirectory(h.tiff, offset)
    }
  }

  /// Starts an empty EXIF (or GPS) directory; tags set next go into it. The corresponding C
  /// functions are `TIFFCreateEXIFDirectory` and `TIFFCreateGPSDirectory`.
  static func createSubdirectory(_ h: TIFFHandle, gps: Bool) -> Result<Void, RasterIOError> {
    // libtiff 4.5's `TIFFCreateCustomDirectory` clears the current directory without freeing
    // it, so the tags of an EXIF directory written just before would leak (LeakSanitizer,
    // docs/reliability.md); freeing it first is harmless where libtiff does so itself.
    TIFFFreeDirectory(h.tiff)
    // These return 0 on success.
    return h.call(.io, "cannot start the \(gps ? "GPS" : "EXIF") directory") {
      (gps ? TIFFCreateGPSDirectory(h.tiff) : TIFFCreateEXIFDirectory(h.tiff)) == 0 ? 1 : 0
    }
  }

  /// Writes the current custom directory and returns its offset. The corresponding C function
  /// is `TIFFWriteCustomDirectory`.
  static func writeCustomDirectory(_ h: TIFFHandle) -> Result<UInt64, RasterIOError> {
    var offset: UInt64 = 0
    return h.call(.io, "cannot write a sub-directory") {
      TIFFWriteCustomDirectory(h.tiff, &offset)
    }.map { offset }
  }

  /// Writes the current image directory (and starts a new one). The corresponding C function
  /// is `TIFFWriteDirectory`.
  static func writeDirectory(_ h: TIFFHandle) -> Result<Void, RasterIOError> {
    h.call(.io, "cannot write the image directory") { TIFFWriteDirectory(h.tiff) }
  }

  /// Makes directory `index` the current one again. The corresponding C function is
  /// `TIFFSetDirectory`.
  static func setDirectory(_ h: TIFFHandle, _ index: Int) -> Result<Void, RasterIOError> {
    h.call(.io, "cannot return to directory \(index)") { TIFFSetDirectory(h.tiff, tdir_t(index)) }
  }

  /// How many pages (directories) the file has. The C function is `TIFFNumberOfDirectories`.
  static func pageCount(_ h: TIFFHandle) -> Int { Int(TIFFNumberOfDirectories(h.tiff)) }

  /// Whether the image is tiled. The corresponding C function is `TIFFIsTiled`.
  static func isTiled(_ h: TIFFHandle) -> Bool { TIFFIsTiled(h.tiff) != 0 }

  /// Where a strip or tile starts in the file. The corresponding C function is
  /// `TIFFGetStrileOffset`.
  static func strileOffset(_ h: TIFFHandle, _ index: UInt32) -> UInt64 {
    TIFFGetStrileOffset(h.tiff, index)
  }

  /// A strip's or tile's stored size. The corresponding C function is
  /// `TIFFGetStrileByteCount`.
  static func strileByteCount(_ h: TIFFHandle, _ index: UInt32) -> UInt64 {
    TIFFGetStrileByteCount(h.tiff, index)
  }

  /// Whether the file's byte order differs from the host's.
  /// The corresponding C function is `TIFFIsByteSwapped`.
  static func isByteSwapped(_ h: TIFFHandle) -> Bool { TIFFIsByteSwapped(h.tiff) != 0 }

  /// Whether this libtiff can encode and decode `compression`.
  /// The corresponding C function is `TIFFIsCODECConfigured`.
  static func isConfigured(_ compression: TIFFCompression) -> Bool {
    TIFFIsCODECConfigured(compression.rawValue) != 0
  }

  /// Bytes in one decoded scanline. The corresponding C function is `TIFFScanlineSize64`.
  static func scanlineSize(_ h: TIFFHandle) -> Int { Int(TIFFScanlineSize64(h.tiff)) }

  /// Bytes in one decoded tile. The corresponding C function is `TIFFTileSize64`.
  static func tileSize(_ h: TIFFHandle) -> Int { Int(TIFFTileSize64(h.tiff)) }

  /// Decodes a strip or tile into `buffer`, requiring exactly `byteCount` bytes.
  /// The corresponding C functions are `TIFFReadEncodedStrip` and `TIFFReadEncodedTile`.
  static func read(
    _ h: TIFFHandle, index: UInt32, tiled: Bool, into buffer: UnsafeMutableRawPointer,
    byteCount: Int
  ) -> Result<Void, RasterIOError> {
    let mark = h.messages.count
    let got =
      tiled
      ? TIFFReadEncodedTile(h.tiff, index, buffer, tmsize_t(byteCount))
      : TIFFReadEncodedStrip(h.tiff, index, buffer, tmsize_t(byteCount))
    guard got == tmsize_t(byteCount) else {
      let what = tiled ? "tile" : "strip"
      return .failure(h.error(.corrupt, "cannot decode \(what) \(index)", since: mark))
    }
    return .success(())
  }

  /// Encodes and writes a strip or tile; `raw` writes the bytes as they are (for uncompressed
  /// blocks in the file's byte order that is the same file, without libtiff's copy through
  /// its encoding buffer). The corresponding C functions are `TIFFWriteEncodedStrip`,
  /// `TIFFWriteEncodedTile`, `TIFFWriteRawStrip` and `TIFFWriteRawTile`.
  static func write(
    _ h: TIFFHandle, index: UInt32, tiled: Bool, raw: Bool, from buffer: UnsafeRawPointer,
    byteCount: Int
  ) -> Result<Void, RasterIOError> {
    let data = UnsafeMutableRawPointer(mutating: buffer)
    let size = tmsize_t(byteCount)
    let mark = h.messages.count
    let written =
      switch (tiled, raw) {
      case (true, true): TIFFWriteRawTile(h.tiff, index, data, size)
      case (true, false): TIFFWriteEncodedTile(h.tiff, index, data, size)
      case (false, true): TIFFWriteRawStrip(h.tiff, index, data, size)
      case (false, false): TIFFWriteEncodedStrip(h.tiff, index, data, size)
      }
    guard written >= 0 else {
      return .failure(h.error(.io, "cannot write strip or tile", since: mark))
    }
    return .success(())
  }

  /// Writes the directory and pending data. The corresponding C function is `TIFFFlush`.
  static func flush(_ h: TIFFHandle) -> Result<Void, RasterIOError> {
    h.call(.io, "cannot finish the file") { TIFFFlush(h.tiff) }
  }

  private static func check(_ h: TIFFHandle, _ tag: Int32, _ set: () -> Int32)
    -> Result<Void, RasterIOError>
  {
    h.call(.invalidRequest, "cannot set TIFF tag \(tag)", set)
  }
}
