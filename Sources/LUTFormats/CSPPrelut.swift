/// A `.csp` prelut channel: the cineSpace piecewise-cubic interpolator through its points
/// (Rising Sun Research's, as OpenColorIO carries it), held at its end values outside them,
/// evaluated in Float as OpenColorIO does so that the resampled table matches it.
struct CSPPrelut {
  let stims: [Float]
  let minValue, maxValue: Float
  /// Per segment: 1 / width and the cubic's four coefficients.
  let segments: [(invDelta: Float, a: Float, b: Float, c: Float, d: Float)]

  /// The interpolator through `inputs` (increasing) and `outputs`, at least 2 points.
  init(inputs: [Float], outputs: [Float]) {
    stims = inputs
    minValue = outputs[0]
    maxValue = outputs[outputs.count - 1]
    let n = inputs.count
    var segments: [(Float, Float, Float, Float, Float)] = []
    if n == 2 {
      segments = [(1 / (inputs[1] - inputs[0]), outputs[0], outputs[1] - outputs[0], 0, 0)]
    } else {
      for i in 0..<n - 1 {
        let f0 = outputs[i]
        let f1 = outputs[i + 1]
        let invDelta = 1 / (inputs[i + 1] - inputs[i])
        let delta = inputs[i + 1] - inputs[i]
        if i == 0 {
          let delta2 = (inputs[i + 2] - inputs[i + 1]) / delta
          let dfdx1 = (outputs[i + 2] - f0) / (1 + delta2)
          segments.append((invDelta, f0, -2 * f0 + 2 * f1 - dfdx1, f0 - f1 + dfdx1, 0))
        } else if i == n - 2 {
          let delta1 = (inputs[i] - inputs[i - 1]) / delta
          let dfdx0 = (f1 - outputs[i - 1]) / (1 + delta1)
          segments.append((invDelta, f0, dfdx0, -f0 + f1 - dfdx0, 0))
        } else {
          let delta1 = (inputs[i] - inputs[i - 1]) / delta
          let delta2 = (inputs[i + 2] - inputs[i + 1]) / delta
          let dfdx0 = (f1 - outputs[i - 1]) / (1 + delta1)
          let dfdx1 = (outputs[i + 2] - f0) / (1 + delta2)
          let c = -3 * f0 - 2 * dfdx0 + 3 * f1 - dfdx1
          let d = 2 * f0 + dfdx0 - 2 * f1 + dfdx1
          segments.append((invDelta, f0, dfdx0, c, d))
        }
      }
    }
    self.segments = segments.map { (invDelta: $0.0, a: $0.1, b: $0.2, c: $0.3, d: $0.4) }
  }

  /// The interpolated value at `x`.
  func callAsFunction(_ x: Float) -> Float {
    if x.isNaN { return x }
    if x < stims[0] { return minValue }
    if x > stims[stims.count - 1] { return maxValue }
    var low = 0
    var high = stims.count - 1
    while high - low > 1 {  // the segment whose start is the last stim ≤ x
      let mid = (low + high) / 2
      if stims[mid] <= x { low = mid } else { high = mid }
    }
    let s = segments[min(low, segments.count - 1)]
    let z = (x - stims[low]) * s.invDelta
    return s.a + z * (s.b + z * (s.c + s.d * z))
  }
}
