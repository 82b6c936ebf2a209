/// How an SDR cube (srgb, bt1886) treats EDR values above 1 (docs/semantics.md §4).
///
/// With `F(x) = dec(L(enc(x)))`, `L` the cube under linear extrapolation and
/// `m = max(R, G, B)`. Raw values are the CLI spellings of `--edr-policy`.
public enum EDRPolicy: String, Sendable, Hashable, CaseIterable {
  /// The classic lookup, clamped to the domain: highlights flatten at white.
  case clamp
  /// `F(x)`: honest but unstable on looks that clip a channel.
  case linear
  /// `F(x)` for `m ≤ 1`, else `m·F(x/m)`.
  case maxRGB = "maxrgb"
  /// `F(x)` for `m ≤ 1`, else `h(m)·F(x/m)`, `h(m) = max(1, w·F(m,m,m) / w·F(1,1,1))`
  /// (`h = m` when `w·F(1,1,1) ≤ 1e-6`). Keeps hue, the look's white balance and its
  /// neutral tone curve; flat above white for a look that clips at white.
  case toneScaledMaxRGB = "tone-scaled-maxrgb"
  /// `F(x)` for `m ≤ 1`, else `h(m)·F(x/m)` with ColorMath's `HighlightContinuation`:
  /// `h(m) = m − (1 − k)(1 − e^{1−m})`, `k` the look's relative neutral slope at white. The
  /// default: strictly increasing above white for every look, continuous in value and
  /// slope at `m = 1`; identity and exposure cubes are reproduced exactly.
  case risingMaxRGB = "rising-maxrgb"

  /// The default policy.
  public static let `default` = EDRPolicy.risingMaxRGB

  /// Whether the policy leaves highlights flat (or nearly so) for a look that clips at
  /// white: `clamp`, `linear` and `tone-scaled-maxrgb` do; `maxrgb` and `rising-maxrgb`
  /// keep them rising.
  public var flattensClippedLooks: Bool {
    switch self {
    case .clamp, .linear, .toneScaledMaxRGB: true
    case .maxRGB, .risingMaxRGB: false
    }
  }
}
