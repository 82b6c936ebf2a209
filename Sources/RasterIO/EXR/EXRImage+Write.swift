public import FileOutput

extension EXRImage {
  /// Writes the image as an OpenEXR file, atomically, encoding chunks on all cores.
  ///
  /// Each part keeps its channels, pixel types, compression, tiling and windows. Its string
  /// attributes and chromaticities are written from the model; every other attribute is copied
  /// from ``EXRPart/attributeSource`` (re-opened now), so that file must still exist.
  /// - Parameters:
  ///   - path: The destination.
  ///   - writer: Protects the inputs; see FileOutput's `AtomicFileWriter`.
  /// - Throws: `RasterIOError`: `.invalidRequest` (inconsistent model, output = input), `.io`.
  public func write(to path: String, using writer: AtomicFileWriter = AtomicFileWriter()) throws {
    try validateForWriting(path: path)
    try writer.write(to: path) { file in
      try writeFile(to: file, stage: nil)
    }
  }

  /// Checks that the model can be written (see ``EXRPart/validate(index:path:)``).
  func validateForWriting(path: String) throws {
    guard !parts.isEmpty else {
      throw RasterIOError(.invalidRequest, path: path, "an OpenEXR file needs at least one part")
    }
    for (index, part) in parts.enumerated() { try part.validate(index: index, path: path) }
  }

  /// Writes the file; `stage` supplies one part's RGB(A) storage and transforms its rows
  /// batch by batch just before they are encoded.
  func writeFile(to file: OutputFile, stage: EXRRowStage?) throws {
    if needsCXXLibrary { return try writeThroughCXXLibrary(to: file, stage: stage) }
    let path = file.destination
    let h = try EXRCalls.startWrite(to: file).get()
    let writeback = WritebackStarter(descriptor: file.descriptor)
    let sources = try openSources()
    for (position, part) in parts.enumerated() {
      try declare(part, position: position, in: h, sources: sources)
    }
    try EXRWriteCalls.writeHeader(h).get()
    for (index, part) in parts.enumerated() {
      let layout = try EXRImage.chunkLayout(
        h, part: index, geometry: part,
        levels: part.levels.map { ($0.x, $0.y, $0.width, $0.height) })
      let staged = stage?.part == index ? stage : nil
      try Self.encode(
        part.channelsInFileOrder, of: part, index: index, in: h, layout: layout, stage: staged,
        writeback: writeback)
      for level in part.levels {
        guard level.channels.map(\.pixelType) == part.channels.map(\.pixelType) else {
          throw RasterIOError(
            .invalidRequest, path: path,
            "part \(index) level (\(level.x), \(level.y)) has other pixel types than the part")
        }
        let levelLayout = layout.level(level.x, level.y, width: level.width, height: level.height)
        try Self.encode(
          level.channels.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) },
          of: part, index: index, in: h, layout: levelLayout, stage: nil, writeback: writeback)
      }
    }
    try h.finish().get()
  }

  /// Encodes `channels` (in file order) over `layout`'s window (a part's level (0, 0) or
  /// another level), taking a stage's channels from its storage.
  private static func encode(
    _ channels: [EXRChannel], of part: EXRPart, index: Int, in h: EXRHandle,
    layout: EXRChunkLayout, stage staged: EXRRowStage?, writeback: WritebackStarter
  ) throws {
    let stored = channels.filter { staged?.storage[$0.name] == nil }
    var window = EXRPart(dataWindow: layout.dataWindow)
    window.tiling = layout.tiling
    try EXRSamples.withStorage(of: stored.map(\.samples)) { pointers in
      var storage = staged?.storage ?? [:]
      for (channel, pointer) in zip(stored, pointers) {
        storage[channel.name] = UnsafeMutableRawPointer(mutating: pointer)
      }
      let buffers = try channels.map { channel in
        guard let base = storage[channel.name] else {
          throw RasterIOError(
            .invalidRequest, path: h.path, "channel \(channel.name) has no samples")
        }
        let grid = window.sampleCount(xSampling: channel.xSampling, ySampling: channel.ySampling)
        return EXRChannelBuffer(
          base: base, type: channel.pixelType, columns: grid.columns, rows: grid.rows,
          xSampling: channel.xSampling, ySampling: channel.ySampling)
      }
      try EXRChunkCoder.encodeAll(
        h, part: index, compression: part.compression, layout: layout, buffers: buffers,
        writeback: writeback, prepare: staged.map { stage in rowPreparation(stage, layout) })
    }
  }

  /// Chunks → the rows they cover, for a stage's `prepare`: scanline chunks cover
  /// `linesPerChunk` rows each; tiled parts are transformed whole before their first batch.
  private static func rowPreparation(_ stage: EXRRowStage, _ layout: EXRChunkLayout) -> (
    Range<Int>
  ) -> Void {
    let height = layout.dataWindow.height
    guard layout.tiling == nil else {
      return { chunks in if chunks.lowerBound == 0 { stage.prepare(0..<height) } }
    }
    return { chunks in
      let lines = layout.linesPerChunk
      stage.prepare(
        min(height, chunks.lowerBound * lines)..<min(height, chunks.upperBound * lines))
    }
  }

  /// Limits for re-opening a source only for its header (its pixels were checked when read).
  static let headerOnlyLimits = RasterLimits(
    maxSide: 1 << 30, maxPixels: .max, maxTileSide: 1 << 30)

  /// Opens each distinct attribute source once.
  private func openSources() throws -> [String: EXRHandle] {
    var handles: [String: EXRHandle] = [:]
    for path in Set(parts.compactMap { $0.attributeSource?.path }) {
      handles[path] = try EXRCalls.startRead(path: path, limits: Self.headerOnlyLimits).get()
    }
    return handles
  }

  private func declare(
    _ part: EXRPart, position: Int, in h: EXRHandle, sources: [String: EXRHandle]
  ) throws {
    let name = part.name ?? (parts.count > 1 ? "part\(position)" : nil)
    let index = try EXRWriteCalls.addPart(h, name: name, tiled: part.tiling != nil).get()
    try EXRWriteCalls.setRequired(h, index: index, part: part).get()
    if let tiling = part.tiling {
      try EXRWriteCalls.setTiling(h, index: index, tiling: tiling).get()
    }
    for channel in part.channels {
      try EXRWriteCalls.addChannel(h, index: index, channel: channel).get()
    }
    for (key, value) in part.stringAttributes.sorted(by: { $0.key < $1.key }) {
      try EXRWriteCalls.setString(h, index: index, name: key, value: value).get()
    }
    if let chromaticities = part.chromaticities {
      try EXRWriteCalls.setChromaticities(h, index: index, chromaticities).get()
    }
    if let preview = part.preview { try EXRWriteCalls.setPreview(h, index: index, preview).get() }
    if let source = part.attributeSource, let handle = sources[source.path] {
      try EXRWriteCalls.copyUnsetAttributes(h, index: index, from: handle, part: source.partIndex)
        .get()
    }
  }
}

extension EXRPart {
  /// The channels sorted as OpenEXR stores them (byte-wise by name), the encoder's order.
  var channelsInFileOrder: [EXRChannel] {
    channels.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
  }

  /// Checks that the model can be written: channels present, unique, sized to the window.
  func validate(index: Int, path: String) throws {
    func fail(_ message: String) -> RasterIOError {
      RasterIOError(.invalidRequest, path: path, "part \(index): \(message)")
    }
    guard dataWindow.width > 0, dataWindow.height > 0 else { throw fail("empty data window") }
    guard !channels.isEmpty else { throw fail("no channels") }
    guard Set(channels.map(\.name)).count == channels.count else {
      throw fail("duplicate channel names")
    }
    for channel in channels {
      guard channel.xSampling > 0, channel.ySampling > 0,
        tiling == nil || (channel.xSampling == 1 && channel.ySampling == 1)
      else { throw fail("channel \(channel.name) has invalid sampling") }
      let grid = sampleCount(xSampling: channel.xSampling, ySampling: channel.ySampling)
      guard channel.samples.count == grid.columns * grid.rows else {
        throw fail(
          "channel \(channel.name) has \(channel.samples.count) samples, expected "
            + "\(grid.columns * grid.rows)")
      }
    }
    try validateLevels(fail)
  }

  /// Checks that the levels are the ones the tiling implies
  /// (``EXRTiling/levelSizes(width:height:)``), each with the part's channels sized to it
  /// (their types are checked when writing: a grade that changes the type reaches the levels
  /// and level (0, 0) at different times).
  private func validateLevels(_ fail: (String) -> RasterIOError) throws {
    let expected = tiling?.levelSizes(width: width, height: height) ?? []
    let sizes = { (x: Int, y: Int, width: Int, height: Int) in [x, y, width, height] }
    guard levels.map({ sizes($0.x, $0.y, $0.width, $0.height) }) == expected.map(sizes) else {
      throw fail(
        "\(levels.count) levels below full resolution, its tiling implies \(expected.count) "
          + "(sizes and order as OpenEXR's)")
    }
    for level in levels {
      guard level.channels.map(\.name) == channels.map(\.name) else {
        throw fail("level (\(level.x), \(level.y)) has other channels than the part")
      }
      for channel in level.channels where channel.samples.count != level.width * level.height {
        throw fail(
          "level (\(level.x), \(level.y)) channel \(channel.name) has \(channel.samples.count) "
            + "samples, expected \(level.width * level.height)")
      }
    }
  }
}
