internal import CEXRDWA
import FileOutput
import WorkScheduler

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The calls RasterIO makes to OpenEXR's C++ library (through the `CEXRDWA` bridge), only for
/// what OpenEXRCore 3.1 (Debian 12) cannot code or codes wrongly: DWAA and DWAB chunks, and
/// B44/B44A chunks that hold 32-bit channels (OpenEXRCore 3.1 scrambles those; the C++
/// library stores them as OpenEXR specifies); and luminance/chroma images, which only its
/// RGBA interface turns into RGB. Headers are still read by OpenEXRCore; every other
/// compression goes through it too.
enum EXRCXXCalls {
  /// Whether `compression` is coded here rather than by OpenEXRCore.
  static func codes(_ compression: EXRCompression) -> Bool {
    compression == .dwaa || compression == .dwab
  }

  /// Whether a part with `compression` and channels of `types` is coded here: DWA always,
  /// B44/B44A when a channel is 32-bit (float or uint).
  static func codes(_ compression: EXRCompression, types: some Sequence<EXRPixelType>) -> Bool {
    codes(compression)
      || ((compression == .b44 || compression == .b44a) && types.contains { $0 != .half })
  }

  /// Whether a part is read here: when ``codes(_:types:)`` says so, and for rip-maps, whose
  /// levels OpenEXRCore 3.1 mis-indexes (it numbers the chunks of levels past the first row
  /// as if the rows before held only the levels to their left).
  static func reads(_ part: EXRPart, types: some Sequence<EXRPixelType>) -> Bool {
    codes(part.compression, types: types) || part.tiling?.levelMode == .ripmap
  }

  /// Decodes level (`x`, `y`) of part `part` of `path` into `buffers` (one per declared
  /// channel, same order, over the level's size); level (0, 0) of any part is read through
  /// the scanline interface.
  static func read(
    path: String, part: Int, level: (x: Int, y: Int) = (0, 0),
    declarations: [EXRChannelDeclaration], buffers: [UnsafeMutableRawPointer]
  ) throws {
    let names = declarations.map { strdup($0.name)! }
    defer { names.forEach { free($0) } }
    let channels = zip(declarations, zip(names, buffers)).map { describe($0, $1.0, $1.1) }
    let threads = Int32(WorkScheduler.defaultWorkers)
    try call(path, kind: .corrupt) { message, size in
      level == (0, 0)
        ? edr_exr_read_part(
          path, Int32(part), channels, Int32(channels.count), threads, message, size)
        : edr_exr_read_level(
          path, Int32(part), Int32(level.x), Int32(level.y), channels, Int32(channels.count),
          threads, message, size)
    }
  }

  /// The luminance/chroma layer `layer` of the one-part file `path` as half RGBA, `width` ×
  /// `height` pixels of 4 bit patterns, as OpenEXR's `RgbaInputFile` reconstructs it.
  static func readLuminanceChroma(path: String, layer: String, width: Int, height: Int) throws
    -> [UInt16]
  {
    var rgba = [UInt16](repeating: 0, count: width * height * 4)
    try rgba.withUnsafeMutableBufferPointer { pixels in
      try call(path, kind: .corrupt) { message, size in
        edr_exr_read_yca(
          path, layer, pixels.baseAddress, Int32(width), Int32(height),
          Int32(WorkScheduler.defaultWorkers), message, size)
      }
    }
    return rgba
  }

  /// Writes `parts` (each with its channels' storage, in the part's channel order, and its
  /// levels' likewise) to `file`, scanline or tiled as each part is, copying unmodelled
  /// attributes from each part's attribute source.
  static func write(
    _ parts: [(EXRPart, [UnsafeMutableRawPointer], [[UnsafeMutableRawPointer]])],
    to file: OutputFile
  ) throws {
    var strings: [UnsafeMutablePointer<CChar>] = []
    defer { strings.forEach { free($0) } }
    func c(_ s: String) -> UnsafePointer<CChar> {
      let copy = strdup(s)!
      strings.append(copy)
      return UnsafePointer(copy)
    }
    var descriptions: [edr_exr_part] = []
    var channelArrays: [UnsafeMutableBufferPointer<edr_exr_channel>] = []
    var pointerArrays: [UnsafeMutableBufferPointer<UnsafePointer<CChar>?>] = []
    var floatArrays: [UnsafeMutableBufferPointer<Float>] = []
    var byteArrays: [UnsafeMutableBufferPointer<UInt8>] = []
    var levelArrays: [UnsafeMutableBufferPointer<edr_exr_level>] = []
    defer {
      byteArrays.forEach { $0.deallocate() }
      levelArrays.forEach { $0.deallocate() }
      channelArrays.forEach { $0.deallocate() }
      pointerArrays.forEach { $0.deallocate() }
      floatArrays.forEach { $0.deallocate() }
    }
    func array<T>(_ values: [T]) -> UnsafeMutableBufferPointer<T> {
      let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(values.count, 1))
      _ = buffer.initialize(from: values)
      return buffer
    }
    func channelArray(_ channels: [EXRChannel], _ storage: [UnsafeMutableRawPointer])
      -> UnsafeMutableBufferPointer<edr_exr_channel>
    {
      let made = array(
        zip(channels, storage).map { channel, base in
          describe(
            EXRChannelDeclaration(
              name: channel.name, pixelType: channel.pixelType, xSampling: channel.xSampling,
              ySampling: channel.ySampling, perceptuallyLinear: channel.perceptuallyLinear),
            c(channel.name), base)
        })
      channelArrays.append(made)
      return made
    }
    for (part, storage, levelStorage) in parts {
      let channels = channelArray(part.channels, storage)
      let levels = array(
        zip(part.levels, levelStorage).map { level, storage in
          edr_exr_level(
            x: Int32(level.x), y: Int32(level.y),
            channels: UnsafePointer(channelArray(level.channels, storage).baseAddress))
        })
      levelArrays.append(levels)
      let keys = part.stringAttributes.keys.sorted()
      let names = array(keys.map { Optional(c($0)) })
      let values = array(keys.map { Optional(c(part.stringAttributes[$0] ?? "")) })
      pointerArrays += [names, values]
      var chromaticities: UnsafeMutableBufferPointer<Float>?
      if let x = part.chromaticities {
        let made = array([x.red, x.green, x.blue, x.white].flatMap { [$0.x, $0.y] })
        floatArrays.append(made)
        chromaticities = made
      }
      var d = edr_exr_part()
      d.source_path = part.attributeSource.map { c($0.path) }
      d.source_part = Int32(part.attributeSource?.partIndex ?? 0)
      d.name = part.name.map(c)
      d.data_window = box(part.dataWindow)
      d.display_window = box(part.displayWindow)
      d.compression = Int32(part.compression.rawValue)
      d.line_order = Int32(part.lineOrder.rawValue)
      d.pixel_aspect_ratio = part.pixelAspectRatio
      d.screen_window_center = (part.screenWindowCenter.x, part.screenWindowCenter.y)
      d.screen_window_width = part.screenWindowWidth
      d.string_names = UnsafePointer(names.baseAddress)
      d.string_values = UnsafePointer(values.baseAddress)
      d.string_count = Int32(keys.count)
      d.chromaticities = chromaticities.map { UnsafePointer($0.baseAddress) } ?? nil
      if let preview = part.preview {
        let bytes = array(preview.rgba)
        byteArrays.append(bytes)
        d.preview_size = (Int32(preview.width), Int32(preview.height))
        d.preview_rgba = UnsafePointer(bytes.baseAddress)
      }
      d.channels = UnsafePointer(channels.baseAddress)
      d.channel_count = Int32(part.channels.count)
      if let tiling = part.tiling {
        d.tile_size = (Int32(tiling.width), Int32(tiling.height))
        d.level_mode = Int32(tiling.levelMode.rawValue)
        d.level_rounding = Int32(tiling.rounding.rawValue)
        d.levels = UnsafePointer(levels.baseAddress)
        d.level_count = Int32(part.levels.count)
      }
      descriptions.append(d)
    }
    try call(file.destination, kind: .io) { message, size in
      edr_exr_write_parts(
        file.descriptor, descriptions, Int32(descriptions.count),
        Int32(WorkScheduler.defaultWorkers), message, size)
    }
  }

  private static func box(_ b: EXRBox) -> (Int32, Int32, Int32, Int32) {
    (b.minX, b.minY, b.maxX, b.maxY)
  }

  /// The bridge's description of a channel named by `name` (a C string the caller keeps).
  private static func describe(
    _ d: EXRChannelDeclaration, _ name: UnsafePointer<CChar>, _ samples: UnsafeMutableRawPointer
  ) -> edr_exr_channel {
    edr_exr_channel(
      name: name, pixel_type: Int32(d.pixelType.rawValue), x_sampling: Int32(d.xSampling),
      y_sampling: Int32(d.ySampling), perceptually_linear: d.perceptuallyLinear ? 1 : 0,
      samples: samples)
  }

  /// Runs a bridge call; a failure becomes an error of `kind` naming the library's message.
  private static func call(
    _ path: String, kind: RasterIOError.Kind, _ body: (UnsafeMutablePointer<CChar>, Int) -> Int32
  ) throws {
    var message = [CChar](repeating: 0, count: 1024)
    let code = message.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
    guard code == 0 else {
      let text = String(
        decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw RasterIOError(
        kind, path: path, "OpenEXR's C++ library failed", libraryMessage: text)
    }
  }
}
