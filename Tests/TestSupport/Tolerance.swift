import Testing

/// Whether `got` is within `rel·|expected| + abs` of `expected` (the conformance rule).
public func isClose(_ got: Double, _ expected: Double, rel: Double = 0, abs: Double = 0) -> Bool {
  if got.isNaN || expected.isNaN { return got.isNaN && expected.isNaN }
  if got.isInfinite || expected.isInfinite { return got == expected }
  return Swift.abs(got - expected) <= rel * Swift.abs(expected) + abs
}

/// Expects `got` within `rel·|expected| + abs` of `expected`, reporting both values on failure.
public func expectClose(
  _ got: Double, _ expected: Double, rel: Double = 0, abs: Double = 0,
  _ comment: @autoclosure () -> String = "",
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(
    isClose(got, expected, rel: rel, abs: abs),
    "\(comment()) got \(got), expected \(expected) (diff \(got - expected))",
    sourceLocation: sourceLocation)
}

/// Expects each component of `got` within tolerance of `expected`.
public func expectClose(
  _ got: [Double], _ expected: [Double], rel: Double = 0, abs: Double = 0,
  _ comment: @autoclosure () -> String = "",
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(got.count == expected.count, "\(comment()) count", sourceLocation: sourceLocation)
  for (g, e) in zip(got, expected) {
    expectClose(g, e, rel: rel, abs: abs, comment(), sourceLocation: sourceLocation)
  }
}
