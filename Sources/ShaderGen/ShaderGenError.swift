/// Why a cube cannot be written as a shader.
public enum ShaderGenError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The cube has no 3D table (a 1D file).
  case no3DTable
  /// The cube has a 1D shaper or video-range keywords, which shaders do not run yet.
  case unsupportedStage(String)
  /// `bounded` extrapolation, which shaders do not run yet.
  case boundedExtrapolation
  /// A constant-array table larger than ``CubeShader/maximumConstantSize``.
  case constantTableTooLarge(size: Int)

  /// The reason, for an error line after the file name.
  public var description: String {
    switch self {
    case .no3DTable:
      return "the cube has no 3D table; shaders are written for 3D cubes only"
    case .unsupportedStage(let stage):
      return "the cube has \(stage), which shaders do not run yet (docs/gpu.md)"
    case .boundedExtrapolation:
      return
        "--extrapolation bounded is not supported in shaders yet; give linear or clamp "
        + "(compare with eval --extrapolation linear or clamp, docs/gpu.md)"
    case .constantTableTooLarge(let size):
      return
        "a \(size)³ cube is too large for --table constant (at most "
        + "\(CubeShader.maximumConstantSize)³); use --table buffer"
    }
  }
}
