import Testing

@Suite struct EDRCubeCLITestsPlaceholder {
  @Test func placeholder() { #expect(1 + 1 == 2) }
}
