/// A non-decreasing sequence of byte offsets in about one byte each: the step from the previous
/// offset as a `UInt8`, steps of 255 and more in a side table, and every 256th offset in full, so
/// that reading one costs at most 255 additions. A file's line starts and an embedded kernel's
/// map back to its host file then take about a byte per entry instead of eight (an `[Int]` of a
/// 64 MiB string literal took 20 bytes per byte with array growth; docs/reliability.md §5).
///
/// The lookups by value (``lastIndex(atMost:)``, ``firstIndex(atLeast:)``) need the offsets to
/// be non-decreasing, as line starts and host offsets are; a decrease is stored, not refused.
struct OffsetTable: Sendable, Sequence {
  /// Entries per stored full offset.
  private static let blockSize = 256
  /// The step marking an entry whose step is in `wideSteps`.
  private static let wide: UInt8 = 255

  /// Step from the previous entry; 0 for the first entry of each block (held in `anchors`).
  private var steps: [UInt8] = []
  /// Steps that do not fit below `wide` (and decreases), by entry index.
  private var wideSteps: [Int: Int] = [:]
  /// The full offset of entries 0, 256, 512, …
  private var anchors: [Int] = []
  /// The last entry, or nil when empty.
  private(set) var last: Int?

  /// An empty table.
  init() {}

  /// The number of entries.
  var count: Int { steps.count }

  /// Whether there are no entries.
  var isEmpty: Bool { steps.isEmpty }

  /// Appends `offset` as the last entry.
  mutating func append(_ offset: Int) {
    let index = steps.count
    if index % Self.blockSize == 0 {
      anchors.append(offset)
      steps.append(0)
    } else {
      let step = offset - (last ?? 0)
      if step >= 0 && step < Int(Self.wide) {
        steps.append(UInt8(step))
      } else {
        steps.append(Self.wide)
        wideSteps[index] = step
      }
    }
    last = offset
  }

  /// Appends every entry of `other`.
  mutating func append(contentsOf other: OffsetTable) {
    for offset in other { append(offset) }
  }

  /// Removes the last entry (the table must not be empty).
  mutating func removeLast() {
    let index = steps.count - 1
    if steps[index] == Self.wide { wideSteps[index] = nil }
    steps.removeLast()
    if index % Self.blockSize == 0 { anchors.removeLast() }
    last = index > 0 ? self[index - 1] : nil
  }

  /// The entry at `index` (`0 ..< count`).
  subscript(index: Int) -> Int {
    let block = index / Self.blockSize
    var offset = anchors[block]
    var k = block * Self.blockSize + 1
    while k <= index {
      offset += step(at: k)
      k += 1
    }
    return offset
  }

  private func step(at index: Int) -> Int {
    let step = steps[index]
    return step == Self.wide ? wideSteps[index, default: 0] : Int(step)
  }

  /// The last index whose entry is at most `offset`, nil when the first entry is above it.
  func lastIndex(atMost offset: Int) -> Int? {
    // The last block whose anchor is at most `offset`.
    var low = 0
    var high = anchors.count - 1
    guard high >= 0, anchors[0] <= offset else { return nil }
    while low < high {
      let mid = (low + high + 1) / 2
      if anchors[mid] <= offset { low = mid } else { high = mid - 1 }
    }
    var index = low * Self.blockSize
    var value = anchors[low]
    let end = Swift.min(index + Self.blockSize, steps.count)
    while index + 1 < end {
      let next = value + step(at: index + 1)
      guard next <= offset else { break }
      value = next
      index += 1
    }
    return index
  }

  /// The first index whose entry is at least `offset`, nil when every entry is below it.
  func firstIndex(atLeast offset: Int) -> Int? {
    guard let last, last >= offset else { return nil }
    guard let below = lastIndex(atMost: offset - 1) else { return 0 }
    return below + 1
  }

  /// Iterates the entries in order, one addition each.
  struct Iterator: IteratorProtocol {
    fileprivate let table: OffsetTable
    fileprivate var index = 0
    fileprivate var value = 0

    mutating func next() -> Int? {
      guard index < table.count else { return nil }
      value =
        index % OffsetTable.blockSize == 0
        ? table.anchors[index / OffsetTable.blockSize] : value + table.step(at: index)
      index += 1
      return value
    }
  }

  func makeIterator() -> Iterator { Iterator(table: self) }
}
