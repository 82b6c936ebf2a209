/// How colour relates to alpha in a file (docs/semantics.md §7).
public enum ImageAlphaMode: String, CaseIterable, Sendable {
  /// Colour multiplied by alpha (OpenEXR; TIFF with associated alpha): divided by alpha
  /// around the lookup and multiplied back after.
  case premultiplied
  /// Colour independent of alpha (TIFF with unassociated alpha, DPX): looked up as it is.
  case straight
}
