/// The bounds the CLF reader enforces before it allocates, so that a hostile file costs a
/// bounded amount of memory and time (docs/clf.md). Table sizes are checked against these
/// before anything is allocated, like ``CubeSizeLimits`` for `.cube` files.
public enum CLFLimits {
  /// The largest file read: 256 MiB (a 129³ LUT3D in text is about 70 MiB).
  public static let maxBytes = 256 << 20
  /// The deepest element nesting: 64 (real files nest 4 deep).
  public static let maxDepth = 64
  /// The most elements in one file: 100 000.
  public static let maxElements = 100_000
  /// The most attributes on one element: 64.
  public static let maxAttributes = 64
  /// The most process nodes in one ProcessList: 1000.
  public static let maxNodes = 1000
  /// LUT1D lengths: 2…2²⁰ (OpenColorIO's own tests use 131072 entries; 24 MiB at most).
  public static let lut1DLength = 2...(1 << 20)
  /// LUT3D grid sizes: 2…129 (OpenColorIO's limit; 49 MiB of values at most).
  public static let lut3DGrid = 2...129
}
