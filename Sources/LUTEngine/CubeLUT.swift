public import CubeFormat

/// A `.cube` file's tables as one raw-space transform: video-range mapping in, shaper (1D),
/// 3D table, video-range mapping out.
///
/// "Raw" means values go into the tables as they are (OpenColorIO's FileTransform); colour
/// spaces are the business of `EDRPipeline`.
public struct CubeLUT: Sendable, Hashable {
  /// The 1D stage: the only table of a 1D file, or the shaper in front of the 3D table.
  public var lut1D: CubeTable1D?
  /// The 3D stage.
  public var lut3D: CubeTable3D?
  /// Map full-range input to video range before the first stage (`LUT_IN_VIDEO_RANGE`).
  public var inputVideoRange: Bool
  /// Map the result from video range back to full range (`LUT_OUT_VIDEO_RANGE`).
  public var outputVideoRange: Bool

  /// Creates a transform from its stages; at least one table should be present (with none,
  /// the transform is the identity).
  public init(
    lut1D: CubeTable1D? = nil, lut3D: CubeTable3D? = nil, inputVideoRange: Bool = false,
    outputVideoRange: Bool = false
  ) {
    self.lut1D = lut1D
    self.lut3D = lut3D
    self.inputVideoRange = inputVideoRange
    self.outputVideoRange = outputVideoRange
  }

  /// The transform described by a parsed `.cube` file.
  public init(_ file: CubeFile) {
    self.init(
      lut1D: file.lut1D, lut3D: file.lut3D, inputVideoRange: file.inputVideoRange,
      outputVideoRange: file.outputVideoRange)
  }
}
