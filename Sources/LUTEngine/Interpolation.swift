/// How a 3D table is interpolated between its nodes.
public enum Interpolation: String, Sendable, Hashable, CaseIterable {
  /// The 8-corner blend of the enclosing cell.
  case trilinear
  /// The six-tetrahedra blend of 4 corners chosen by the order of the cell fractions.
  case tetrahedral
}

/// What happens to inputs outside a table's domain.
public enum Extrapolation: String, Sendable, Hashable, CaseIterable {
  /// Inputs are clamped to the domain first (OpenColorIO, ffmpeg, colour-science).
  case clamp
  /// The first-order extension of the boundary cell (docs/semantics.md §3): continuous, exact for
  /// affine tables, growing linearly. For 1D tables, the boundary interval's slope.
  case linear
  /// `linear` above the domain; below it (negative, out-of-gamut components) the linear
  /// extension with each channel's slope capped at the larger of 1 and the transform's own gain
  /// across the domain (``BoundedExtension``): exact for affine transforms, and a look whose
  /// values stay within 0…1 never amplifies a negative remainder.
  case bounded
}
