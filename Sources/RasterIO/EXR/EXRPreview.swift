import Foundation

/// An OpenEXR `preview` attribute: a small 8-bit RGBA thumbnail of the part, stored in the
/// header for file browsers (OpenEXR's `PreviewImage`).
public struct EXRPreview: Hashable, Sendable {
  /// Columns.
  public var width: Int
  /// Rows.
  public var height: Int
  /// R, G, B, A bytes per pixel, rows top to bottom (`width · height · 4`).
  public var rgba: [UInt8]

  /// Creates a preview from its bytes.
  /// - Precondition: `rgba.count == width · height · 4` (a programmer error).
  public init(width: Int, height: Int, rgba: [UInt8]) {
    precondition(rgba.count == width * height * 4, "preview size mismatch")
    self.width = width
    self.height = height
    self.rgba = rgba
  }

  /// A preview of `width`×`height` from linear, premultiplied RGBA pixels, encoded as
  /// OpenEXR's `exrmakepreview` does at exposure 0: colour times 2^2.47393, a knee above 1
  /// (`1 + log(1 + 0.184874·(x − 1)) / 0.184874`), then `x^0.4545 · 84.66` clamped to 0…255;
  /// alpha times 255. `pixel(i)` gives preview pixel `i`'s source value (row-major).
  public init(width: Int, height: Int, linear pixel: (Int) -> SIMD4<Float>) {
    let m = Float(pow(2, 2.47393))
    func encode(_ v: Float) -> UInt8 {
      var x = max(0, v * m)
      if !(x.isFinite) { x = x.isNaN ? 0 : 1e30 }
      if x > 1 { x = 1 + log1p(0.184874 * (x - 1)) / 0.184874 }
      return UInt8(min(max(pow(x, 0.4545) * 84.66, 0), 255))
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(width * height * 4)
    for i in 0..<(width * height) {
      let p = pixel(i)
      bytes += [encode(p.x), encode(p.y), encode(p.z), UInt8(min(max(p.w * 255, 0), 255))]
    }
    self.init(width: width, height: height, rgba: bytes)
  }
}
