import ArgumentParser
import CLFFormat
import ColorMath
import CubeAuthoring
import CubeFormat
import EDRPipeline
import ImageApplication
import LUTEngine
import Synchronization

/// The options that say how a cube is applied, shared by `eval` and `apply` (docs/semantics.md §8).
struct TransformOptions: ParsableArguments {
  @Option(
    help: """
      The LUT to apply: .cube, a Hald CLUT image, or a process list applied raw (.clf, .ctf, \
      .3dl, .csp, .spi1d, .spi3d, .spimtx, .cc, .ccc, .cdl; docs/formats.md).
      """,
    completion: .file(extensions: LUTFormatOptions.extensions))
  var lut: String

  @OptionGroup var lutReading: LUTFormatOptions

  @Option(help: "3D interpolation: trilinear or tetrahedral.")
  var interp: Interpolation = .trilinear

  @Option(
    help: """
      Outside the cube's domain: bounded (linear above the domain; below it, negative \
      components carried through at the look's own response, never steeper than its gain), \
      linear (the unbounded first-order extension, also below) or clamp. Default: bounded, \
      clamp for PQ and HLG cubes.
      """)
  var extrapolation: Extrapolation?

  @Option(
    name: .customLong("edr-policy"),
    help: """
      Highlight policy for cubes with an SDR input (srgb, bt1886) on EDR input: clamp, \
      linear, maxrgb, tone-scaled-maxrgb, rising-maxrgb (default).
      """)
  var edrPolicy: EDRPolicy?

  @OptionGroup var cubeSpace: CubeSpaceOptions

  @Option(
    name: .customLong("working-space"),
    help: "What the pixels mean: linear (EDR) or srgb. Default: linear (srgb for integer TIFF).")
  var workingSpace: WorkingSpace.Transfer?

  @Option(
    name: .customLong("working-primaries"),
    help: "The pixels' primaries: \(NamedPrimaries.names) (default: the file's, else rec709).")
  var workingPrimaries: NamedPrimaries?

  @Option(help: "Tone-map the result to this peak luminance in cd/m².")
  var peak: Double?

  @Option(help: "Tone-map the result to this headroom (peak / reference white).")
  var headroom: Double?

  @Option(
    name: .customLong("tone-map"), help: "Tone-map curve: knee (default), bt2390 or reinhard.")
  var toneMapCurve: EDRToneMap.Curve = .default

  func validate() throws {
    if peak != nil && headroom != nil {
      throw ValidationError("--peak and --headroom are alternatives; give one.")
    }
    for (name, value) in [
      ("--peak", peak), ("--headroom", headroom),
    ] {
      if let value, !(value > 0 && value.isFinite) {
        throw ValidationError("\(name) must be a positive number.")
      }
    }
  }

  /// Reads `--lut`: a cube, or a process list (docs/formats.md).
  func loadLUT() throws -> LoadedLUT { try lutReading.read(lut) }

  /// Builds the application of `loaded` to pixels in `defaultWorking` (replaced by
  /// `--working-space` / `--working-primaries` where given). A process list is applied raw.
  func resolve(_ loaded: LoadedLUT, defaultWorking: WorkingSpace) throws -> ResolvedTransform {
    var working = defaultWorking
    if let workingSpace { working.transfer = workingSpace }
    if let workingPrimaries { working.primaries = workingPrimaries.primaries }
    let file: CubeFile
    switch loaded {
    case .cube(let cube): file = cube
    case .processList(let list):
      if cubeSpace.isGiven && !cubeSpace.isRawOnly {
        throw CLIFailure(
          "\(lut): error: a process list (CLF, CTF, .3dl, .csp, .spi*, CDL) is applied as it is (raw); the --lut-space options other than --lut-space raw do not apply"
        )
      }
      return ResolvedTransform(
        path: lut,
        application: CubeApplication(processList: ProcessListProcessor(list), working: working),
        spaces: nil, policyRequested: edrPolicy != nil)
    }
    let resolved = try cubeSpace.resolve(file, path: lut)
    let spaces = resolved.spaces
    try refuseConflictingHighlightFlags(for: spaces)
    let application = CubeApplication(
      lut: CubeLUT(file), space: spaces.input, outputSpace: spaces.output, working: working,
      interpolation: interp, extrapolation: extrapolation, policy: edrPolicy ?? .default,
      toneMap: toneMap(for: spaces.output))
    return ResolvedTransform(
      path: lut, application: application, spaces: resolved, policyRequested: edrPolicy != nil)
  }

  /// `--extrapolation clamp` with an `--edr-policy` other than clamp on a cube with an SDR
  /// input: clamping the lookup there is the clamp policy, so the two cannot both hold.
  /// - Throws: `CLIFailure` naming both flags.
  private func refuseConflictingHighlightFlags(for spaces: CubeSpacePair) throws {
    guard spaces.input.transfer.isSDR, spaces.output.transfer != .raw,
      extrapolation == .clamp, let edrPolicy, edrPolicy != .clamp
    else { return }
    throw CLIFailure(
      "\(lut): error: --extrapolation clamp and --edr-policy \(edrPolicy.rawValue) contradict "
        + "each other: on a cube with an SDR input (\(spaces.input.transfer.rawValue)) clamping "
        + "the lookup is the clamp policy, which flattens highlights at white; give "
        + "--edr-policy \(edrPolicy.rawValue) alone, or --extrapolation clamp alone")
  }

  /// The tone map of `--peak` / `--headroom`, from the cube output's container peak (PQ
  /// 10000 cd/m², HLG 1000 cd/m²) or, for other cubes, from the PQ container's 10000 cd/m².
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
  /// The cube's path, as given.
  var path: String
  /// The application.
  var application: CubeApplication
  /// How the cube's spaces were decided (nil for a process list, applied raw).
  var spaces: CubeSpacePair.Resolution?
  /// Whether `--edr-policy` was given.
  var policyRequested: Bool

  /// What `apply` and `eval` print on stderr (docs/semantics.md §8):
  /// `lut: x.cube: space srgb rec709 (cube comment), working linear rec709, trilinear,
  /// extrapolation bounded, policy rising-maxrgb`.
  var summary: String {
    let a = application
    if let list = a.processList?.processList {
      let nodes = list.nodes.map(\.operation.elementName).joined(separator: ", ")
      return "lut: \(path): CLF process list applied raw: \(nodes.isEmpty ? "no nodes" : nodes)"
    }
    var parts = ["space \(spaceName) (\(spaceOriginText))"]
    if a.space.transfer != .raw { parts.append("working \(workingName)") }
    parts += [
      a.interpolation.rawValue,
      "extrapolation \(a.extrapolation.rawValue)",
    ]
    if let policy = a.policy { parts.append("policy \(policy.rawValue)") }
    if let toneMap = a.toneMap, toneMap.isActive {
      parts.append("tone map \(toneMap.curve.rawValue)")
    }
    return "lut: \(path): " + parts.joined(separator: ", ")
  }

  /// Where the spaces came from, on the summary's one line: `command line`, `cube comment`,
  /// `cube's words: TITLE "LogC to Video"`, or `default; assumed srgb rec709: nothing in the
  /// file names its space`.
  var spaceOriginText: String {
    guard let spaces else { return CubeSpace.Origin.processList.rawValue }
    return spaces.reasonText
  }

  /// The cube's spaces: `srgb rec709`, `logc3 awg3 -> bt1886 rec709`, `raw`.
  var spaceName: String {
    CubeSpacePair(application.space, output: application.outputSpace).name
  }

  /// The pixels' space: `linear rec709`, `srgb rec709`, `linear file chromaticities`.
  var workingName: String {
    let working = application.working
    let primaries = NamedPrimaries(matching: working.primaries)?.rawValue ?? "file chromaticities"
    return "\(working.transfer.rawValue) \(primaries)"
  }

  /// The note for an `--edr-policy` given for a cube whose input is not SDR, which it does
  /// not apply to (docs/semantics.md §4), or nil.
  var policyNote: String? {
    guard policyRequested, application.policy == nil else { return nil }
    let input = application.space.transfer.rawValue
    return "\(path): note: --edr-policy applies to cubes with an SDR input (srgb, bt1886); "
      + "this cube's input is \(input), so the lookup is the plain lookup with extrapolation "
      + application.extrapolation.rawValue
  }

  /// The warning for a look that clips at white under a policy that flattens EDR
  /// highlights (docs/semantics.md §4), or nil.
  var flatteningWarning: String? { application.flatteningWarning(path: path) }
}

/// The transforms `apply` made, one per working space in the order met (for its summary),
/// handed to ImageApplication as lookups with the notes the terminal shows.
final class ResolvedTransforms: Sendable {
  private let made = Mutex<[ResolvedTransform]>([])

  /// Records `transform` and returns its lookup: the summary line as its note, the note about
  /// an `--edr-policy` that does not apply as the first lookup's.
  func lookup(_ transform: ResolvedTransform) -> ImageLookup {
    made.withLock { $0.append(transform) }
    return ImageLookup(
      application: transform.application, notes: [transform.summary],
      firstNotes: transform.policyNote.map { [$0] } ?? [],
      flatteningWarning: transform.flatteningWarning)
  }

  /// The transforms recorded, in order.
  var all: [ResolvedTransform] { made.withLock { $0 } }
}
