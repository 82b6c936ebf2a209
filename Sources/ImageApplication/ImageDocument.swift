import ColorMath
import EDRPipeline
import FileOutput
import RasterIO

/// An image file opened for `apply`: the whole file in memory (every channel, part and tag,
/// so nothing is lost on writing) plus which RGB(A) sets the cube applies to (an EXR's every
/// part, layer and view that holds colour, unless narrowed; never empty; the first is the one
/// previews show), and the luminance-only layers among them, graded as grey RGB through
/// temporary R, G, B channels that are folded back into Y before writing.
package enum ImageDocument {
  case exr(EXRImage, [EXRChannelSet], luminance: [EXRLuminanceLayer])
  case tiff(TIFFImage)
  case dpx(DPXImage)

  /// How colour relates to alpha in a file.
  package typealias AlphaMode = ImageAlphaMode

  /// Reads `path`, recognising the format by its magic number, within `limits`; `part` is an
  /// EXR part's name or index, `layer` and `view` narrow the EXR sets graded. When an EXR has
  /// more than one set, luminance-only layers or layers without colour, `notes` gains what is
  /// graded and what is passed through.
  package static func read(
    path: String, part: String?, layer: String?, view: String?, limits: RasterLimits,
    notes: inout [String]
  ) throws -> ImageDocument {
    switch try ImageFileFormat.detect(path: path) {
    case .openEXR:
      var image = try EXRImage.read(path: path, limits: limits)
      // Only what may be graded: `--layer`'s when given (one-part files only, so `--part`
      // names that part or fails below).
      let converted = try image.convertLuminanceChromaToRGB(only: layer)
      if !converted.isEmpty {
        let names = converted.map { $0.isEmpty ? "unnamed layer" : "layer '\($0)'" }
        notes.append(
          "note: \(path): \(names.joined(separator: ", ")) converted from luminance/chroma "
            + "(Y, RY, BY) to RGB as OpenEXR's RgbaInputFile reads it; written as half R, G, B")
      }
      let index = try part.map { try partIndex($0, in: image, path: path) }
      let selection = try image.colourSets(part: index, layer: layer, view: view, path: path)
      if selection.graded.count > 1 || !selection.luminance.isEmpty
        || !selection.passedThrough.isEmpty
      {
        notes.append(
          "note: \(path): graded \(selection.graded.joined(separator: ", "))"
            + (selection.passedThrough.isEmpty
              ? "" : "; passed through " + selection.passedThrough.joined(separator: "; ")))
      }
      let grey = try selection.luminance.map { try image.expandLuminance($0) }
      return .exr(image, selection.sets + grey, luminance: selection.luminance)
    case .tiff:
      return .tiff(try TIFFImage.read(path: path, limits: limits))
    case .dpx:
      return .dpx(try DPXImage.read(path: path, limits: limits))
    case .png:
      throw RasterIOError(
        .unsupported, path: path, "PNG is 8/16-bit SDR; apply reads OpenEXR, TIFF and DPX")
    }
  }

  /// `--part`: the part of that name, else the part of that index.
  private static func partIndex(_ part: String, in image: EXRImage, path: String) throws -> Int {
    if let named = image.parts.firstIndex(where: { $0.name == part }) { return named }
    if let index = Int(part), image.parts.indices.contains(index) { return index }
    let names = image.parts.compactMap(\.name)
    let known =
      "the file has \(image.parts.count) part(s) (indices from 0)"
      + (names.isEmpty ? ", unnamed" : ", named " + names.map { "'\($0)'" }.joined(separator: ", "))
    let wanted = Int(part) == nil ? "no part named '\(part)'" : "no part \(part) or named '\(part)'"
    throw RasterIOError(.invalidRequest, path: path, "\(wanted): \(known)")
  }

  /// The pixels the cube applies to, as interleaved RGBA Float.
  package func pixels() throws -> RGBAPixels {
    switch self {
    case .exr(let image, let sets, _): return try image.rgba(sets[0])
    case .tiff(let image): return image.rgba
    case .dpx(let image): return image.rgba
    }
  }

  /// What the first set's pixels mean (``workingSpaces``).
  package var workingSpace: WorkingSpace { workingSpaces[0] }

  /// What each set's pixels mean (docs/semantics.md §1): EXR and float TIFF are linear EDR in
  /// the part's chromaticities (the named set they match within 1e-4, else as written; Rec.709
  /// without them); integer TIFF is sRGB-encoded Rec.709; DPX is linear Rec.709 when its
  /// transfer code says linear (2), else sRGB-encoded Rec.709 (`--working-space` names others).
  package var workingSpaces: [WorkingSpace] {
    switch self {
    case .exr(let image, let sets, _):
      return sets.map { Self.workingSpace(of: image.parts[$0.partIndex]) }
    case .tiff(let image):
      return [image.sampleType.isFloat ? .linearRec709 : WorkingSpace(.srgb, named: .rec709)]
    case .dpx(let image):
      return [image.transfer == 2 ? .linearRec709 : WorkingSpace(.srgb, named: .rec709)]
    }
  }

  /// What an EXR part's colour means: linear in its chromaticities.
  private static func workingSpace(of part: EXRPart) -> WorkingSpace {
    guard let c = part.chromaticities,
      let primaries = RGBPrimaries(
        red: SIMD2<Double>(c.red), green: SIMD2<Double>(c.green), blue: SIMD2<Double>(c.blue),
        white: SIMD2<Double>(c.white))
    else { return .linearRec709 }
    // A known set within 1e-4 is used exactly (docs/semantics.md §7).
    guard let named = NamedPrimaries(matching: primaries) else {
      return WorkingSpace(.linear, primaries: primaries)
    }
    return WorkingSpace(.linear, named: named)
  }

  /// How the file stores alpha: EXR is premultiplied; TIFF says so in ExtraSamples
  /// (associated = premultiplied; unassociated or unspecified = straight); DPX is straight.
  package var alphaMode: AlphaMode {
    switch self {
    case .exr: return .premultiplied
    case .tiff(let image): return image.alpha == .premultiplied ? .premultiplied : .straight
    case .dpx: return .straight
    }
  }

  /// The largest finite value the output channels hold, and whether they are integers
  /// (which clip to 0…1), for counting values the output format cannot keep.
  package func outputRange(pixelType: EXRPixelType?) -> (limit: Float, isInteger: Bool) {
    switch self {
    case .exr(let image, let sets, _):
      let type = pixelType ?? image.parts[sets[0].partIndex].channels[sets[0].red].pixelType
      switch type {
      case .half: return (65504, false)
      case .float: return (.greatestFiniteMagnitude, false)
      case .uint: return (Float(UInt32.max), true)
      }
    case .tiff(let image):
      switch image.sampleType {
      case .float16: return (65504, false)
      case .float32: return (.greatestFiniteMagnitude, false)
      default: return (1, true)
      }
    case .dpx: return (1, true)
    }
  }

  /// Transforms the RGB block by block on all cores (converting EXR RGB to `pixelType` when
  /// given) while writing the file atomically to `path`: each strip or batch of chunks is
  /// transformed just before it is written (see RasterIO's `transformRGB(…writingTo:…)`); an
  /// EXR's sets before the last are transformed in memory first. `transform` gets each
  /// block's set index (0 for TIFF). The compression override applies first
  /// (``withImage(compression:path:exr:tiff:)``). Returns `transform`'s results, set after
  /// set in pixel order, and the seconds spent transforming.
  package mutating func transformRGB<R>(
    pixelType: EXRPixelType?, compression: String?, writingTo path: String,
    writer: AtomicFileWriter, _ transform: @Sendable (Int, RGBABlock) -> R
  ) throws -> (results: [R], seconds: Double) {
    try withImage(compression: compression, path: path) { image, sets, luminance in
      var clock = Clock()
      try Self.gradeLevels(of: &image, sets, pixelType: pixelType, transform)
      var results: [R] = []
      // Luminance is folded back after the grade, so such a file is transformed whole first.
      let inMemory = luminance.isEmpty ? sets.count - 1 : sets.count
      for (index, set) in sets.enumerated().prefix(inMemory) {
        results += try image.transformRGB(of: set, pixelType: pixelType) { transform(index, $0) }
      }
      guard luminance.isEmpty else {
        Self.foldLuminance(luminance, of: &image, pixelType: pixelType)
        let seconds = clock.lap()
        try image.write(to: path, using: writer)
        return (results, seconds)
      }
      let earlier = clock.lap()
      let last = sets.count - 1
      let (rest, seconds) = try image.transformRGB(
        of: sets[last], pixelType: pixelType, writingTo: path, using: writer
      ) { transform(last, $0) }
      return (results + rest, earlier + seconds)
    } tiff: { image in
      try image.transformRGB(writingTo: path, using: writer) { transform(0, $0) }
    } dpx: { image in
      var clock = Clock()
      let results = image.transformRGB { transform(0, $0) }
      let seconds = clock.lap()
      try image.write(to: path, using: writer)
      return (results, seconds)
    }
  }

  /// Transforms the RGB block by block on all cores in memory, as
  /// ``transformRGB(pixelType:compression:writingTo:writer:_:)`` does, for ``write(to:using:)``
  /// to write later; the file then has the same bytes. Returns `transform`'s results in pixel
  /// order.
  package mutating func transformRGB<R>(
    pixelType: EXRPixelType?, compression: String?, for path: String,
    _ transform: @Sendable (Int, RGBABlock) -> R
  ) throws -> [R] {
    try withImage(compression: compression, path: path) { image, sets, luminance in
      try Self.gradeLevels(of: &image, sets, pixelType: pixelType, transform)
      let results = try sets.enumerated().flatMap { index, set in
        try image.transformRGB(of: set, pixelType: pixelType) { transform(index, $0) }
      }
      Self.foldLuminance(luminance, of: &image, pixelType: pixelType)
      return results
    } tiff: { image in
      image.transformRGB { transform(0, $0) }
    } dpx: { image in
      image.transformRGB { transform(0, $0) }
    }
  }

  /// Grades each set's mip/rip levels below full resolution (RasterIO's `transformLevelRGB`),
  /// before level (0, 0): the first set's full-resolution blocks, transformed after, are then
  /// the last to reach the preview. The levels' results are dropped, so the summary's counts
  /// are of full resolution.
  private static func gradeLevels<R>(
    of image: inout EXRImage, _ sets: [EXRChannelSet], pixelType: EXRPixelType?,
    _ transform: @Sendable (Int, RGBABlock) -> R
  ) throws {
    for (index, set) in sets.enumerated() {
      _ = try image.transformLevelRGB(of: set, pixelType: pixelType) { transform(index, $0) }
    }
  }

  /// Stores each luminance layer's graded grey back in its Y (weighted by its part's
  /// primaries, as OpenEXR's RGBA interface writes Y) and drops the temporary R, G, B. The
  /// document's sets then no longer fit its image: it is only written after this.
  private static func foldLuminance(
    _ luminance: [EXRLuminanceLayer], of image: inout EXRImage, pixelType: EXRPixelType?
  ) {
    for layer in luminance {
      let weights = workingSpace(of: image.parts[layer.partIndex]).primaries.luminanceWeights
      image.collapseLuminance(layer, weights: weights, pixelType: pixelType)
    }
  }

  /// Writes the file atomically to `path`.
  package func write(to path: String, using writer: AtomicFileWriter) throws {
    switch self {
    case .exr(let image, _, _): try image.write(to: path, using: writer)
    case .tiff(let image): try image.write(to: path, using: writer)
    case .dpx(let image): try image.write(to: path, using: writer)
    }
  }

  /// Applies the compression override (`path` names the output in its error; DPX has none)
  /// and, for TIFF, strips of a sensible size, then calls `exr`, `tiff` or `dpx` with the image
  /// moved out of `self`,
  /// so its sample arrays are uniquely referenced and transformed in place.
  private mutating func withImage<T>(
    compression: String?, path: String,
    exr: (inout EXRImage, [EXRChannelSet], [EXRLuminanceLayer]) throws -> T,
    tiff: (inout TIFFImage) throws -> T, dpx: (inout DPXImage) throws -> T
  ) throws -> T {
    let placeholder = ImageDocument.tiff(
      TIFFImage(width: 0, height: 0, samplesPerPixel: 3, samples: .uint8([])))
    switch self {
    case .exr(var image, let sets, let luminance):
      self = placeholder
      defer { self = .exr(image, sets, luminance: luminance) }
      if let compression {
        guard let c = EXRCompression(name: compression) else {
          throw RasterIOError(
            .invalidRequest, path: path, "unknown EXR compression '\(compression)'")
        }
        for i in image.parts.indices { image.parts[i].compression = c }
      }
      return try exr(&image, sets, luminance)
    case .tiff(var image):
      self = placeholder
      defer { self = .tiff(image) }
      // One-row strips (common in what some tools write) are written back as ~64 KiB strips.
      image.rowsPerStrip = image.sensibleRowsPerStrip
      if let compression {
        guard let c = TIFFCompression(name: compression) else {
          throw RasterIOError(
            .invalidRequest, path: path, "unknown TIFF compression '\(compression)'")
        }
        image.compression = c
      }
      return try tiff(&image)
    case .dpx(var image):
      self = placeholder
      defer { self = .dpx(image) }
      if let compression {
        throw RasterIOError(
          .invalidRequest, path: path, "DPX has no compression ('\(compression)')")
      }
      return try dpx(&image)
    }
  }
}
