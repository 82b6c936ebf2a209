internal import CTIFF
public import FileOutput
import WorkScheduler

extension TIFFImage {
  /// Writes the image as a TIFF file, atomically, with its layout, compression, predictor,
  /// extra samples and metadata.
  /// - Parameters:
  ///   - path: The destination.
  ///   - writer: Protects the inputs; see FileOutput's `AtomicFileWriter`.
  /// - Throws: `RasterIOError`: `.invalidRequest` (inconsistent model, output = input),
  ///   `.unsupported` (a compression this libtiff cannot encode), `.io`.
  public func write(to path: String, using writer: AtomicFileWriter = AtomicFileWriter()) throws {
    try validate(path: path)
    let mode = fileMode
    try samples.withBytes { bytes in
      guard let base = bytes.baseAddress else { return }
      try writeFile(
        to: path, using: writer, mode: mode, samples: UnsafeMutableRawPointer(mutating: base),
        prepare: nil)
    }
  }

  /// Writes the file from `samples` (interleaved, this image's layout and type) in `mode`
  /// (`w` or `w8`); `prepare` is called with each strip's rows before the strip is written
  /// (with every row before the first block, for tiles and planar files).
  func writeFile(
    to path: String, using writer: AtomicFileWriter, mode: String,
    samples: UnsafeMutableRawPointer, prepare: ((Range<Int>) -> Void)?
  ) throws {
    try writer.write(to: path) { file in
      let h = try openTIFF(writingTo: file, mode: mode).get()
      defer { h.close() }
      try writeTags(h)
      try writeBlocks(
        h, from: samples, writeback: WritebackStarter(descriptor: file.descriptor),
        prepare: prepare)
      let subdirectories = try writeSubdirectories(h)
      try TIFFCalls.flush(h).get()
      h.close()
      if let failure = h.messages.joined {
        throw RasterIOError(
          .io, path: path, "libtiff reported an error while writing", libraryMessage: failure)
      }
      try restoreExactRationals(file.descriptor, subdirectories: subdirectories, path: path)
    }
  }

  /// `w8` (BigTIFF) when the samples approach classic TIFF's 4 GiB offsets, else `w`.
  var fileMode: String {
    samples.count * sampleType.byteCount > 0xF000_0000 ? "w8" : "w"
  }

  /// Codecs that take a Predictor.
  private static let predictorCodecs: Set<TIFFCompression> = [
    .lzw, .deflate, TIFFCompression(rawValue: 32946), .zstd, .lzma,
  ]

  func validate(path: String) throws {
    func fail(_ message: String) -> RasterIOError {
      RasterIOError(.invalidRequest, path: path, message)
    }
    guard width > 0, height > 0, samplesPerPixel >= 3 else { throw fail("empty or non-RGB image") }
    guard samples.count == width * height * samplesPerPixel else {
      throw fail("sample count mismatch")
    }
    guard extraSamples.count == samplesPerPixel - 3 else {
      throw fail("ExtraSamples count mismatch")
    }
    if let tiling,
      tiling.width <= 0 || tiling.height <= 0 || tiling.width % 16 != 0 || tiling.height % 16 != 0
    {
      throw fail("tile sizes must be positive multiples of 16")
    }
    guard rowsPerStrip > 0 else { throw fail("rows per strip must be positive") }
    guard TIFFCalls.isConfigured(compression) else {
      throw RasterIOError(
        .unsupported, path: path, "libtiff cannot encode compression \(compression.name)")
    }
  }

  private func writeTags(_ h: TIFFHandle) throws {
    try TIFFCalls.set(h, TIFFTAG_IMAGEWIDTH, u32: UInt32(width)).get()
    try TIFFCalls.set(h, TIFFTAG_IMAGELENGTH, u32: UInt32(height)).get()
    try TIFFCalls.set(h, TIFFTAG_BITSPERSAMPLE, u16: UInt16(sampleType.bitsPerSample)).get()
    try TIFFCalls.set(h, TIFFTAG_SAMPLESPERPIXEL, u16: UInt16(samplesPerPixel)).get()
    try TIFFCalls.set(h, TIFFTAG_SAMPLEFORMAT, u16: sampleType.isFloat ? 3 : 1).get()
    try TIFFCalls.set(h, TIFFTAG_PHOTOMETRIC, u16: UInt16(PHOTOMETRIC_RGB)).get()
    try TIFFCalls.set(h, TIFFTAG_PLANARCONFIG, u16: isPlanar ? 2 : 1).get()
    try TIFFCalls.set(h, TIFFTAG_COMPRESSION, u16: compression.rawValue).get()
    if predictor != 1, Self.predictorCodecs.contains(compression) {
      try TIFFCalls.set(h, TIFFTAG_PREDICTOR, u16: predictor).get()
    }
    if !extraSamples.isEmpty { try TIFFCalls.setExtraSamples(h, extraSamples).get() }
    if let tiling {
      try TIFFCalls.set(h, TIFFTAG_TILEWIDTH, u32: UInt32(tiling.width)).get()
      try TIFFCalls.set(h, TIFFTAG_TILELENGTH, u32: UInt32(tiling.height)).get()
    } else {
      try TIFFCalls.set(h, TIFFTAG_ROWSPERSTRIP, u32: UInt32(min(rowsPerStrip, height))).get()
    }
    try writeMetadata(h)
  }

  private func writeMetadata(_ h: TIFFHandle) throws {
    for (tag, value) in metadata.strings.sorted(by: { $0.key < $1.key }) {
      try TIFFCalls.set(h, tag, string: value).get()
    }
    if let icc = metadata.iccProfile { try TIFFCalls.set(h, TIFFTAG_ICCPROFILE, bytes: icc).get() }
    if let x = metadata.xResolution { try TIFFCalls.set(h, TIFFTAG_XRESOLUTION, float: x).get() }
    if let y = metadata.yResolution { try TIFFCalls.set(h, TIFFTAG_YRESOLUTION, float: y).get() }
    if let unit = metadata.resolutionUnit {
      try TIFFCalls.set(h, TIFFTAG_RESOLUTIONUNIT, u16: unit).get()
    }
    if let orientation = metadata.orientation {
      try TIFFCalls.set(h, TIFFTAG_ORIENTATION, u16: orientation).get()
    }
    for tag in metadata.otherTags { try TIFFCalls.set(h, tag).get() }
  }

  /// Writes the EXIF and GPS directories after the image's, then points the image's
  /// directory at them (libtiff rewrites it when the file is flushed), as libtiff documents.
  /// Returns their offsets (EXIF first).
  private func writeSubdirectories(_ h: TIFFHandle) throws -> (exif: UInt64?, gps: UInt64?) {
    guard !metadata.exif.isEmpty || !metadata.gps.isEmpty else { return (nil, nil) }
    try TIFFCalls.writeDirectory(h).get()
    var offsets: [(tag: Int32, offset: UInt64)] = []
    for (tag, tags, gps) in [
      (TIFFTAG_EXIFIFD, metadata.exif, false), (TIFFTAG_GPSIFD, metadata.gps, true),
    ] where !tags.isEmpty {
      try TIFFCalls.createSubdirectory(h, gps: gps).get()
      for value in tags { try TIFFCalls.set(h, value).get() }
      offsets.append((tag, try TIFFCalls.writeCustomDirectory(h).get()))
    }
    try TIFFCalls.setDirectory(h, 0).get()
    for (tag, offset) in offsets { try TIFFCalls.set(h, tag, u64: offset).get() }
    return (
      offsets.first { $0.tag == TIFFTAG_EXIFIFD }?.offset,
      offsets.first { $0.tag == TIFFTAG_GPSIFD }?.offset
    )
  }

  /// Writes the carried rationals as the input stored them over libtiff's (which went
  /// through `Float`), once libtiff has finished the file.
  private func restoreExactRationals(
    _ descriptor: Int32, subdirectories: (exif: UInt64?, gps: UInt64?), path: String
  ) throws {
    if let first = TIFFRawRationals.firstDirectory(descriptor: descriptor) {
      try TIFFRawRationals.patch(
        descriptor: descriptor, directory: first, metadata.otherTags.rationals, path: path)
    }
    if let exif = subdirectories.exif {
      try TIFFRawRationals.patch(
        descriptor: descriptor, directory: exif, metadata.exif.rationals, path: path)
    }
    if let gps = subdirectories.gps {
      try TIFFRawRationals.patch(
        descriptor: descriptor, directory: gps, metadata.gps.rationals, path: path)
    }
  }

  private func writeBlocks(
    _ h: TIFFHandle, from base: UnsafeMutableRawPointer, writeback: WritebackStarter,
    prepare: ((Range<Int>) -> Void)?
  ) throws {
    let plan = TIFFBlockPlan(
      width: width, height: height, samplesPerPixel: samplesPerPixel,
      sampleSize: sampleType.byteCount, isPlanar: isPlanar, tiling: tiling,
      rowsPerStrip: min(rowsPerStrip, height))
    let tiled = tiling != nil
    // Uncompressed blocks in native byte order (libtiff writes the host's) are their bytes.
    let raw = compression == .none && !TIFFCalls.isByteSwapped(h)
    let blocks = plan.blocks
    if plan.isDirect {
      // Each strip is written from the image's memory while the next one is prepared.
      let writer = BatchWriter()
      defer { writer.waitQuietly() }
      let shared = WorkerShared(UnsafeRawPointer(base))
      for block in blocks {
        prepare?(block.row..<(block.row + block.rows))
        try writer.finish()
        let (offset, count) = (plan.offset(of: block), plan.byteCount(of: block))
        writer.start {
          try TIFFCalls.write(
            h, index: block.index, tiled: false, raw: raw,
            from: UnsafeMutableRawPointer(mutating: shared.value + offset), byteCount: count
          ).get()
          writeback.wrote(count)
        }
      }
      try writer.finish()
      return
    }
    prepare?(0..<height)
    let scratch = UnsafeMutableRawBufferPointer.allocate(
      byteCount: plan.byteCount(of: plan.fullBlock), alignment: 16)
    defer { scratch.deallocate() }
    guard let scratchBase = scratch.baseAddress else { return }
    for block in blocks {
      scratch.initializeMemory(as: UInt8.self, repeating: 0)
      plan.copy(for: block, toBlock: true).run(
        from: base + plan.offset(of: block), to: scratchBase)
      try TIFFCalls.write(
        h, index: block.index, tiled: tiled, raw: raw, from: scratchBase,
        byteCount: plan.byteCount(of: block)
      ).get()
      writeback.wrote(plan.byteCount(of: block))
    }
  }
}
