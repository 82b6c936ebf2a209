import CLUTKernels
import TestSupport
import Testing

/// The SSE2 kernel's fused multiply-add (emulated for CPUs without FMA) against the correctly
/// rounded `addingProduct`, including the case a double-then-float rounding gets wrong.
@Suite struct FusedMultiplyAddTests {
  /// a·b + c through the SSE2 kernel's `madd_ps`.
  static func sse2(_ a: [Float], _ b: [Float], _ c: [Float]) -> [Float] {
    var out = [Float](repeating: 0, count: a.count)
    edr_sse2_fused_multiply_add(a, b, c, &out, Int64(a.count))
    return out
  }

  static func mismatches(_ a: [Float], _ b: [Float], _ c: [Float]) -> [Int] {
    let got = sse2(a, b, c)
    return a.indices.filter { i in
      let want = c[i].addingProduct(a[i], b[i])
      return !(want.bitPattern == got[i].bitPattern || (want.isNaN && got[i].isNaN))
    }
  }

  @Test func doubleRoundingCaseIsRoundedOnce() {
    #if arch(x86_64)
      // a·b + c = 1 + 2⁻²⁴ + 2⁻⁵⁴: to double that is 1 + 2⁻²⁴, a tie that float rounding
      // would send to 1; rounded once it is 1 + 2⁻²³.
      let a = 1 + Float(sign: .plus, exponent: -15, significand: 1)
      let b = -Float(sign: .plus, exponent: -24, significand: 1) * (2 - a)
      let c = 1 + Float.ulpOfOne
      #expect(c.addingProduct(a, b) == 1 + Float.ulpOfOne)
      #expect(Float(Double(a) * Double(b) + Double(c)) == 1)
      #expect(Self.sse2([a], [b], [c]) == [1 + Float.ulpOfOne])
    #endif
  }

  @Test func exactTiesAndSubnormalResults() {
    #if arch(x86_64)
      let one = Float(1)
      let ulp = Float.ulpOfOne
      // 1 + 2⁻²⁴ exactly: a tie, to even (1).
      let tie = (one, Float(sign: .plus, exponent: -24, significand: 1), one)
      // The largest subnormal − 2⁻¹⁵⁰ + 2⁻¹⁹⁶: above the halfway point, so the largest
      // subnormal (a double rounding lands on the halfway point and then on the even 2⁻¹²⁶ −
      // 2⁻¹⁴⁸).
      let scale = Float(sign: .plus, exponent: -75, significand: 1)
      let largestSubnormal = Float.leastNormalMagnitude - Float.leastNonzeroMagnitude
      let subnormal = ((1 + ulp) * scale, -(1 - ulp) * scale, largestSubnormal)
      #expect(
        Float(Double(subnormal.0) * Double(subnormal.1) + Double(subnormal.2)) != largestSubnormal)
      let cases = [tie, subnormal]
      #expect(cases.map { $0.2.addingProduct($0.0, $0.1) } == [1, largestSubnormal])
      #expect(Self.sse2(cases.map(\.0), cases.map(\.1), cases.map(\.2)) == [1, largestSubnormal])
    #endif
  }

  @Test func randomOperandsAcrossMagnitudes() {
    #if arch(x86_64)
      var generator = SeededGenerator(seed: 77)
      var (a, b, c) = ([Float](), [Float](), [Float]())
      for _ in 0..<200_000 {
        // Random bits (any sign, exponent and significand), then the same around 1 where
        // blends live, with c close to −a·b so that the sum cancels.
        a.append(Float(bitPattern: UInt32(truncatingIfNeeded: generator.next())))
        b.append(Float(bitPattern: UInt32(truncatingIfNeeded: generator.next())))
        c.append(Float(bitPattern: UInt32(truncatingIfNeeded: generator.next())))
        let x = Float.random(in: 0..<1, using: &generator) * 2 - 0.5
        let y = Float.random(in: 0..<1, using: &generator) * 4 - 2
        a.append(x)
        b.append(y)
        c.append(-(x * y) + Float.random(in: 0..<1, using: &generator) * 1e-6)
      }
      let edges: [Float] = [
        0, -0.0, 1, -1, .infinity, -.infinity, .nan, .greatestFiniteMagnitude,
        .leastNormalMagnitude, .leastNonzeroMagnitude, 3e38, -3e38, 1e-30,
      ]
      for x in edges {
        for y in edges {
          for z in edges {
            a.append(x)
            b.append(y)
            c.append(z)
          }
        }
      }
      let wrong = Self.mismatches(a, b, c)
      #expect(wrong.isEmpty, "\(wrong.prefix(3).map { (a[$0], b[$0], c[$0]) })")
    #endif
  }
}
