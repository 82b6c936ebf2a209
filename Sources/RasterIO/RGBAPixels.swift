/// Interleaved RGBA pixels as `Float`, the working buffer a LUT is applied to.
public struct RGBAPixels: Hashable, Sendable {
  /// Columns.
  public var width: Int
  /// Rows.
  public var height: Int
  /// `width × height × 4` values, R G B A per pixel, rows top to bottom. Alpha is 1 when the
  /// image has none.
  public var values: [Float]
  /// Whether the source had an alpha channel.
  public var hasAlpha: Bool

  /// Creates pixels.
  /// - Precondition: `values.count == width * height * 4` (a programmer error otherwise).
  public init(width: Int, height: Int, values: [Float], hasAlpha: Bool) {
    precondition(values.count == width * height * 4, "RGBAPixels needs width·height·4 values")
    self.width = width
    self.height = height
    self.values = values
    self.hasAlpha = hasAlpha
  }

  /// Interleaves up to four planes (missing alpha becomes 1).
  init(width: Int, height: Int, planes: [[Float]]) {
    let count = width * height
    let values = [Float](unsafeUninitializedCapacity: count * 4) { out, initialized in
      for c in 0..<4 {
        if c < planes.count {
          planes[c].withUnsafeBufferPointer { plane in
            for i in 0..<count { out[i * 4 + c] = plane[i] }
          }
        } else {
          for i in 0..<count { out[i * 4 + c] = 1 }
        }
      }
      initialized = count * 4
    }
    self.init(width: width, height: height, values: values, hasAlpha: planes.count > 3)
  }

  /// One channel (0 R, 1 G, 2 B, 3 A) as a plane.
  func plane(_ channel: Int) -> [Float] {
    let count = width * height
    return values.withUnsafeBufferPointer { source in
      [Float](unsafeUninitializedCapacity: count) { out, initialized in
        for i in 0..<count { out[i] = source[i * 4 + channel] }
        initialized = count
      }
    }
  }
}
