import Testing

@Suite struct LUTEngineTestsPlaceholder {
  @Test func placeholder() { #expect(1 + 1 == 2) }
}
