public import CubeFormat

/// Writes cineSpace `.csp` 3D files: one prelut (the same points on every channel) and a 3D
/// table over 0…1, red fastest. OpenColorIO and ffmpeg's `lut3d` read them; ffmpeg applies the
/// prelut (the only format it takes one from), interpolating it linearly between its points.
public enum CSPWriter {
  /// The `.csp` text of `table` (domain 0…1) after a prelut through `inputs` → `outputs`
  /// (increasing inputs, at least 2 points), numbers in the shortest form that round-trips
  /// a Float.
  public static func text(prelut inputs: [Double], _ outputs: [Double], table: CubeTable3D)
    -> String
  {
    precondition(inputs.count >= 2 && inputs.count == outputs.count, "CSPWriter: prelut points")
    func row(_ values: [Double]) -> String {
      values.map { CubeWriter.numberText(Float($0)) }.joined(separator: " ")
    }
    var text = "CSPLUTV100\n3D\n\n"
    for _ in 0..<3 { text += "\(inputs.count)\n\(row(inputs))\n\(row(outputs))\n" }
    text += "\n\(table.size) \(table.size) \(table.size)\n"
    for i in 0..<table.size * table.size * table.size {
      let v = table.values[(3 * i)..<(3 * i + 3)].map { CubeWriter.numberText($0) }
      text += v.joined(separator: " ") + "\n"
    }
    return text
  }
}
