import CubeFormat
import EDRPipeline
import FileOutput
import LUTEngine
import RasterIO

/// Grades image files with a cube or a process list exactly as `edrcube apply` does: the file
/// read whole (every part, channel, attribute and tag kept), each RGB(A) set looked up in its
/// own working space (an EXR part's chromaticities, integer TIFF as sRGB, …), colour divided by
/// alpha around the lookup where the file stores it premultiplied, and the result written
/// atomically (a temporary file renamed into place), so nothing half-written is left on
/// failure. The bytes written are those of `edrcube apply` with the same options.
///
/// ```swift
/// let cube = try CubeReader.read(contentsOf: "luts/warm_sdr.cube")
/// let grader = try ImageGrader(cube: cube, path: "luts/warm_sdr.cube")
/// let report = try grader.grade("plate.exr", to: "plate_warm.exr")
/// let graded = (report.pixels, report.notes)   // the counts and what `apply` would say
/// ```
public struct ImageGrader: Sendable {
  /// How files are read and written: `apply`'s options of the same names.
  public struct Options: Sendable {
    /// An EXR part's name or index (nil: every part).
    public var part: String?
    /// Only the EXR layer of this name (nil: every layer with colour).
    public var layer: String?
    /// Only the EXR layers and parts of this view.
    public var view: String?
    /// How colour relates to alpha (nil: what the file says, ``ImageAlphaMode``).
    public var alpha: ImageAlphaMode?
    /// What becomes of the colour of premultiplied pixels whose alpha is not above 0.
    public var transparent: TransparentColour
    /// The EXR output's pixel type (nil: the input's).
    public var pixelType: EXRPixelType?
    /// A DPX output's bits per component (nil: the input's).
    public var depth: Int?
    /// The output's compression by name (`zip`, `piz`, `lzw`, …; nil: the input's).
    public var compression: String?
    /// What an input may decode to.
    public var limits: RasterLimits

    /// Options with every value the file's own, within the standard limits.
    public init(
      part: String? = nil, layer: String? = nil, view: String? = nil,
      alpha: ImageAlphaMode? = nil, transparent: TransparentColour = .keep,
      pixelType: EXRPixelType? = nil, depth: Int? = nil, compression: String? = nil,
      limits: RasterLimits = .standard
    ) {
      self.part = part
      self.layer = layer
      self.view = view
      self.alpha = alpha
      self.transparent = transparent
      self.pixelType = pixelType
      self.depth = depth
      self.compression = compression
      self.limits = limits
    }
  }

  /// What grading one file found.
  public struct Report: Sendable {
    /// Pixels graded (full resolution, every set).
    public var pixels: Int
    /// Pixels with a NaN or infinite R, G or B in the input.
    public var nonFinitePixels: Int
    /// Pixels with a NaN or infinite R, G or B after the lookup.
    public var nonFiniteOutputPixels: Int
    /// R, G, B values the output format cannot hold (beyond half's range, or outside 0…1
    /// for integer formats).
    public var clippedValues: Int
    /// Pixels with an R, G or B above 1 (EDR highlights) in the input.
    public var edrPixels: Int
    /// What the terminal would show: the sets graded and passed through, conversions, and the
    /// lookups' notes.
    public var notes: [String]
    /// The warning for a look that flattens EDR highlights, if any.
    public var flatteningWarning: String?
  }

  private let processor: FrameProcessor

  /// A grader that asks `lookup` for the cube's application to pixels of each working space
  /// met (once per space).
  public init(
    options: Options = Options(), writer: AtomicFileWriter = AtomicFileWriter(),
    lookup: @escaping @Sendable (WorkingSpace) throws -> ImageLookup
  ) {
    processor = FrameProcessor(
      transforms: TransformResolver(lookup), options: options, writer: writer)
  }

  /// A grader for `cube` as `apply` applies it with no space options: its spaces from its
  /// `# EDRCube space:` comment or its own words (TITLE, comments, the file name `path`), else
  /// `srgb rec709` (the report's notes then say so).
  /// - Throws: `EDRPipelineError` when the cube's comment names no space it knows.
  public init(
    cube: CubeFile, path: String? = nil, interpolation: Interpolation = .trilinear,
    extrapolation: Extrapolation? = nil, policy: EDRPolicy = .default,
    options: Options = Options(), writer: AtomicFileWriter = AtomicFileWriter()
  ) throws {
    let resolution = try CubeSpacePair.resolve(
      input: nil, primaries: nil, output: nil, outputPrimaries: nil, referenceWhite: nil,
      comments: cube.comments, title: cube.title, fileName: path,
      keepsPrimaries: cube.lut3D == nil)
    let lut = CubeLUT(cube)
    let spaces = resolution.spaces
    self.init(options: options, writer: writer) { working in
      ImageLookup(
        application: CubeApplication(
          lut: lut, space: spaces.input, outputSpace: spaces.output, working: working,
          interpolation: interpolation, extrapolation: extrapolation, policy: policy),
        firstNotes: resolution.assumption.map { [$0] } ?? [])
    }
  }

  /// A grader applying `processList` raw, as `apply` applies a CLF/CTF or other process list.
  public init(
    processList: ProcessListProcessor, options: Options = Options(),
    writer: AtomicFileWriter = AtomicFileWriter()
  ) {
    self.init(options: options, writer: writer) { working in
      ImageLookup(application: CubeApplication(processList: processList, working: working))
    }
  }

  /// Grades the file at `input` into `output` (OpenEXR, TIFF or DPX, by `output`'s extension;
  /// EXR ↔ TIFF converts, keeping what the pixels mean).
  /// - Throws: `RasterIOError` (unreadable or unsupported input, an output that cannot be
  ///   written) or `FileOutputError`; nothing is left at `output` then.
  public func grade(_ input: String, to output: String) throws -> Report {
    var notes: [String] = []
    let frame = try processor.process(ImageJob(input: input, output: output), notes: &notes)
    let c = frame.counts
    return Report(
      pixels: c.pixels, nonFinitePixels: c.nonFinitePixels,
      nonFiniteOutputPixels: c.nonFiniteOutputs, clippedValues: c.clippedValues,
      edrPixels: c.edrPixels, notes: notes, flatteningWarning: frame.flatteningWarning)
  }
}
