extension CubeTable3D {
  /// The sizes Core Image's `CIColorCube` family accepts.
  public static let coreImageSizes = 2...64

  /// The table as Core Image `cubeData`: Float32 RGBA per node, alpha 1, red fastest (the
  /// layout `CIColorCubeWithColorSpace` expects), or `nil` when `size` is outside 2…64.
  ///
  /// The domain is not part of `cubeData`: Core Image always samples 0…1.
  public func coreImageCubeData() -> [Float]? {
    guard Self.coreImageSizes.contains(size) else { return nil }
    let nodes = size * size * size
    var out = [Float](repeating: 1, count: nodes * 4)
    for i in 0..<nodes {
      out[4 * i] = values[3 * i]
      out[4 * i + 1] = values[3 * i + 1]
      out[4 * i + 2] = values[3 * i + 2]
    }
    return out
  }

  /// Swift source that feeds a `cubeData` file written beside it to
  /// `CIColorCubeWithColorSpace` with extrapolation on (macOS 14 / iOS 17 and later).
  ///
  /// - Parameters:
  ///   - dataFileName: the name of the raw Float32 RGBA file the snippet loads.
  ///   - colorSpaceName: a `CGColorSpace` name constant, e.g. `itur_2100_PQ`.
  public func coreImageSnippet(dataFileName: String, colorSpaceName: String) -> String {
    """
    import CoreImage
    import Foundation

    /// Applies the cube in \(dataFileName) (\(size)^3, Float32 RGBA, red fastest).
    func applyCube(to image: CIImage) throws -> CIImage? {
      let url = Bundle.main.url(forResource: "\(dataFileName)", withExtension: nil)!
      let data = try Data(contentsOf: url)
      let filter = CIFilter(name: "CIColorCubeWithColorSpace")!
      filter.setValue(\(size), forKey: "inputCubeDimension")
      filter.setValue(data, forKey: "inputCubeData")
      filter.setValue(CGColorSpace(name: CGColorSpace.\(colorSpaceName)), forKey: "inputColorSpace")
      filter.setValue(true, forKey: "inputExtrapolate")
      filter.setValue(image, forKey: kCIInputImageKey)
      return filter.outputImage
    }

    """
  }
}
