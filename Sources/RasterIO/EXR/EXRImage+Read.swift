extension EXRImage {
  /// Reads every part, channel and sample of an OpenEXR file (scanline or tiled, every level of
  /// a mip- or rip-map, any compression OpenEXR reads), decoding chunks on all cores.
  ///
  /// Each part's ``EXRPart/attributeSource`` points back at `path`, so writing carries every
  /// header attribute. Sizes are checked against `limits` before any pixel buffer exists.
  /// - Throws: `RasterIOError`: `.notRecognized` (not EXR), `.io`, `.corrupt` (bad header,
  ///   truncated or damaged chunk), `.unsupported` (deep data, compressions newer
  ///   than the linked OpenEXR, such as ZSTD and HTJ2K), `.tooLarge`.
  public static func read(path: String, limits: RasterLimits = .standard) throws -> EXRImage {
    guard try ImageFileFormat.detect(path: path) == .openEXR else {
      throw RasterIOError(.notRecognized, path: path, "not an OpenEXR file")
    }
    let handle = try EXRCalls.startRead(path: path, limits: limits).get()
    let count = try EXRCalls.partCount(handle).get()
    var parts: [EXRPart] = []
    var bytes = 0
    for index in 0..<count {
      parts.append(try readPart(handle, index: index, limits: limits, decodedSoFar: &bytes))
    }
    return EXRImage(parts: parts)
  }

  private static func readPart(
    _ h: EXRHandle, index: Int, limits: RasterLimits, decodedSoFar: inout Int
  ) throws -> EXRPart {
    let storage = try EXRCalls.storage(h, part: index).get()
    guard storage == 0 || storage == 1 else {
      let type = storage == 3 ? "deeptile" : "deepscanline"
      throw RasterIOError(
        .unsupported, path: h.path,
        "part \(index) \(EXRFeatureSupport.partTypeRefusal(type) ?? "holds deep data")")
    }
    let (dataWindow, displayWindow) = try EXRCalls.windows(h, part: index).get()
    try limits.check(
      width: Int64(dataWindow.width), height: Int64(dataWindow.height), path: h.path)
    var part = EXRPart(name: EXRCalls.name(h, part: index), dataWindow: dataWindow)
    part.displayWindow = displayWindow
    (part.compression, part.lineOrder) = try EXRCalls.coding(h, part: index).get()
    (part.pixelAspectRatio, part.screenWindowCenter, part.screenWindowWidth) =
      try EXRCalls.screen(h, part: index).get()
    part.tiling = storage == 1 ? try EXRCalls.tiling(h, part: index).get() : nil
    if let tiling = part.tiling, max(tiling.width, tiling.height) > limits.maxTileSide {
      throw RasterIOError(
        .tooLarge, path: h.path,
        "tile size \(tiling.width)×\(tiling.height) exceeds the limit of \(limits.maxTileSide)")
    }
    (part.stringAttributes, part.chromaticities, part.views) = EXRCalls.modelledAttributes(
      h, part: index)
    part.preview = EXRCalls.preview(h, part: index)
    part.attributeSource = EXRAttributeSource(path: h.path, partIndex: index)
    let declarations = try EXRCalls.channels(h, part: index).get()
    let levels =
      try part.tiling.map { try EXRCalls.levels(h, part: index, mode: $0.levelMode).get() } ?? []
    let layout = try chunkLayout(h, part: index, geometry: part, levels: levels)
    let grids = try declarations.map { try grid(of: $0, in: part, path: h.path) }
    for (d, g) in zip(declarations, grids) {
      decodedSoFar += g.columns * g.rows * d.pixelType.byteCount
    }
    let pixelBytes = declarations.map(\.pixelType.byteCount).reduce(0, +)
    decodedSoFar += levels.map { $0.width * $0.height * pixelBytes }.reduce(0, +)
    try limits.check(
      decodedBytes: decodedSoFar, "\(declarations.count) channel(s) up to part \(index)",
      path: h.path)
    let throughCXX = EXRCXXCalls.reads(part, types: declarations.map(\.pixelType))
    let compression = part.compression
    /// Level (`x`, `y`) over `layout`, decoded by OpenEXRCore or, where it gets it wrong,
    /// OpenEXR's C++ library.
    func channels(_ level: (x: Int, y: Int), _ layout: EXRChunkLayout) throws -> [EXRChannel] {
      try decode(h, part: index, declarations: declarations, layout: layout) { pointers, buffers in
        if throughCXX {
          try EXRCXXCalls.read(
            path: h.path, part: index, level: level, declarations: declarations,
            buffers: pointers)
        } else {
          try EXRChunkCoder.decodeAll(
            h, part: index, compression: compression, layout: layout, buffers: buffers)
        }
      }
    }
    part.channels = try channels((0, 0), layout)
    part.levels = try levels.map { l in
      let levelLayout = layout.level(l.x, l.y, width: l.width, height: l.height)
      return EXRLevel(
        x: l.x, y: l.y, width: l.width, height: l.height,
        channels: try channels((l.x, l.y), levelLayout))
    }
    return part
  }

  /// Makes every declared channel's samples over `layout`'s window, filled by `fill` (given
  /// the arrays' storage and a buffer description of each).
  private static func decode(
    _ h: EXRHandle, part index: Int, declarations: [EXRChannelDeclaration],
    layout: EXRChunkLayout,
    _ fill: ([UnsafeMutableRawPointer], [EXRChannelBuffer]) throws -> Void
  ) throws -> [EXRChannel] {
    var window = EXRPart(dataWindow: layout.dataWindow)
    window.tiling = layout.tiling
    let grids = try declarations.map { try grid(of: $0, in: window, path: h.path) }
    let samples = try EXRSamples.make(
      types: declarations.map(\.pixelType), counts: grids.map { $0.columns * $0.rows }
    ) { pointers in
      let buffers = zip(declarations, zip(grids, pointers)).map { d, gp in
        EXRChannelBuffer(
          base: gp.1, type: d.pixelType, columns: gp.0.columns, rows: gp.0.rows,
          xSampling: d.xSampling, ySampling: d.ySampling)
      }
      try fill(pointers, buffers)
    }
    return zip(declarations, samples).map { d, s in
      EXRChannel(
        name: d.name, samples: s, xSampling: d.xSampling, ySampling: d.ySampling,
        perceptuallyLinear: d.perceptuallyLinear)
    }
  }

  /// The chunk geometry of a part's level (0, 0), cross-checked with the file's chunk count
  /// (which counts the chunks of `levels` too).
  static func chunkLayout(
    _ h: EXRHandle, part index: Int, geometry part: EXRPart,
    levels: [(x: Int, y: Int, width: Int, height: Int)] = []
  ) throws -> EXRChunkLayout {
    let lines = part.tiling == nil ? try EXRChunkCalls.linesPerChunk(h, part: index).get() : 0
    var layout = EXRChunkLayout(
      dataWindow: part.dataWindow, chunkCount: 0, linesPerChunk: lines, tiling: part.tiling)
    let expected = levels.reduce(layout.expectedChunkCount) {
      $0 + layout.level($1.x, $1.y, width: $1.width, height: $1.height).expectedChunkCount
    }
    let count = try EXRChunkCalls.chunkCount(h, part: index).get()
    guard layout.linesPerChunk > 0 || part.tiling != nil, count == expected else {
      throw RasterIOError(
        .corrupt, path: h.path,
        "part \(index) declares \(count) chunks, its size implies another count")
    }
    layout.chunkCount = layout.expectedChunkCount
    return layout
  }

  /// A channel's sampled grid, rejecting sampling that does not tile the data window.
  static func grid(of d: EXRChannelDeclaration, in part: EXRPart, path: String) throws
    -> (columns: Int, rows: Int)
  {
    let w = part.dataWindow
    let aligned =
      Int(w.minX) % d.xSampling == 0 && (Int(w.maxX) + 1) % d.xSampling == 0
      && Int(w.minY) % d.ySampling == 0 && (Int(w.maxY) + 1) % d.ySampling == 0
    guard aligned, part.tiling == nil || (d.xSampling == 1 && d.ySampling == 1) else {
      throw RasterIOError(
        .unsupported, path: path, "channel \(d.name) has sampling that does not fit the image")
    }
    return part.sampleCount(xSampling: d.xSampling, ySampling: d.ySampling)
  }
}
