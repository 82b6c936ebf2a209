/// Applies a raw-space `.cube` transform to single colours and to pixel buffers.
///
/// The kernel (interpolation × extrapolation × stages) is chosen once per call: the
/// hand-written SSE2/AVX2 kernels on x86-64, the Swift kernels elsewhere. Results equal
/// `ReferenceKernel`'s and do not depend on the thread count or the instruction set. Alpha
/// and any channel other than R, G and B are never changed (see `PixelLayout`). Batch entry points are in
/// `LUTProcessor+Batch.swift`.
public struct LUTProcessor: Sendable {
  /// The transform.
  public let lut: CubeLUT
  /// 3D interpolation.
  public let interpolation: Interpolation
  /// Behaviour outside each table's domain.
  public let extrapolation: Extrapolation
  /// The tables laid out for the fast kernels.
  let prepared: PreparedLUT
  /// The domain below which `bounded` corrects the linear kernels (nil for other modes).
  let bound: BoundedExtension?

  /// Creates a processor whose kernels are chosen once, here: `instructionSet` (default
  /// ``KernelInstructionSet/best``) names them; results do not depend on it.
  ///
  /// - Complexity: O(size³): the 3D table is copied once into the kernels' padded layout.
  public init(
    lut: CubeLUT, interpolation: Interpolation = .trilinear, extrapolation: Extrapolation = .linear,
    instructionSet: KernelInstructionSet = .best
  ) {
    self.lut = lut
    self.interpolation = interpolation
    self.extrapolation = extrapolation
    prepared = PreparedLUT(lut, instructionSet: instructionSet)
    bound = extrapolation == .bounded ? BoundedExtension(lut) : nil
  }

  /// Whether the hand-written C kernels run this processor (else the Swift ones).
  var usesNativeKernels: Bool { prepared.native != nil }

  /// The transform of one RGB value.
  public func apply(_ rgb: SIMD3<Float>) -> SIMD3<Float> {
    guard let bound else { return applyKernel(rgb) }
    return bound.evaluate(rgb, applyKernel)
  }

  /// The kernels' value at one RGB value (`bounded` runs the linear kernels).
  func applyKernel(_ rgb: SIMD3<Float>) -> SIMD3<Float> {
    if let native = prepared.native {
      return native.apply(rgb, interpolation: interpolation, extrapolation: extrapolation)
    }
    let out = prepared.withKernel(
      interpolation: interpolation, extrapolation: extrapolation,
      SingleColorVisitor(
        block: RGBBlock(
          r: SIMD4(repeating: rgb.x), g: SIMD4(repeating: rgb.y), b: SIMD4(repeating: rgb.z))))
    return SIMD3(out.r[0], out.g[0], out.b[0])
  }
}

/// Evaluates one colour with the chosen kernel.
private struct SingleColorVisitor: KernelVisitor {
  let block: RGBBlock

  func visit<Kernel: PixelKernel>(_ kernel: Kernel) -> RGBBlock {
    kernel.transform(block)
  }
}
