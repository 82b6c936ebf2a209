/// Which readers a written `.cube` file must suit (docs/semantics.md §2, Writing).
public enum CubeWriterProfile: String, Sendable, Hashable, CaseIterable {
  /// Adobe Cube LUT Specification 1.0: one table, quoted `TITLE`, `DOMAIN_MIN/MAX` when not
  /// 0…1, 3D size ≤ 256. No shaper and no video-range flags.
  case adobe
  /// DaVinci Resolve: optional shaper, `LUT_1D/3D_INPUT_RANGE` (scalar, so every channel's
  /// range must be equal), `LUT_IN/OUT_VIDEO_RANGE`, 3D size ≤ 1024.
  case resolve
  /// What OpenColorIO 2.x reads: Adobe syntax for one table, Resolve syntax without `TITLE`
  /// for a shaper file, 3D size ≤ 129, no video-range flags.
  case ocio
}
