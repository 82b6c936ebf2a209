internal import CTIFF
import Foundation

extension TIFFImage {
  /// Reads a single-page TIFF file: RGB or RGB + extra samples, 8/16/32-bit unsigned or
  /// 16/32-bit float, contiguous or planar, strips or tiles, any compression libtiff decodes.
  ///
  /// Dimensions are checked against `limits` before any pixel buffer exists, the tags' values
  /// against `limits.maxTIFFTagBytes` before libtiff reads them, and libtiff's own
  /// allocations are capped at `limits.maxLibraryAllocation`.
  /// - Throws: `RasterIOError`: `.notRecognized` (not TIFF), `.io`, `.corrupt`, `.unsupported`
  ///   (palette, YCbCr, signed or 64-bit samples…, or more than one page: writing the file back
  ///   would drop the others), `.tooLarge`.
  public static func read(path: String, limits: RasterLimits = .standard) throws -> TIFFImage {
    guard try ImageFileFormat.detect(path: path) == .tiff else {
      throw RasterIOError(.notRecognized, path: path, "not a TIFF file")
    }
    try TIFFTagPrecheck.check(path: path, limits: limits)
    // "m": no memory mapping, so uncompressed strips are read straight into the samples
    // (and the file's pages do not count as this process's memory).
    let h = try openTIFF(path: path, mode: "rm", limits: limits).get()
    defer { h.close() }
    let pages = TIFFCalls.pageCount(h)
    guard pages == 1 else {
      throw h.ownError(
        .unsupported,
        "the TIFF has \(pages) pages; only single-page TIFF is handled "
          + "(writing it back would drop every page after the first)"
      )
    }
    let header = try readHeader(h, limits: limits)
    var image = header
    image.samples = try TIFFSamples.make(
      header.sampleType, count: header.width * header.height * header.samplesPerPixel
    ) { base in try readBlocks(h, plan: header.blockPlan, into: base) }
    // The sub-directories last: reading one leaves the image's directory.
    let exif = TIFFCalls.u64(h, TIFFTAG_EXIFIFD)
    let gps = TIFFCalls.u64(h, TIFFTAG_GPSIFD)
    if let exif { image.metadata.exif = try readSubdirectory(h, gps: false, at: exif) }
    if let gps { image.metadata.gps = try readSubdirectory(h, gps: true, at: gps) }
    readExactRationals(path: path, exif: exif, gps: gps, into: &image.metadata)
    return image
  }

  /// The rationals of the carried tags as the file stores them (libtiff's are `Float`).
  private static func readExactRationals(
    path: String, exif: UInt64?, gps: UInt64?, into m: inout TIFFMetadata
  ) {
    let types: Set<UInt16> = [5, 10]
    guard (m.otherTags + m.exif + m.gps).contains(where: { types.contains($0.type) }) else {
      return
    }
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return }
    defer { close(fd) }
    if let first = TIFFRawRationals.firstDirectory(descriptor: fd) {
      m.otherTags = m.otherTags.withRationals(
        TIFFRawRationals.read(descriptor: fd, directory: first))
    }
    if let exif {
      m.exif = m.exif.withRationals(TIFFRawRationals.read(descriptor: fd, directory: exif))
    }
    if let gps {
      m.gps = m.gps.withRationals(TIFFRawRationals.read(descriptor: fd, directory: gps))
    }
  }

  /// The tags of the EXIF or GPS directory at `offset` (without the Interoperability
  /// directory's pointer).
  private static func readSubdirectory(_ h: TIFFHandle, gps: Bool, at offset: UInt64) throws
    -> [TIFFTag]
  {
    try TIFFCalls.readSubdirectory(h, gps: gps, at: offset).get()
    return TIFFCalls.customTags(h).filter { !TIFFMetadata.notOtherTags.contains($0) }
      .compactMap { TIFFCalls.tag(h, $0) }
  }

  /// The geometry and tags, with an empty sample array of the right type.
  private static func readHeader(_ h: TIFFHandle, limits: RasterLimits) throws -> TIFFImage {
    let mark = h.messages.count
    guard let width = TIFFCalls.u32(h, TIFFTAG_IMAGEWIDTH),
      let height = TIFFCalls.u32(h, TIFFTAG_IMAGELENGTH)
    else { throw h.error(.corrupt, "missing image size", since: mark) }
    try limits.check(width: Int64(width), height: Int64(height), path: h.path)
    let bits = Int(TIFFCalls.u16Defaulted(h, TIFFTAG_BITSPERSAMPLE) ?? 0)
    let format = TIFFCalls.u16Defaulted(h, TIFFTAG_SAMPLEFORMAT) ?? 1
    let spp = Int(TIFFCalls.u16Defaulted(h, TIFFTAG_SAMPLESPERPIXEL) ?? 0)
    let photometric = TIFFCalls.u16(h, TIFFTAG_PHOTOMETRIC)
    guard photometric == UInt16(PHOTOMETRIC_RGB) else {
      throw h.ownError(
        .unsupported,
        "the TIFF is \(TIFFNames.photometric(photometric)); only RGB TIFF is handled")
    }
    guard spp >= 3 else {
      throw h.ownError(.unsupported, "RGB TIFF with \(spp) sample(s) per pixel; RGB needs 3")
    }
    guard format == 1 || format == 3, let type = TIFFSampleType(bits: bits, isFloat: format == 3)
    else {
      throw h.ownError(
        .unsupported,
        "\(TIFFNames.samples(bits: bits, format: format)) samples (SampleFormat \(format)) are not "
          + "handled; handled: 8, 16, 32-bit unsigned integer and 16, 32-bit IEEE float")
    }
    var image = TIFFImage(
      width: Int(width), height: Int(height), samplesPerPixel: spp,
      samples: .empty(type), validating: false)
    let extras = TIFFCalls.extraSamples(h).prefix(spp - 3)
    image.extraSamples = Array(extras) + Array(repeating: 0, count: spp - 3 - extras.count)
    image.isPlanar =
      TIFFCalls.u16Defaulted(h, TIFFTAG_PLANARCONFIG) == UInt16(PLANARCONFIG_SEPARATE)
    image.compression = TIFFCompression(
      rawValue: TIFFCalls.u16Defaulted(h, TIFFTAG_COMPRESSION) ?? 1)
    image.predictor = TIFFCalls.u16Defaulted(h, TIFFTAG_PREDICTOR) ?? 1
    if TIFFCalls.isTiled(h) {
      let tw = Int(TIFFCalls.u32(h, TIFFTAG_TILEWIDTH) ?? 0)
      let th = Int(TIFFCalls.u32(h, TIFFTAG_TILELENGTH) ?? 0)
      guard tw > 0, th > 0, tw <= limits.maxTileSide, th <= limits.maxTileSide else {
        throw h.ownError(.tooLarge, "tile size \(tw)×\(th) is outside the limits")
      }
      image.tiling = TIFFTiling(width: tw, height: th)
    } else {
      let rows = Int(TIFFCalls.u32(h, TIFFTAG_ROWSPERSTRIP) ?? UInt32(height))
      image.rowsPerStrip = max(1, min(rows, Int(height)))
    }
    try limits.check(
      decodedBytes: image.width * image.height * spp * type.byteCount,
      "\(spp) sample(s) per pixel", path: h.path)
    try checkDecodedSizes(h, image)
    image.metadata = readMetadata(h)
    return image
  }

  private static func checkDecodedSizes(_ h: TIFFHandle, _ image: TIFFImage) throws {
    let plan = image.blockPlan
    let line = image.width * plan.samplesPerBlockPixel * plan.sampleSize
    guard TIFFCalls.scanlineSize(h) == line,
      image.tiling == nil || TIFFCalls.tileSize(h) == plan.byteCount(of: plan.fullBlock)
    else { throw h.ownError(.corrupt, "the strip or tile size does not match the image") }
  }

  private static func readMetadata(_ h: TIFFHandle) -> TIFFMetadata {
    var m = TIFFMetadata()
    for tag in TIFFMetadata.stringTags {
      if let value = TIFFCalls.string(h, tag) { m.strings[tag] = value }
    }
    m.iccProfile = TIFFCalls.bytes(h, TIFFTAG_ICCPROFILE)
    m.xResolution = TIFFCalls.float(h, TIFFTAG_XRESOLUTION)
    m.yResolution = TIFFCalls.float(h, TIFFTAG_YRESOLUTION)
    m.resolutionUnit = TIFFCalls.u16(h, TIFFTAG_RESOLUTIONUNIT)
    m.orientation = TIFFCalls.u16(h, TIFFTAG_ORIENTATION)
    m.otherTags = TIFFCalls.customTags(h).filter { !TIFFMetadata.notOtherTags.contains($0) }
      .compactMap { TIFFCalls.tag(h, $0) }
    return m
  }

  private static func readBlocks(
    _ h: TIFFHandle, plan: TIFFBlockPlan, into base: UnsafeMutableRawPointer
  )
    throws
  {
    let tiled = plan.tiling != nil
    let blocks = plan.blocks
    if TIFFParallelStrips.qualifies(h, plan: plan) {
      return try TIFFParallelStrips.read(h, plan: plan, into: base)
    }
    if plan.isDirect {
      for block in blocks {
        try TIFFCalls.read(
          h, index: block.index, tiled: false, into: base + plan.offset(of: block),
          byteCount: plan.byteCount(of: block)
        ).get()
      }
      return
    }
    let scratch = UnsafeMutableRawBufferPointer.allocate(
      byteCount: plan.byteCount(of: plan.fullBlock), alignment: 16)
    defer { scratch.deallocate() }
    for block in blocks {
      guard let scratchBase = scratch.baseAddress else { return }
      try TIFFCalls.read(
        h, index: block.index, tiled: tiled, into: scratchBase, byteCount: plan.byteCount(of: block)
      ).get()
      plan.copy(for: block, toBlock: false).run(
        from: scratchBase, to: base + plan.offset(of: block))
    }
  }

  /// The block plan for this image's layout.
  var blockPlan: TIFFBlockPlan {
    TIFFBlockPlan(
      width: width, height: height, samplesPerPixel: samplesPerPixel,
      sampleSize: sampleType.byteCount, isPlanar: isPlanar, tiling: tiling,
      rowsPerStrip: rowsPerStrip)
  }
}
