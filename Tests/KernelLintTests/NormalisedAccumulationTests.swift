import KernelLint
import Testing

/// Precision device 4, normalised accumulation (docs/lint-rules.md §1.3): averages and convex weight
/// tables keep output alpha in [0, 1]; sums that are not normalised are still reported.
@Suite struct NormalisedAccumulationTests {
  private func rules(_ text: String, path: String = "k.cikernel") -> [RuleID] {
    Linter().lint(text: text, path: path).findings.map(\.ruleID)
  }

  /// A CIKL loop over `count` taps accumulating `term` (with `i` the tap) into `acc`,
  /// returning `result`.
  private func loop(_ count: String, _ term: String, _ result: String, prelude: String = "")
    -> String
  {
    """
    \(prelude)
    kernel vec4 k(sampler src, float r) {
      vec2 dc = destCoord();
      vec4 acc = vec4(0.0);
      for (int i = 0; i < \(count); i++) {
        vec4 s = sample(src, samplerTransform(src, dc + vec2(float(i) * r, 0.0)));
        acc += \(term);
      }
      return \(result);
    }
    """
  }

  @Test(arguments: ["9", "25", "N"])
  func averagesOfConstantTripCount(count: String) {
    let n = count == "N" ? "40" : count
    #expect(rules(loop(count, "s", "acc / \(n).0", prelude: "#define N 40")).isEmpty)
    #expect(rules(loop(count, "s", "acc / float(\(count))", prelude: "#define N 40")).isEmpty)
    #expect(rules(loop(count, "s", "acc / 8.0", prelude: "#define N 40")) == [.alpha001])
    #expect(rules(loop(count, "s", "acc", prelude: "#define N 40")) == [.alpha001])
  }

  @Test func nestedAverage() {
    let text = """
      kernel vec4 box(sampler src) {
        vec4 acc = vec4(0.0);
        for (int y = -4; y <= 4; y++) {
          for (int x = -4; x <= 4; x++) {
            acc += sample(src, samplerTransform(src, destCoord() + vec2(float(x), float(y))));
          }
        }
        return acc / 81.0;
      }
      """
    #expect(rules(text).isEmpty)
    #expect(rules(text.replacing("81.0", with: "64.0")) == [.alpha001])
  }

  @Test func weightsChosenByTheTapSumToOne() {
    let ternary = "s * ((i == 2) ? 0.4 : ((i == 1 || i == 3) ? 0.2 : 0.1))"
    #expect(rules(loop("5", ternary, "acc")).isEmpty)
    #expect(rules(loop("5", ternary.replacing("0.4", with: "0.6"), "acc")) == [.alpha001])
    let table = "const float weights[5] = float[5](0.1, 0.2, 0.4, 0.2, 0.1);"
    #expect(rules(loop("5", "weights[i] * s", "acc", prelude: table)).isEmpty)
    let heavy = table.replacing("0.4", with: "0.7")
    #expect(rules(loop("5", "weights[i] * s", "acc", prelude: heavy)) == [.alpha001])
  }

  @Test func metalWeightTables() {
    let text = """
      constant float kWeights[3] = {0.25, 0.5, 0.25};
      extern "C" float4 tent(coreimage::sampler src, coreimage::destination dest) {
        const float local[3] = {0.25, 0.5, 0.25};
        float4 acc = float4(0.0);
        for (int i = 0; i < 3; i++) {
          float4 s = src.sample(src.transform(dest.coord() + float2(float(i) - 1.0, 0.0)));
          acc += s * kWeights[i] * 0.5 + s * local[i] * 0.5;
        }
        return acc;
      }
      """
    #expect(rules(text, path: "k.ci.metal").isEmpty)
    let heavier = text.replacing(
      "{0.25, 0.5, 0.25};\n  float4", with: "{0.5, 0.75, 0.5};\n  float4")
    #expect(rules(heavier, path: "k.ci.metal") == [.alpha001])
  }

  @Test func divisionByTheWeightSumIsNoFinding() {
    let text = """
      kernel vec4 gauss(sampler src, float sigma) {
        vec4 acc = vec4(0.0);
        float wsum = 0.0;
        for (int i = -8; i <= 8; i++) {
          float w = exp(-float(i * i) / (2.0 * sigma * sigma + 0.001));
          acc += sample(src, samplerTransform(src, destCoord() + vec2(float(i), 0.0))) * w;
          wsum += w;
        }
        return acc / wsum;
      }
      """
    #expect(rules(text).isEmpty)
  }

  /// The same average written out tap by tap (an unrolled bilateral blur): a weighted sum over
  /// the sum of its weights, each weight at least 0, is an average; a total that leaves out a
  /// weight is not.
  @Test func unrolledWeightedSumOverItsWeightTotal() {
    let text = """
      kernel void bilateral(texture2d<half, access::write> out [[texture(0)]],
                            texture2d<half, access::sample> in [[texture(1)]],
                            constant float &f [[buffer(0)]],
                            uint2 gid [[thread_position_in_grid]]) {
        constexpr sampler q;
        float2 uv = float2(gid) / 512.0;
        half4 c = in.sample(q, uv);
        half total = 0.4;
        half4 sum = c * 0.4;
        half4 s = in.sample(q, uv + float2(0.01, 0.0));
        half w = 0.3 * (1.0 - min(distance(c, s) * f, 1.0));
        total += w;
        sum += s * w;
        s = in.sample(q, uv - float2(0.01, 0.0));
        w = 0.3 * (1.0 - min(distance(c, s) * f, 1.0));
        total += w;
        sum += s * w;
        out.write(sum / total, gid);
      }
      """
    #expect(rules(text, path: "k.metal").isEmpty)
    let partial = text.replacing(
      "total += w;\n  sum += s * w;\n  out", with: "sum += s * w;\n  out")
    #expect(partial != text)
    #expect(rules(partial, path: "k.metal") == [.alpha001])
  }
}
