import ArgumentParser
import ColorMath
import CubeFormat
import EDRPipeline
import LUTEngine

/// The options that say how a cube is applied, shared by `eval` and `apply` (docs/semantics.md §8).
struct TransformOptions: ParsableArguments {
  @Option(help: "The .cube file to apply.")
  var lut: String

  @Option(help: "3D interpolation: trilinear or tetrahedral.")
  var interp: Interpolation = .trilinear

  @Option(
    help: """
      Outside the cube's domain: linear (EDR extrapolation) or clamp. Default: linear, \
      clamp for PQ and HLG cubes.
      """)
  var extrapolation: Extrapolation?

  @Option(
    name: .customLong("edr-policy"),
    help: "Highlight policy for SDR cubes on EDR input: clamp, linear, maxrgb, tone-scaled-maxrgb.")
  var edrPolicy: EDRPolicy = .default

  @Option(
    name: .customLong("lut-space"),
    help: """
      What the cube's values mean: raw, linear, srgb, bt1886, pq, hlg. Default: the cube's \
      '# EDRCube space:' comment, else srgb.
      """)
  var lutSpace: CubeSpace.Transfer?

  @Option(
    name: .customLong("lut-primaries"),
    help: "The cube's primaries: rec709, p3, rec2020 (default rec709; rec2020 for pq and hlg).")
  var lutPrimaries: NamedPrimaries?

  @Option(
    name: .customLong("working-space"),
    help: "What the pixels mean: linear (EDR) or srgb. Default: linear (srgb for integer TIFF).")
  var workingSpace: WorkingSpace.Transfer?

  @Option(
    name: .customLong("working-primaries"),
    help: "The pixels' primaries: rec709, p3, rec2020 (default: the file's, else rec709).")
  var workingPrimaries: NamedPrimaries?

  @Option(
    name: .customLong("reference-white"),
    help: "Cd/m² of EDR 1.0 when converting to PQ or HLG signals (default 203).")
  var referenceWhite: Double?

  @Option(help: "Tone-map the result to this peak luminance in cd/m².")
  var peak: Double?

  @Option(help: "Tone-map the result to this headroom (peak / reference white).")
  var headroom: Double?

  @Option(name: .customLong("tone-map"), help: "Tone-map curve: reinhard or bt2390.")
  var toneMapCurve: EDRToneMap.Curve = .maxRGBReinhard

  func validate() throws {
    if peak != nil && headroom != nil {
      throw ValidationError("--peak and --headroom are alternatives; give one.")
    }
    for (name, value) in [
      ("--peak", peak), ("--headroom", headroom), ("--reference-white", referenceWhite),
    ] {
      if let value, !(value > 0 && value.isFinite) {
        throw ValidationError("\(name) must be a positive number.")
      }
    }
  }

  /// Reads `--lut`.
  func loadCube() throws -> CubeFile {
    do {
      return try CubeReader.read(contentsOf: lut)
    } catch {
      throw CLIFailure(error.description, detail: error.lineText)
    }
  }

  /// Builds the application of `file` to pixels in `defaultWorking` (replaced by
  /// `--working-space` / `--working-primaries` where given).
  func resolve(_ file: CubeFile, defaultWorking: WorkingSpace) throws -> ResolvedTransform {
    let resolved: (space: CubeSpace, origin: CubeSpace.Origin)
    do {
      resolved = try CubeSpace.resolve(
        transfer: lutSpace, primaries: lutPrimaries, referenceWhite: referenceWhite,
        comments: file.comments)
    } catch {
      throw CLIFailure("\(lut): \(error.description)")
    }
    var working = defaultWorking
    if let workingSpace { working.transfer = workingSpace }
    if let workingPrimaries { working.primaries = workingPrimaries.primaries }
    let application = CubeApplication(
      lut: CubeLUT(file), space: resolved.space, working: working, interpolation: interp,
      extrapolation: extrapolation, policy: edrPolicy, toneMap: toneMap(for: resolved.space))
    return ResolvedTransform(
      file: file, application: application, spaceOrigin: resolved.origin)
  }

  /// The tone map of `--peak` / `--headroom`, from the cube's container peak (PQ 10000 cd/m²,
  /// HLG 1000 cd/m²) or, for other cubes, from the PQ container's 10000 cd/m².
  private func toneMap(for space: CubeSpace) -> EDRToneMap? {
    let white = space.referenceWhite
    let inputPeak = space.containerPeak ?? (PQ.peakLuminance / white)
    if let headroom {
      return .headroom(headroom, inputPeak: inputPeak, curve: toneMapCurve, referenceWhite: white)
    }
    if let peak {
      return .peak(nits: peak, inputPeak: inputPeak, curve: toneMapCurve, referenceWhite: white)
    }
    return nil
  }
}

/// A cube read from disk and ready to apply.
struct ResolvedTransform {
  /// The parsed file (for warnings and reporting).
  var file: CubeFile
  /// The application.
  var application: CubeApplication
  /// Where the cube's space came from.
  var spaceOrigin: CubeSpace.Origin

  /// A one-line summary: `lut: x.cube (srgb rec709 from cube comment, trilinear, …)`.
  var summary: String {
    let a = application
    var parts = [
      "space \(a.space.commentText.dropFirst(CubeSpace.commentPrefix.count + 1)) (\(spaceOrigin.rawValue))",
      a.interpolation.rawValue, "extrapolation \(a.extrapolation.rawValue)",
    ]
    if let policy = a.policy { parts.append("policy \(policy.rawValue)") }
    return parts.joined(separator: ", ")
  }
}
