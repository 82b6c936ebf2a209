internal import COpenEXR
import FileOutput

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A channel as declared in a part header.
struct EXRChannelDeclaration {
  var name: String
  var pixelType: EXRPixelType
  var xSampling: Int
  var ySampling: Int
  var perceptuallyLinear: Bool
}

/// Every OpenEXRCore header call RasterIO makes, one small function each. Chunk calls are in
/// `EXRChunkCalls.swift`.
enum EXRCalls {
  /// Opens `path` for reading. The corresponding C function is `exr_start_read`.
  /// The header's attribute and channel counts are checked first (``EXRHeaderPrecheck``).
  static func startRead(path: String, limits: RasterLimits) -> Result<EXRHandle, RasterIOError> {
    do {
      try EXRHeaderPrecheck.check(path: path, limits: limits)
    } catch {
      return .failure(error)
    }
    let messages = LibraryMessages()
    var initializer = makeEXRInitializer(limits: limits)
    var context: exr_context_t?
    let code = EXRMessageRouter.$starting.withValue(messages) {
      exr_start_read(&context, path, &initializer)
    }
    guard code == 0, let context else {
      let library = messages.joined ?? String(cString: exr_get_default_error_message(code))
      let kind: RasterIOError.Kind =
        code == Int32(EXR_ERR_FILE_ACCESS.rawValue) ? .io : .corrupt
      return .failure(
        RasterIOError(kind, path: path, "cannot read the OpenEXR header", libraryMessage: library))
    }
    return .success(EXRHandle(context: context, path: path, messages: messages))
  }

  /// Starts writing into the writer's temporary file through its descriptor (a `write_fn`
  /// that calls `pwrite`; the library never opens a path). ZIP uses level 4, the default of
  /// OpenEXR's C++ library and its tools (the C library alone would use zlib's 6, about 1.5×
  /// slower for a 1 % smaller file). Errors name the destination.
  /// The corresponding C function is `exr_start_write`.
  static func startWrite(to file: OutputFile) -> Result<EXRHandle, RasterIOError> {
    let messages = LibraryMessages()
    var initializer = makeEXRInitializer(limits: RasterLimits())
    initializer.zip_level = 4
    // The descriptor travels in the pointer's bits (plus one, so it is never null).
    initializer.user_data = UnsafeMutableRawPointer(bitPattern: Int(file.descriptor) + 1)
    initializer.write_fn = { _, userData, buffer, size, offset, _ in
      guard let buffer else { return -1 }
      let fd = Int32(truncatingIfNeeded: Int(bitPattern: userData) - 1)
      var done = 0
      while done < Int(size) {
        let count = pwrite(fd, buffer + done, Int(size) - done, off_t(offset) + off_t(done))
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return -1 }
        done += count
      }
      return Int64(done)
    }
    var context: exr_context_t?
    let code = EXRMessageRouter.$starting.withValue(messages) {
      exr_start_write(&context, file.destination, EXR_WRITE_FILE_DIRECTLY, &initializer)
    }
    guard code == 0, let context else {
      let library = messages.joined ?? String(cString: exr_get_default_error_message(code))
      return .failure(
        RasterIOError(
          .io, path: file.destination, "cannot create the OpenEXR file", libraryMessage: library))
    }
    return .success(EXRHandle(context: context, path: file.destination, messages: messages))
  }

  /// Number of parts. The corresponding C function is `exr_get_count`.
  static func partCount(_ h: EXRHandle) -> Result<Int, RasterIOError> {
    var count: Int32 = 0
    return h.check(exr_get_count(h.context, &count), "cannot count parts").map { Int(count) }
  }

  /// Storage kind as the raw `exr_storage_t` value. The C function is `exr_get_storage`.
  static func storage(_ h: EXRHandle, part: Int) -> Result<UInt32, RasterIOError> {
    var storage = EXR_STORAGE_SCANLINE
    return h.check(exr_get_storage(h.context, Int32(part), &storage), "bad part type")
      .map { storage.rawValue }
  }

  /// The part name, if any. The corresponding C function is `exr_get_name`.
  static func name(_ h: EXRHandle, part: Int) -> String? {
    var name: UnsafePointer<CChar>?
    guard exr_get_name(h.context, Int32(part), &name) == 0, let name else { return nil }
    return String(cString: name)
  }

  /// Data and display windows. The C functions are `exr_get_data_window` and
  /// `exr_get_display_window`.
  static func windows(_ h: EXRHandle, part: Int) -> Result<(EXRBox, EXRBox), RasterIOError> {
    var data = exr_attr_box2i_t()
    var display = exr_attr_box2i_t()
    return h.check(exr_get_data_window(h.context, Int32(part), &data), "bad dataWindow")
      .flatMap {
        h.check(exr_get_display_window(h.context, Int32(part), &display), "bad displayWindow")
      }
      .map { (box(data), box(display)) }
  }

  /// Compression and line order. The C functions are `exr_get_compression` and
  /// `exr_get_lineorder`.
  static func coding(_ h: EXRHandle, part: Int)
    -> Result<(EXRCompression, EXRLineOrder), RasterIOError>
  {
    var compression = EXR_COMPRESSION_NONE
    var order = EXR_LINEORDER_INCREASING_Y
    return h.check(exr_get_compression(h.context, Int32(part), &compression), "bad compression")
      .flatMap { h.check(exr_get_lineorder(h.context, Int32(part), &order), "bad lineOrder") }
      .flatMap {
        guard let c = EXRCompression(rawValue: Int(compression.rawValue)),
          let o = EXRLineOrder(rawValue: Int(order.rawValue))
        else {
          return .failure(RasterIOError(.unsupported, path: h.path, "unknown compression"))
        }
        return .success((c, o))
      }
  }

  /// Pixel aspect ratio, screen window centre and width. The C functions are
  /// `exr_get_pixel_aspect_ratio`, `exr_get_screen_window_center`, `exr_get_screen_window_width`.
  static func screen(_ h: EXRHandle, part: Int)
    -> Result<(Float, SIMD2<Float>, Float), RasterIOError>
  {
    var aspect: Float = 1
    var center = exr_attr_v2f_t()
    var width: Float = 1
    return h.check(exr_get_pixel_aspect_ratio(h.context, Int32(part), &aspect), "bad header")
      .flatMap {
        h.check(exr_get_screen_window_center(h.context, Int32(part), &center), "bad header")
      }
      .flatMap {
        h.check(exr_get_screen_window_width(h.context, Int32(part), &width), "bad header")
      }
      .map { (aspect, SIMD2(center.x, center.y), width) }
  }

  /// Tile size, level mode and rounding. The C function is `exr_get_tile_descriptor`.
  static func tiling(_ h: EXRHandle, part: Int) -> Result<EXRTiling, RasterIOError> {
    var x: UInt32 = 0
    var y: UInt32 = 0
    var level = EXR_TILE_ONE_LEVEL
    var round = EXR_TILE_ROUND_DOWN
    return h.check(
      exr_get_tile_descriptor(h.context, Int32(part), &x, &y, &level, &round), "bad tiles"
    )
    .flatMap {
      guard let mode = EXRLevelMode(rawValue: Int(level.rawValue)),
        let rounding = EXRLevelRounding(rawValue: Int(round.rawValue))
      else {
        return .failure(RasterIOError(.corrupt, path: h.path, "part \(part): bad tile levels"))
      }
      return .success(
        EXRTiling(width: Int(x), height: Int(y), levelMode: mode, rounding: rounding))
    }
  }

  /// Every level of a tiled part other than (0, 0), in the order of its chunk table (rip-maps:
  /// down, then across), with its size. The C functions are `exr_get_tile_levels` and
  /// `exr_get_level_sizes`.
  static func levels(_ h: EXRHandle, part: Int, mode: EXRLevelMode)
    -> Result<[(x: Int, y: Int, width: Int, height: Int)], RasterIOError>
  {
    var across: Int32 = 0
    var down: Int32 = 0
    if case .failure(let e) = h.check(
      exr_get_tile_levels(h.context, Int32(part), &across, &down), "bad tile levels")
    {
      return .failure(e)
    }
    let pairs: [(Int, Int)] =
      switch mode {
      case .oneLevel: []
      case .mipmap: (0..<Int(min(across, down))).map { ($0, $0) }
      case .ripmap: (0..<Int(down)).flatMap { y in (0..<Int(across)).map { ($0, y) } }
      }
    var result: [(x: Int, y: Int, width: Int, height: Int)] = []
    for (x, y) in pairs where x != 0 || y != 0 {
      var width: Int32 = 0
      var height: Int32 = 0
      let code = exr_get_level_sizes(h.context, Int32(part), Int32(x), Int32(y), &width, &height)
      if case .failure(let e) = h.check(code, "bad size of level (\(x), \(y))") {
        return .failure(e)
      }
      result.append((x, y, Int(width), Int(height)))
    }
    return .success(result)
  }

  /// The declared channels. The corresponding C function is `exr_get_channels`.
  static func channels(_ h: EXRHandle, part: Int)
    -> Result<[EXRChannelDeclaration], RasterIOError>
  {
    var list: UnsafePointer<exr_attr_chlist_t>?
    return h.check(exr_get_channels(h.context, Int32(part), &list), "bad channel list")
      .flatMap {
        guard let list = list?.pointee, let entries = list.entries else { return .success([]) }
        var result: [EXRChannelDeclaration] = []
        for entry in UnsafeBufferPointer(start: entries, count: Int(list.num_channels)) {
          guard let type = EXRPixelType(rawValue: Int(entry.pixel_type.rawValue)),
            entry.x_sampling > 0, entry.y_sampling > 0
          else {
            return .failure(RasterIOError(.corrupt, path: h.path, "bad channel declaration"))
          }
          result.append(
            EXRChannelDeclaration(
              name: string(entry.name), pixelType: type, xSampling: Int(entry.x_sampling),
              ySampling: Int(entry.y_sampling), perceptuallyLinear: entry.p_linear != 0))
        }
        return .success(result)
      }
  }

  /// The `preview` attribute, or nil. The C function is `exr_attr_get_preview`.
  static func preview(_ h: EXRHandle, part: Int) -> EXRPreview? {
    var p = exr_attr_preview_t()
    guard exr_attr_get_preview(h.context, Int32(part), "preview", &p) == 0, let rgba = p.rgba,
      p.width > 0, p.height > 0
    else { return nil }
    let (width, height) = (Int(p.width), Int(p.height))
    return EXRPreview(
      width: width, height: height,
      rgba: Array(UnsafeBufferPointer(start: rgba, count: width * height * 4)))
  }

  /// String attributes (except the structural `type` and `name`), the chromaticities and the
  /// `multiView` list. The C functions are `exr_get_attribute_count` and
  /// `exr_get_attribute_by_index`.
  static func modelledAttributes(_ h: EXRHandle, part: Int)
    -> ([String: String], EXRChromaticities?, views: [String])
  {
    var count: Int32 = 0
    var strings: [String: String] = [:]
    var chromaticities: EXRChromaticities?
    var views: [String] = []
    guard exr_get_attribute_count(h.context, Int32(part), &count) == 0 else {
      return ([:], nil, [])
    }
    for index in 0..<count {
      var attribute: UnsafePointer<exr_attribute_t>?
      guard
        exr_get_attribute_by_index(
          h.context, Int32(part), EXR_ATTR_LIST_FILE_ORDER, index, &attribute) == 0,
        let a = attribute?.pointee, let name = a.name
      else { continue }
      let key = String(cString: name)
      if a.type == EXR_ATTR_STRING, let s = a.string, key != "type", key != "name" {
        strings[key] = string(s.pointee)
      } else if a.type == EXR_ATTR_CHROMATICITIES, let c = a.chromaticities?.pointee,
        key == "chromaticities"
      {
        chromaticities = EXRChromaticities(
          red: SIMD2(c.red_x, c.red_y), green: SIMD2(c.green_x, c.green_y),
          blue: SIMD2(c.blue_x, c.blue_y), white: SIMD2(c.white_x, c.white_y))
      } else if a.type == EXR_ATTR_STRING_VECTOR, key == "multiView",
        let v = a.stringvector?.pointee,
        let list = v.strings, v.n_strings > 0
      {
        views = UnsafeBufferPointer(start: list, count: Int(v.n_strings)).map(string)
      }
    }
    return (strings, chromaticities, views)
  }

  /// The names of a part's header attributes, in file order (empty if they cannot be listed).
  static func attributeNames(_ h: EXRHandle, part: Int) -> [String] {
    var count: Int32 = 0
    guard exr_get_attribute_count(h.context, Int32(part), &count) == 0 else { return [] }
    return (0..<count).compactMap { index in
      var attribute: UnsafePointer<exr_attribute_t>?
      guard
        exr_get_attribute_by_index(
          h.context, Int32(part), EXR_ATTR_LIST_FILE_ORDER, index, &attribute) == 0,
        let name = attribute?.pointee.name
      else { return nil }
      return String(cString: name)
    }
  }

  private static func box(_ b: exr_attr_box2i_t) -> EXRBox {
    EXRBox(minX: b.min.x, minY: b.min.y, maxX: b.max.x, maxY: b.max.y)
  }

  private static func string(_ s: exr_attr_string_t) -> String {
    guard let text = s.str, s.length > 0 else { return "" }
    let bytes = UnsafeRawBufferPointer(start: text, count: Int(s.length))
    return String(decoding: bytes, as: UTF8.self)
  }
}
