import Testing

@Suite struct CubeFormatTestsPlaceholder {
  @Test func placeholder() { #expect(1 + 1 == 2) }
}
