import CLFFormat
import Foundation
import LUTEngine
import Testing

/// Hand-checked values of the CLF curves: each node alone on known inputs.
@Suite struct CurveTests {
  static func apply(_ node: ProcessNode, _ x: SIMD3<Double>) -> SIMD3<Double> {
    ProcessListProcessor(ProcessList(nodes: [node])).apply(x)
  }

  @Test func bitDepthsScaleMatrixAndRange() {
    // 10i in, 12i out: a unit matrix maps 1023 to 1023 code values, i.e. normalised x·1023/4095.
    let m = ProcessNode(
      inBitDepth: .uint10, outBitDepth: .uint12,
      operation: .matrix(CLFMatrix(values: [1, 0, 0, 0, 1, 0, 0, 0, 1])))
    let y = Self.apply(m, SIMD3(1, 0.5, 0))
    #expect(abs(y.x - 1023.0 / 4095) < 1e-12 && abs(y.y - 511.5 / 4095) < 1e-12)
    // Range 64…940 (10i) → 0…1 (32f), clamped.
    let r = ProcessNode(
      inBitDepth: .uint10, outBitDepth: .float32,
      operation: .range(CLFRange(minIn: 64, maxIn: 940, minOut: 0, maxOut: 1)))
    let z = Self.apply(r, SIMD3(64.0 / 1023, 502.0 / 1023, 1))
    #expect(abs(z.x) < 1e-12 && abs(z.y - 0.5) < 1e-12 && z.z == 1)
  }

  @Test func exponentAndLogStyles() {
    let gamma = ProcessNode(
      operation: .exponent(CLFExponent(style: .basicFwd, exponents: [2, 2, 2])))
    #expect(Self.apply(gamma, SIMD3(0.5, -1, 3)) == SIMD3(0.25, 0, 9))
    // monCurve with Rec.709's constants: the linear segment below 0.081 has slope 1/4.5.
    let rec709 = ProcessNode(
      operation: .exponent(
        CLFExponent(
          style: .monCurveFwd, exponents: [1 / 0.45, 1 / 0.45, 1 / 0.45],
          offsets: [0.099, 0.099, 0.099])))
    let v = Self.apply(rec709, SIMD3(0.045, 0.5, 1))
    #expect(abs(v.x - 0.01) < 1e-4 && abs(v.z - 1) < 1e-12)
    #expect(abs(v.y - pow((0.5 + 0.099) / 1.099, 1 / 0.45)) < 1e-12)
    let log = ProcessNode(operation: .log(CLFLog(style: .log2)))
    #expect(Self.apply(log, SIMD3(8, 0.25, 1)) == SIMD3(3, -2, 0))
    let cineon = CLFLog.Parameters(
      base: 10, logSideSlope: 0.29325513196, logSideOffset: 0.66959921799,
      linSideSlope: 0.98920224838, linSideOffset: 0.01079775162)
    let there = ProcessNode(
      operation: .log(CLFLog(style: .linToLog, channels: Array(repeating: cineon, count: 3))))
    let back = ProcessNode(
      operation: .log(CLFLog(style: .logToLin, channels: Array(repeating: cineon, count: 3))))
    let x = SIMD3<Double>(0.18, 0.5, 2)
    let round = ProcessListProcessor(ProcessList(nodes: [there, back])).apply(x)
    #expect(abs(round.x - x.x) < 1e-12 && abs(round.z - x.z) < 1e-12)
  }

  @Test func cdlForwardAndReverseInvertEachOther() {
    let cdl = CLFCDL(
      style: .fwdNoClamp, slope: SIMD3(1.2, 1, 0.8), offset: SIMD3(0.01, 0, -0.02),
      power: SIMD3(1.1, 1, 0.9), saturation: 0.8)
    var reverse = cdl
    reverse.style = .revNoClamp
    let list = ProcessList(nodes: [
      ProcessNode(operation: .cdl(cdl)), ProcessNode(operation: .cdl(reverse)),
    ])
    let x = SIMD3<Double>(0.3, 0.5, 0.7)
    let y = ProcessListProcessor(list).apply(x)
    #expect(abs(y.x - x.x) < 1e-12 && abs(y.y - x.y) < 1e-12 && abs(y.z - x.z) < 1e-12)
  }

  @Test func halfBitsRoundTrip() {
    for bits: UInt16 in [0, 1, 0x03FF, 0x0400, 0x3C00, 0x7BFF, 0x8001, 0xC000] {
      #expect(CLFHalf.bits(Float(CLFHalf.double(bits))) == bits)
    }
    #expect(CLFHalf.double(0x3C00) == 1 && CLFHalf.double(0xC000) == -2)
    #expect(CLFHalf.bits(70000) == 0x7C00 && CLFHalf.bits(1.00048828125) == 0x3C00)
  }
}
