import CubeFormat

/// A `CubeLUT` laid out for the fast kernels, built once per `LUTProcessor`: for the C kernels
/// (`NativeTables`, x86-64, a 3D table of at most 512³ nodes without video-range flags) or for the portable Swift
/// kernels (the 3D table as three planes, `PlanarTable`, and the input maps precomputed).
struct PreparedLUT: Sendable {
  /// The C kernels' tables, when they run this LUT (then `table3D` is nil).
  let native: NativeTables?
  /// The 1D stage's values (interleaved RGB rows) and input map.
  let table1D: (values: [Float], axis: AxisMap)?
  /// The 3D stage's planes (reds, greens, blues; red fastest), size and input map.
  let table3D: (planes: [Float], size: Int, axis: AxisMap)?
  /// `LUT_IN_VIDEO_RANGE`.
  let inputVideoRange: Bool
  /// `LUT_OUT_VIDEO_RANGE`.
  let outputVideoRange: Bool

  /// Lays out `lut` for the kernels `instructionSet` names.
  ///
  /// - Complexity: O(size³) time and 12·size³ bytes (Swift) or 16·size³ (C) for the 3D table.
  init(_ lut: CubeLUT, instructionSet: KernelInstructionSet = .best) {
    let videoRange = lut.inputVideoRange || lut.outputVideoRange
    if instructionSet != .portable, !videoRange, NativeTables.available, let table = lut.lut3D,
      table.size <= NativeTables.maximumSize
    {
      native = NativeTables(
        table: table, shaper: lut.lut1D,
        avx2: instructionSet == .best && NativeTables.avx2Supported)
      (table1D, table3D) = (nil, nil)
      (inputVideoRange, outputVideoRange) = (false, false)
      return
    }
    native = nil
    table1D = lut.lut1D.map { t in
      (t.values, AxisMap(domainMin: t.domainMin, domainMax: t.domainMax, size: t.size))
    }
    table3D = lut.lut3D.map { t in
      let count = t.size * t.size * t.size
      let planes = [Float](unsafeUninitializedCapacity: 3 * count) { buffer, initialized in
        t.values.withUnsafeBufferPointer { v in
          for i in 0..<count {
            for k in 0..<3 { buffer.initializeElement(at: k * count + i, to: v[3 * i + k]) }
          }
        }
        initialized = 3 * count
      }
      return (planes, t.size, AxisMap(domainMin: t.domainMin, domainMax: t.domainMax, size: t.size))
    }
    inputVideoRange = lut.inputVideoRange
    outputVideoRange = lut.outputVideoRange
  }
}

/// Receives the kernel chosen for one apply, as a concrete type, so that the pixel loop is
/// specialised for it.
protocol KernelVisitor {
  /// What the visit produces.
  associatedtype Result
  /// Runs with `kernel`; the table pointers inside it are valid only during this call.
  func visit<Kernel: PixelKernel>(_ kernel: Kernel) -> Result
}

extension PreparedLUT {
  /// Picks the kernel for `interpolation` × `extrapolation` × the stages present, once, and
  /// hands it to `visitor`.
  func withKernel<Visitor: KernelVisitor>(
    interpolation: Interpolation, extrapolation: Extrapolation, _ visitor: Visitor
  ) -> Visitor.Result {
    switch extrapolation {
    case .clamp: withKernel(ClampMode.self, interpolation, visitor)
    // `bounded` runs the linear kernels; LUTProcessor corrects the pixels below the domain.
    case .linear, .bounded: withKernel(LinearMode.self, interpolation, visitor)
    }
  }

  private func withKernel<Mode: ExtrapolationMode, Visitor: KernelVisitor>(
    _ mode: Mode.Type, _ interpolation: Interpolation, _ visitor: Visitor
  ) -> Visitor.Result {
    let shaperValues = table1D?.values ?? []
    let planes = table3D?.planes ?? []
    return shaperValues.withUnsafeBufferPointer { shaperBuffer in
      planes.withUnsafeBufferPointer { planeBuffer in
        var shaper: Table1DKernel<Mode>?
        if let t = table1D, let values = shaperBuffer.baseAddress {
          shaper = Table1DKernel<Mode>(values: values, axis: t.axis)
        }
        guard let t = table3D, let base = planeBuffer.baseAddress else {
          if let shaper { return withVideoRange(shaper, visitor) }
          return withVideoRange(IdentityKernel(), visitor)
        }
        switch interpolation {
        case .trilinear:
          let kernel = TrilinearKernel<Mode>(
            table: PlanarTable(base: base, size: t.size), axis: t.axis)
          return withShaper(shaper, kernel, visitor)
        case .tetrahedral:
          let kernel = TetrahedralKernel<Mode>(
            table: PlanarTable(base: base, size: t.size), axis: t.axis)
          return withShaper(shaper, kernel, visitor)
        }
      }
    }
  }

  private func withShaper<Mode: ExtrapolationMode, Kernel: PixelKernel, Visitor: KernelVisitor>(
    _ shaper: Table1DKernel<Mode>?, _ kernel: Kernel, _ visitor: Visitor
  ) -> Visitor.Result {
    guard let shaper else { return withVideoRange(kernel, visitor) }
    return withVideoRange(ChainKernel(first: shaper, second: kernel), visitor)
  }

  private func withVideoRange<Kernel: PixelKernel, Visitor: KernelVisitor>(
    _ kernel: Kernel, _ visitor: Visitor
  ) -> Visitor.Result {
    guard inputVideoRange || outputVideoRange else { return visitor.visit(kernel) }
    return visitor.visit(
      VideoRangeKernel(inner: kernel, mapsInput: inputVideoRange, mapsOutput: outputVideoRange))
  }
}
