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

  /// Decodes part `part` of `path` into `buffers` (one per declared channel, same order).
  static func readPart(
    path: String, part: Int, declarations: [EXRChannelDeclaration],
    buffers: [UnsafeMutableRawPointer]
  ) throws {
    let names = declarations.map { strdup($0.name)! }
    defer { names.forEach { free($0) } }
    let channels = zip(declarations, zip(names, buffers)).map { describe($0, $1.0, $1.1) }
    try call(path, kind: .corrupt) { message, size in
      edr_exr_read_part(
        path, Int32(part), channels, Int32(channels.count), Int32(WorkScheduler.defaultWorkers),
        message, size)
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

  /// Writes `parts` (each with its channels' storage, in the part's channel order) as scanline
  /// parts to `file`, copying unmodelled attributes from each part's attribute source.
  static func write(_ parts: [(EXRPart, [UnsafeMutableRawPointer])], to file: OutputFile) throws {
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
    defer {
      byteArrays.forEach { $0.deallocate() }
      channelArrays.forEach { $0.deallocate() }
      pointerArrays.forEach { $0.deallocate() }
      floatArrays.forEach { $0.deallocate() }
    }
    func array<T>(_ values: [T]) -> UnsafeMutableBufferPointer<T> {
      let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(values.count, 1))
      _ = buffer.initialize(from: values)
      return buffer
    }
    for (part, storage) in parts {
      let channels = array(
        zip(part.channels, storage).map { channel, base in
          describe(
            EXRChannelDeclaration(
              name: channel.name, pixelType: channel.pixelType, xSampling: channel.xSampling,
              ySampling: channel.ySampling, perceptuallyLinear: channel.perceptuallyLinear),
            c(channel.name), base)
        })
      channelArrays.append(channels)
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
