import Testing

@testable import RasterIO

/// The huge-page hint covers exactly the whole 2 MiB pages inside a buffer.
@Suite struct HugePagesTests {
  let mib = 1 << 20

  @Test func wholePagesInsideAnUnalignedBuffer() {
    let pages = HugePages.wholePages(at: 3 * mib, byteCount: 10 * mib)
    #expect(pages == (4 * mib)..<(12 * mib))
  }

  @Test func alignedBufferIsCoveredWhole() {
    #expect(HugePages.wholePages(at: 2 * mib, byteCount: 8 * mib) == (2 * mib)..<(10 * mib))
  }

  @Test func smallBuffersAreLeftAlone() {
    #expect(HugePages.wholePages(at: 2 * mib, byteCount: 4 * mib - 1) == nil)
    #expect(HugePages.wholePages(at: 2 * mib + 1, byteCount: 4 * mib) != nil)
  }
}
