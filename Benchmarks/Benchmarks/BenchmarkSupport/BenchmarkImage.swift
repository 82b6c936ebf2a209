/// The image the engine benchmarks process: packed RGBA `Float`, smooth gradients plus noise,
/// mostly inside 0…1 with about 10 % of the values outside (so linear extrapolation runs).
public enum BenchmarkImage {
  /// UHD: 3840 × 2160.
  public static let width = 3840
  /// UHD: 3840 × 2160.
  public static let height = 2160

  /// A freshly allocated RGBA image of `width × height` pixels; the caller deallocates it.
  public static func makeRGBA(width: Int = width, height: Int = height)
    -> UnsafeMutableBufferPointer<Float>
  {
    let buffer = UnsafeMutableBufferPointer<Float>.allocate(capacity: width * height * 4)
    var state: UInt64 = 42
    for y in 0..<height {
      for x in 0..<width {
        let i = 4 * (y * width + x)
        let u = Float(x) / Float(width)
        let v = Float(y) / Float(height)
        buffer[i] = -0.1 + 1.3 * u + 0.05 * Noise.signedUnit(&state)
        buffer[i + 1] = -0.05 + 1.2 * v + 0.05 * Noise.signedUnit(&state)
        buffer[i + 2] = 0.6 * (u + v) + 0.3 * Noise.signedUnit(&state)
        buffer[i + 3] = 1
      }
    }
    return buffer
  }
}
