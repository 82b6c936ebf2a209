import CLFFormat
import ColorMath
import CubeFormat
import EDRPipeline
import LUTEngine

/// A LUT's application, resolved from ``TransformOptions`` as the CLI's `eval` resolves its
/// flags (docs/semantics.md §8).
final class TransformHandle {
  let application: CubeApplication
  let summary: String

  init(_ lut: LUTHandle, options: TransformOptions) throws(APIError) {
    let working = try options.working()
    let file: CubeFile
    switch lut.content {
    case .cube(let cube): file = cube
    case .processList(let list):
      if options.givesCubeSpace {
        throw APIError(
          kind: "options",
          message:
            "a CLF/CTF process list is applied as it is (raw); the lut_space options other than lut_space=\"raw\" do not apply",
          file: lut.path)
      }
      application = CubeApplication(processList: ProcessListProcessor(list), working: working)
      let nodes = list.nodes.map(\.operation.elementName).joined(separator: ", ")
      summary =
        "lut: \(lut.path): CLF process list applied raw: \(nodes.isEmpty ? "no nodes" : nodes)"
      return
    }
    let spaces: CubeSpacePair
    do {
      spaces = try CubeSpacePair.resolve(
        input: TransformOptions.parse(options.lutSpace, "lut_space", as: TransferFunction.self),
        primaries: TransformOptions.parse(
          options.lutPrimaries, "lut_primaries", as: NamedPrimaries.self),
        output: TransformOptions.parse(
          options.lutOutputSpace, "lut_output_space", as: TransferFunction.self),
        outputPrimaries: TransformOptions.parse(
          options.lutOutputPrimaries, "lut_output_primaries", as: NamedPrimaries.self),
        referenceWhite: options.referenceWhite, comments: file.comments, title: file.title,
        fileName: lut.path, keepsPrimaries: file.lut3D == nil
      ).spaces
    } catch let failure as APIError {
      throw failure
    } catch {
      throw APIError(kind: "space", message: "\(error)", file: lut.path)
    }
    let policy = try TransformOptions.parse(options.policy, "policy", as: EDRPolicy.self)
    application = CubeApplication(
      lut: CubeLUT(file), space: spaces.input, outputSpace: spaces.output, working: working,
      interpolation: try TransformOptions.parse(
        options.interpolation, "interpolation", as: Interpolation.self) ?? .trilinear,
      extrapolation: try TransformOptions.parse(
        options.extrapolation, "extrapolation", as: Extrapolation.self),
      policy: policy ?? .default)
    let a = application
    var parts = ["space \(CubeSpacePair(a.space, output: a.outputSpace).name)"]
    parts += [a.interpolation.rawValue, "extrapolation \(a.extrapolation.rawValue)"]
    if let applied = a.policy { parts.append("policy \(applied.rawValue)") }
    summary = "lut: \(lut.path): " + parts.joined(separator: ", ")
  }
}

/// The LUT's application under JSON options (``TransformOptions``), resolved as `eval` resolves its flags.
@_cdecl("edrcube_transform_new")
public func edrcube_transform_new(
  _ lut: UnsafeRawPointer, _ options: UnsafePointer<CChar>?,
  _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> UnsafeMutableRawPointer? {
  do {
    let parsed = try CString.options(
      TransformOptions.self, from: options, empty: TransformOptions())
    let handle = try TransformHandle(LUTHandle.from(lut), options: parsed)
    return Unmanaged.passRetained(handle).toOpaque()
  } catch let failure {
    report(failure, to: error)
    return nil
  }
}

/// The summary line `eval` and `apply` print for this transform.
@_cdecl("edrcube_transform_summary")
public func edrcube_transform_summary(_ transform: UnsafeRawPointer) -> UnsafeMutablePointer<CChar>?
{
  CString.make(Unmanaged<TransformHandle>.fromOpaque(transform).takeUnretainedValue().summary)
}

/// Applies in place to `pixels · channels` contiguous floats (channels past the third untouched) on `threads` workers (≤ 0: every core).
@_cdecl("edrcube_transform_apply")
public func edrcube_transform_apply(
  _ transform: UnsafeRawPointer, _ buffer: UnsafeMutablePointer<Float>, _ pixels: Int,
  _ channels: Int32, _ threads: Int32
) {
  guard pixels > 0, channels >= 3 else { return }
  let handle = Unmanaged<TransformHandle>.fromOpaque(transform).takeUnretainedValue()
  if channels == 3 {
    PackedRGB.apply(
      handle.application, to: buffer, pixels: pixels, threads: threads > 0 ? Int(threads) : nil)
    return
  }
  handle.application.apply(
    inPlace: UnsafeMutableBufferPointer(start: buffer, count: pixels * Int(channels)),
    channels: Int(channels), threads: threads > 0 ? Int(threads) : nil)
}

/// Frees a transform handle.
@_cdecl("edrcube_transform_free")
public func edrcube_transform_free(_ transform: UnsafeMutableRawPointer?) {
  guard let transform else { return }
  Unmanaged<TransformHandle>.fromOpaque(transform).release()
}
