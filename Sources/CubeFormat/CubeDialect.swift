/// The two dialects that share the `.cube` extension.
public enum CubeDialect: String, Sendable, Hashable, CaseIterable {
  /// Adobe / IRIDAS Cube LUT Specification 1.0: TITLE, DOMAIN_MIN/MAX, one table.
  case adobe
  /// DaVinci Resolve: optional 1D shaper before the 3D table, LUT_*_INPUT_RANGE, video-range flags.
  case resolve
}
