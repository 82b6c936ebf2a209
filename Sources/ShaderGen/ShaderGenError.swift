/// Why a cube cannot be written as a shader.
public enum ShaderGenError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The cube has no 3D table (a 1D file).
  case no3DTable
  /// The cube has a 1D shaper or video-range keywords, which shaders do not run yet.
  case unsupportedStage(String)
  /// A step of the application that shaders do not run (a tone map).
  case unsupportedChain(String)
  /// A cube-space curve without a shader form (the log curves without a `FastLogCurve`).
  case unsupportedCurve(String)
  /// A constant-array table larger than ``CubeShader/maximumConstantSize``.
  case constantTableTooLarge(size: Int)

  /// The reason, for an error line after the file name.
  public var description: String {
    switch self {
    case .no3DTable:
      return "the cube has no 3D table; shaders are written for 3D cubes only"
    case .unsupportedStage(let stage):
      return "the cube has \(stage), which shaders do not run yet (docs/gpu.md)"
    case .unsupportedChain(let step):
      return "shaders do not run \(step) yet; apply it after the shader (docs/gpu.md)"
    case .unsupportedCurve(let name):
      return
        "shaders do not run the \(name) curve yet; the cube spaces they run are linear, srgb, "
        + "bt1886, pq, hlg, acescct, acescc, logc3, logc4, slog3, vlog, log3g10, applelog and "
        + "davinci-intermediate (docs/gpu.md)"
    case .constantTableTooLarge(let size):
      return
        "a \(size)³ cube is too large for --table constant (at most "
        + "\(CubeShader.maximumConstantSize)³); use --table buffer"
    }
  }
}
