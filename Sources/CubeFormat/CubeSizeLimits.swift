/// The table sizes a `.cube` may have (docs/semantics.md §2), named once for the reader, the
/// writer, the generator and the converter.
public enum CubeSizeLimits {
  /// `LUT_1D_SIZE`: 2…65536 rows.
  public static let rows1D = 2...65536
  /// `LUT_3D_SIZE` the Adobe specification allows and every reader takes: 2…256.
  public static let nodes3D = 2...256
  /// `LUT_3D_SIZE` this reader accepts (above `nodes3D` with a warning): 2…1024.
  public static let readableNodes3D = 2...1024
}
