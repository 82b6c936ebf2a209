/// Writes ``CubeFile`` models as `.cube` text (docs/semantics.md §2, Writing).
///
/// Every number is the shortest decimal that reads back as exactly the same Float, so
/// `parse → write → parse` is bit-exact. Lines end with `\n` and are at most 250 bytes;
/// `TITLE` is quoted; header comments are written as `# …` lines before the keywords (long
/// ones are wrapped, line breaks inside one start a new `#` line); there are never comments
/// inside the data.
public enum CubeWriter {
  /// The longest line written, in bytes (Adobe specification).
  public static let maximumLineLength = 250

  /// The text of `file` under `profile`.
  /// - Parameters:
  ///   - file: the tables and metadata to write (its `dialect` and `warnings` are ignored).
  ///   - profile: which readers the output must suit.
  /// - Returns: the file's bytes.
  /// - Throws: ``CubeWriteError`` when the profile cannot express the file, a value is not
  ///   finite, or the title or a comment cannot be written on one line.
  /// - Complexity: O(n) in the number of table values.
  public static func write(_ file: CubeFile, profile: CubeWriterProfile = .adobe)
    throws(CubeWriteError) -> [UInt8]
  {
    try validate(file)
    let header = try headerText(file, profile: profile)
    let tables = [file.lut1D?.values, file.lut3D?.values].compactMap { $0 }
    let valueCount = tables.reduce(0) { $0 + $1.count }
    let headerBytes = Array(header.utf8)
    let capacity = headerBytes.count + valueCount / 3 * (3 * maximumNumberLength + 3)
    return [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
      guard let out = buffer.baseAddress else { return }
      var n = 0
      for b in headerBytes {
        out[n] = b
        n += 1
      }
      for table in tables {
        table.withUnsafeBufferPointer { v in
          var i = 0
          while i + 2 < v.count {
            appendNumber(v[i], to: out, at: &n)
            out[n] = 0x20
            n += 1
            appendNumber(v[i + 1], to: out, at: &n)
            out[n] = 0x20
            n += 1
            appendNumber(v[i + 2], to: out, at: &n)
            out[n] = 0x0A
            n += 1
            i += 3
          }
        }
      }
      count = n
    }
  }

  /// Checks what every profile needs: a table, consistent sizes, finite numbers.
  private static func validate(_ file: CubeFile) throws(CubeWriteError) {
    guard file.lut1D != nil || file.lut3D != nil else { throw CubeWriteError(kind: .noTable) }
    if let t = file.lut1D {
      guard CubeSizeLimits.rows1D.contains(t.size), t.values.count == t.size * 3 else {
        throw CubeWriteError(kind: .invalidTable("1D size \(t.size), \(t.values.count) values"))
      }
      try checkFinite(t.values, t.domainMin, t.domainMax, table: "1D")
    }
    if let t = file.lut3D {
      guard CubeSizeLimits.readableNodes3D.contains(t.size),
        t.values.count == t.size * t.size * t.size * 3
      else {
        throw CubeWriteError(kind: .invalidTable("3D size \(t.size), \(t.values.count) values"))
      }
      try checkFinite(t.values, t.domainMin, t.domainMax, table: "3D")
    }
  }

  private static func checkFinite(
    _ values: [Float], _ lo: SIMD3<Float>, _ hi: SIMD3<Float>, table: String
  ) throws(CubeWriteError) {
    if let index = values.firstIndex(where: { !$0.isFinite }) {
      throw CubeWriteError(kind: .nonFiniteValue(table: table, index: index))
    }
    for c in 0..<3 where !lo[c].isFinite || !hi[c].isFinite {
      throw CubeWriteError(kind: .nonFiniteValue(table: "\(table) domain", index: c))
    }
    guard all(lo .< hi) else {
      throw CubeWriteError(kind: .invalidTable("\(table) domain minimum not below its maximum"))
    }
  }
}
