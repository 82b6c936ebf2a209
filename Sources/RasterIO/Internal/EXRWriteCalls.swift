internal import COpenEXR

/// Every OpenEXRCore call that builds an output header, one small function each.
enum EXRWriteCalls {
  /// Adds a scanline or tiled part; returns its index. The C function is `exr_add_part`.
  static func addPart(_ h: EXRHandle, name: String?, tiled: Bool) -> Result<Int, RasterIOError> {
    var index: Int32 = 0
    let storage = tiled ? EXR_STORAGE_TILED : EXR_STORAGE_SCANLINE
    return h.check(exr_add_part(h.context, name, storage, &index), "cannot add a part", kind: .io)
      .map { Int(index) }
  }

  /// Sets the required attributes. The C function is `exr_initialize_required_attr`.
  static func setRequired(_ h: EXRHandle, index: Int, part: EXRPart) -> Result<Void, RasterIOError>
  {
    var display = box(part.displayWindow)
    var data = box(part.dataWindow)
    var center = exr_attr_v2f_t()
    center.x = part.screenWindowCenter.x
    center.y = part.screenWindowCenter.y
    let code = exr_initialize_required_attr(
      h.context, Int32(index), &display, &data, part.pixelAspectRatio, &center,
      part.screenWindowWidth, exr_lineorder_t(UInt32(part.lineOrder.rawValue)),
      exr_compression_t(UInt32(part.compression.rawValue)))
    return h.check(code, "cannot set the header", kind: .invalidRequest)
  }

  /// Declares tiles: size, level mode and rounding. The C function is `exr_set_tile_descriptor`.
  static func setTiling(_ h: EXRHandle, index: Int, tiling: EXRTiling)
    -> Result<Void, RasterIOError>
  {
    let code = exr_set_tile_descriptor(
      h.context, Int32(index), UInt32(clamping: tiling.width), UInt32(clamping: tiling.height),
      exr_tile_level_mode_t(UInt32(tiling.levelMode.rawValue)),
      exr_tile_round_mode_t(UInt32(tiling.rounding.rawValue)))
    return h.check(code, "cannot set the tile size", kind: .invalidRequest)
  }

  /// Declares a channel. The corresponding C function is `exr_add_channel`.
  static func addChannel(_ h: EXRHandle, index: Int, channel: EXRChannel)
    -> Result<Void, RasterIOError>
  {
    let code = exr_add_channel(
      h.context, Int32(index), channel.name,
      exr_pixel_type_t(UInt32(channel.pixelType.rawValue)),
      channel.perceptuallyLinear ? EXR_PERCEPTUALLY_LINEAR : EXR_PERCEPTUALLY_LOGARITHMIC,
      Int32(clamping: channel.xSampling), Int32(clamping: channel.ySampling))
    return h.check(code, "cannot add channel \(channel.name)", kind: .invalidRequest)
  }

  /// Sets a string attribute. The corresponding C function is `exr_attr_set_string`.
  static func setString(_ h: EXRHandle, index: Int, name: String, value: String)
    -> Result<Void, RasterIOError>
  {
    h.check(
      exr_attr_set_string(h.context, Int32(index), name, value),
      "cannot set attribute \(name)", kind: .invalidRequest)
  }

  /// Sets `chromaticities`. The corresponding C function is `exr_attr_set_chromaticities`.
  static func setChromaticities(_ h: EXRHandle, index: Int, _ c: EXRChromaticities)
    -> Result<Void, RasterIOError>
  {
    var value = exr_attr_chromaticities_t(
      red_x: c.red.x, red_y: c.red.y, green_x: c.green.x, green_y: c.green.y,
      blue_x: c.blue.x, blue_y: c.blue.y, white_x: c.white.x, white_y: c.white.y)
    return h.check(
      exr_attr_set_chromaticities(h.context, Int32(index), "chromaticities", &value),
      "cannot set chromaticities", kind: .invalidRequest)
  }

  /// Sets `preview`. The corresponding C function is `exr_attr_set_preview`.
  static func setPreview(_ h: EXRHandle, index: Int, _ preview: EXRPreview)
    -> Result<Void, RasterIOError>
  {
    preview.rgba.withUnsafeBufferPointer { bytes in
      var value = exr_attr_preview_t(
        width: UInt32(preview.width), height: UInt32(preview.height), alloc_size: 0,
        rgba: bytes.baseAddress)
      return h.check(
        exr_attr_set_preview(h.context, Int32(index), "preview", &value),
        "cannot set the preview", kind: .invalidRequest)
    }
  }

  /// Copies every attribute the part does not have yet from a source part.
  /// The corresponding C function is `exr_copy_unset_attributes`.
  static func copyUnsetAttributes(_ h: EXRHandle, index: Int, from source: EXRHandle, part: Int)
    -> Result<Void, RasterIOError>
  {
    h.check(
      exr_copy_unset_attributes(h.context, Int32(index), source.context, Int32(part)),
      "cannot copy the header attributes of \(source.path)", kind: .io)
  }

  /// Writes the header. The corresponding C function is `exr_write_header`.
  static func writeHeader(_ h: EXRHandle) -> Result<Void, RasterIOError> {
    h.check(exr_write_header(h.context), "cannot write the header", kind: .io)
  }

  private static func box(_ b: EXRBox) -> exr_attr_box2i_t {
    var result = exr_attr_box2i_t()
    result.min.x = b.minX
    result.min.y = b.minY
    result.max.x = b.maxX
    result.max.y = b.maxY
    return result
  }
}
