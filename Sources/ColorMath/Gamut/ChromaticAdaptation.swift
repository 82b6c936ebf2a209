extension Matrix3x3 {
  /// The Bradford cone-response matrix (Lam 1985; ICC.1 Annex E; colour-science's
  /// `CAT_BRADFORD`): XYZ → sharpened LMS.
  public static let bradford = Matrix3x3(
    rows: SIMD3(0.8951, 0.2664, -0.1614), SIMD3(-0.7502, 1.7135, 0.0367),
    SIMD3(0.0389, -0.0685, 1.0296))

  /// The Bradford chromatic adaptation from one white to another, on XYZ:
  /// `B⁻¹·diag(B·XYZ_dst / B·XYZ_src)·B` with `B` = ``bradford`` and each white at Y = 1
  /// (von Kries scaling in Bradford's cone space).
  ///
  /// - Parameters:
  ///   - source: the xy chromaticity of the white the colours are seen under.
  ///   - destination: the xy chromaticity of the white to adapt to.
  /// - Returns: the identity when the whites are equal.
  public static func bradfordAdaptation(from source: SIMD2<Double>, to destination: SIMD2<Double>)
    -> Matrix3x3
  {
    guard source != destination, let inverse = bradford.inverse else { return .identity }
    let gain =
      (bradford * RGBPrimaries.xyz(destination)) / (bradford * RGBPrimaries.xyz(source))
    return inverse * .diagonal(gain) * bradford
  }
}
