internal import COpenEXR

/// Where one channel's samples live in memory: row-major over its sampled grid.
struct EXRChannelBuffer: @unchecked Sendable {
  var base: UnsafeMutableRawPointer
  var type: EXRPixelType
  var columns: Int
  var rows: Int
  var xSampling: Int
  var ySampling: Int
}

/// How a part's chunks map to pixels.
struct EXRChunkLayout: Sendable {
  var dataWindow: EXRBox
  var chunkCount: Int
  /// Scanlines per chunk (scanline parts).
  var linesPerChunk: Int
  /// Tile size (tiled parts), or nil.
  var tiling: EXRTiling?
  /// The level across and down (mip- and rip-mapped parts; `dataWindow` then has the
  /// level's size).
  var levelX: Int32 = 0
  var levelY: Int32 = 0

  var tilesAcross: Int { tiling.map { (dataWindow.width + $0.width - 1) / $0.width } ?? 1 }
  var tilesDown: Int { tiling.map { (dataWindow.height + $0.height - 1) / $0.height } ?? 1 }

  /// The chunk count the geometry implies (compared with the file's, to catch corrupt headers).
  var expectedChunkCount: Int {
    tiling == nil
      ? (dataWindow.height + linesPerChunk - 1) / linesPerChunk : tilesAcross * tilesDown
  }

  /// The layout of level (`x`, `y`) of the same tiled part, `width` × `height` pixels from
  /// the same corner.
  func level(_ x: Int, _ y: Int, width: Int, height: Int) -> EXRChunkLayout {
    var level = self
    level.dataWindow = EXRBox(
      minX: dataWindow.minX, minY: dataWindow.minY, maxX: dataWindow.minX + Int32(width) - 1,
      maxY: dataWindow.minY + Int32(height) - 1)
    (level.levelX, level.levelY) = (Int32(x), Int32(y))
    level.chunkCount = level.expectedChunkCount
    return level
  }

  /// Trims a tile chunk's size to this level's edge. OpenEXRCore 3.1's
  /// `exr_write_tile_chunk_info` trims the tiles of levels below full resolution at the
  /// full-resolution edge instead, so their edge tiles would be encoded too large (its reader
  /// trims them right). The unpacked size scales with the area (tiled parts are not
  /// subsampled).
  func clampToLevel(_ info: inout exr_chunk_info_t, tile: (x: Int32, y: Int32)) {
    guard let tiling, levelX != 0 || levelY != 0, info.width > 0, info.height > 0 else { return }
    let width = Int32(min(tiling.width, dataWindow.width - Int(tile.x) * tiling.width))
    let height = Int32(min(tiling.height, dataWindow.height - Int(tile.y) * tiling.height))
    guard width > 0, height > 0, width != info.width || height != info.height else { return }
    let bytesPerPixel = info.unpacked_size / UInt64(info.width) / UInt64(info.height)
    info.unpacked_size = bytesPerPixel * UInt64(width) * UInt64(height)
    (info.width, info.height) = (width, height)
  }

  /// Tile column and row of a chunk.
  func tile(_ chunk: Int) -> (x: Int32, y: Int32) {
    (Int32(chunk % tilesAcross), Int32(chunk / tilesAcross))
  }

  /// First scanline of a scanline chunk.
  func firstLine(_ chunk: Int) -> Int32 {
    Int32(Int(dataWindow.minY) + chunk * linesPerChunk)
  }

  /// The row and column of a chunk's first sample of `channel`, in the channel's grid.
  func origin(of channel: EXRChannelBuffer, chunk: Int) -> (row: Int, column: Int) {
    if let tiling {
      let t = tile(chunk)
      return (Int(t.y) * tiling.height, Int(t.x) * tiling.width)
    }
    let first = Int(firstLine(chunk))
    return (
      EXRPart.multiples(of: channel.ySampling, from: Int(dataWindow.minY), through: first - 1), 0
    )
  }

  /// Byte address of a chunk's first sample of `channel`, or nil if a `width`×`height` block
  /// there would not fit the channel's buffer (a corrupt file or a library surprise).
  func address(of channel: EXRChannelBuffer, chunk: Int, width: Int32, height: Int32)
    -> UnsafeMutableRawPointer?
  {
    let (row, column) = origin(of: channel, chunk: chunk)
    guard width >= 0, height >= 0, row + Int(height) <= channel.rows,
      column + Int(width) <= channel.columns
    else { return nil }
    return channel.base + (row * channel.columns + column) * channel.type.byteCount
  }
}

/// Every OpenEXRCore chunk call, one small function each.
enum EXRChunkCalls {
  /// Chunks in a part. The corresponding C function is `exr_get_chunk_count`.
  static func chunkCount(_ h: EXRHandle, part: Int) -> Result<Int, RasterIOError> {
    var count: Int32 = 0
    return h.check(exr_get_chunk_count(h.context, Int32(part), &count), "bad chunk count")
      .map { Int(count) }
  }

  /// Scanlines per chunk. The corresponding C function is `exr_get_scanlines_per_chunk`.
  static func linesPerChunk(_ h: EXRHandle, part: Int) -> Result<Int, RasterIOError> {
    var lines: Int32 = 0
    return h.check(exr_get_scanlines_per_chunk(h.context, Int32(part), &lines), "bad header")
      .map { Int(lines) }
  }

  /// A chunk's location in the input file. The corresponding C functions are
  /// `exr_read_scanline_chunk_info` and `exr_read_tile_chunk_info`.
  static func readInfo(_ h: EXRHandle, part: Int, layout: EXRChunkLayout, chunk: Int)
    -> Result<exr_chunk_info_t, RasterIOError>
  {
    var info = exr_chunk_info_t()
    let code: exr_result_t
    if layout.tiling != nil {
      let t = layout.tile(chunk)
      code = exr_read_tile_chunk_info(
        h.context, Int32(part), t.x, t.y, layout.levelX, layout.levelY, &info)
    } else {
      code = exr_read_scanline_chunk_info(h.context, Int32(part), layout.firstLine(chunk), &info)
    }
    return h.check(code, "cannot locate chunk \(chunk) of part \(part)").map { info }
  }

  /// A chunk's description for writing. The corresponding C functions are
  /// `exr_write_scanline_chunk_info` and `exr_write_tile_chunk_info`.
  static func writeInfo(_ h: EXRHandle, part: Int, layout: EXRChunkLayout, chunk: Int)
    -> Result<exr_chunk_info_t, RasterIOError>
  {
    var info = exr_chunk_info_t()
    let code: exr_result_t
    if layout.tiling != nil {
      let t = layout.tile(chunk)
      code = exr_write_tile_chunk_info(
        h.context, Int32(part), t.x, t.y, layout.levelX, layout.levelY, &info)
      if code == 0 { layout.clampToLevel(&info, tile: t) }
    } else {
      code = exr_write_scanline_chunk_info(
        h.context, Int32(part), layout.firstLine(chunk), &info)
    }
    return h.check(code, "cannot prepare chunk \(chunk) of part \(part)", kind: .io).map { info }
  }

  /// Decodes one chunk into `buffers` (one per channel, in header order), reusing `pipeline`;
  /// given `zip`, ZIP data is inflated with libdeflate (see ``EXRZipDecoder``).
  /// The C functions are `exr_decoding_initialize`/`_update`, `_choose_default_routines`, `_run`.
  static func decode(
    _ h: EXRHandle, part: Int, info: exr_chunk_info_t, chunk: Int, layout: EXRChunkLayout,
    buffers: [EXRChannelBuffer], zip: EXRZipDecoder?, pipeline: inout exr_decode_pipeline_t,
    isFirst: Bool
  ) -> Result<Void, RasterIOError> {
    var info = info
    let what = "cannot decode chunk \(chunk) of part \(part)"
    let start =
      isFirst
      ? exr_decoding_initialize(h.context, Int32(part), &info, &pipeline)
      : exr_decoding_update(h.context, Int32(part), &info, &pipeline)
    if case .failure(let e) = h.check(start, what) { return .failure(e) }
    guard Int(pipeline.channel_count) == buffers.count, let channels = pipeline.channels else {
      return .failure(RasterIOError(.corrupt, path: h.path, what))
    }
    for (index, buffer) in buffers.enumerated() {
      let size = Int32(buffer.type.byteCount)
      guard
        let address = layout.address(
          of: buffer, chunk: chunk, width: channels[index].width, height: channels[index].height)
      else { return .failure(RasterIOError(.corrupt, path: h.path, what)) }
      channels[index].decode_to_ptr = address.assumingMemoryBound(to: UInt8.self)
      channels[index].user_pixel_stride = size
      channels[index].user_line_stride = Int32(buffer.columns) * size
      channels[index].user_bytes_per_element = Int16(size)
      channels[index].user_data_type = UInt16(buffer.type.rawValue)
    }
    let routines = exr_decoding_choose_default_routines(h.context, Int32(part), &pipeline)
    if case .failure(let e) = h.check(routines, what) { return .failure(e) }
    if zip != nil, pipeline.decompress_fn != nil {
      pipeline.decompress_fn = { exrZipDecompress($0) }
    }
    let run = withExtendedLifetime(zip) {
      pipeline.decoding_user_data = zip.map { Unmanaged.passUnretained($0).toOpaque() }
      defer { pipeline.decoding_user_data = nil }
      return exr_decoding_run(h.context, Int32(part), &pipeline)
    }
    return h.check(run, what)
  }

  /// Frees a decode pipeline's buffers. The corresponding C function is `exr_decoding_destroy`.
  static func destroy(_ h: EXRHandle, decoder pipeline: inout exr_decode_pipeline_t) {
    _ = exr_decoding_destroy(h.context, &pipeline)
  }

  /// Packs and compresses one chunk from `buffers` into `destination` (its capacity is
  /// reused; the write itself happens later, in order). The C functions are `exr_encoding_initialize`/`_update`,
  /// `_choose_default_routines` and `_run`, with a `write_fn` that keeps the bytes and, given
  /// `zip`, a libdeflate `compress_fn` (see ``EXRZipEncoder``).
  static func encode(
    _ h: EXRHandle, part: Int, info: exr_chunk_info_t, chunk: Int, layout: EXRChunkLayout,
    buffers: [EXRChannelBuffer], into destination: inout [UInt8], zip: EXRZipEncoder?,
    pipeline: inout exr_encode_pipeline_t, isFirst: Bool
  ) -> Result<Void, RasterIOError> {
    var info = info
    let what = "cannot encode chunk \(chunk) of part \(part)"
    let start =
      isFirst
      ? exr_encoding_initialize(h.context, Int32(part), &info, &pipeline)
      : exr_encoding_update(h.context, Int32(part), &info, &pipeline)
    if case .failure(let e) = h.check(start, what, kind: .io) { return .failure(e) }
    guard Int(pipeline.channel_count) == buffers.count, let channels = pipeline.channels else {
      return .failure(RasterIOError(.invalidRequest, path: h.path, what))
    }
    for (index, buffer) in buffers.enumerated() {
      let size = Int32(buffer.type.byteCount)
      guard
        let address = layout.address(
          of: buffer, chunk: chunk, width: channels[index].width, height: channels[index].height)
      else { return .failure(RasterIOError(.invalidRequest, path: h.path, what)) }
      channels[index].encode_from_ptr = UnsafePointer(address.assumingMemoryBound(to: UInt8.self))
      channels[index].user_pixel_stride = size
      channels[index].user_line_stride = Int32(buffer.columns) * size
      channels[index].user_bytes_per_element = Int16(size)
      channels[index].user_data_type = UInt16(buffer.type.rawValue)
    }
    let routines = exr_encoding_choose_default_routines(h.context, Int32(part), &pipeline)
    if case .failure(let e) = h.check(routines, what, kind: .io) { return .failure(e) }
    pipeline.yield_until_ready_fn = nil
    pipeline.write_fn = { exrKeepEncodedBytes($0) }
    if zip != nil { pipeline.compress_fn = { exrZipCompress($0) } }
    let run = withUnsafeMutablePointer(to: &destination) { bytes in
      var target = EXREncodeTarget(bytes: bytes, zip: zip.map { Unmanaged.passUnretained($0) })
      return withUnsafeMutablePointer(to: &target) { pointer in
        pipeline.encoding_user_data = UnsafeMutableRawPointer(pointer)
        defer { pipeline.encoding_user_data = nil }
        return withExtendedLifetime(zip) { exr_encoding_run(h.context, Int32(part), &pipeline) }
      }
    }
    return h.check(run, what, kind: .io)
  }

  /// Frees an encode pipeline's buffers. The corresponding C function is `exr_encoding_destroy`.
  static func destroy(_ h: EXRHandle, encoder pipeline: inout exr_encode_pipeline_t) {
    _ = exr_encoding_destroy(h.context, &pipeline)
  }

  /// Appends an encoded chunk to the file (chunks must come in order).
  /// The corresponding C functions are `exr_write_scanline_chunk` and `exr_write_tile_chunk`.
  static func write(
    _ h: EXRHandle, part: Int, layout: EXRChunkLayout, chunk: Int, bytes: [UInt8]
  ) -> Result<Void, RasterIOError> {
    let code = bytes.withUnsafeBytes { raw in
      if layout.tiling != nil {
        let t = layout.tile(chunk)
        return exr_write_tile_chunk(
          h.context, Int32(part), t.x, t.y, layout.levelX, layout.levelY, raw.baseAddress,
          UInt64(raw.count))
      }
      return exr_write_scanline_chunk(
        h.context, Int32(part), layout.firstLine(chunk), raw.baseAddress, UInt64(raw.count))
    }
    return h.check(code, "cannot write chunk \(chunk) of part \(part)", kind: .io)
  }
}
