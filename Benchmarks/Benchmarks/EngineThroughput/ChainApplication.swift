import ColorMath
import CubeFormat
import EDRPipeline
import LUTEngine

/// The `CubeApplication` that `chain` and `probe` run: the .cube file at `path` with SPACE
/// `space`, e.g. `srgb`, `pq`, `hlg` (one space in and out; linear Rec.709 working space), or
/// `file` (the spaces of the cube's own comment, e.g. `logc3 awg3 -> bt1886 rec709`, on
/// linear light in the cube's input primaries, e.g. linear AWG3), or `file-scalar` (the same
/// with `instructionSet: .sse2`, which runs the scalar per-pixel passes instead of the AVX2
/// chain); the default policy and extrapolation.
func chainApplication(path: String, space: String) -> CubeApplication {
  do {
    let file = try CubeReader.read(contentsOf: path)
    if let transfer = TransferFunction(rawValue: space) {
      return try CubeApplication(file: file, space: CubeSpace(transfer))
    }
    guard space == "file" || space == "file-scalar" else { fail("unknown SPACE \(space)") }
    let spaces = try CubeSpacePair(comments: file.comments) ?? .fallback
    return CubeApplication(
      lut: CubeLUT(file), space: spaces.input, outputSpace: spaces.output,
      working: WorkingSpace(named: spaces.input.primaries),
      instructionSet: space == "file" ? .best : .sse2)
  } catch { fail("cannot read \(path): \(error)") }
}
