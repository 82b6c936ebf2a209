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
  /// (`h = m` when `w·F(1,1,1) ≤ 1e-6`); the default. Keeps hue, the look's white balance
  /// and its neutral tone curve; identity and exposure cubes are reproduced exactly.
  case toneScaledMaxRGB = "tone-scaled-maxrgb"

  /// The default policy.
  public static let `default` = EDRPolicy.toneScaledMaxRGB
}
