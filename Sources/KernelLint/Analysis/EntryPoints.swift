/// How a function takes part in the analysis (docs/lint-rules.md §1.1).
enum EntryRole: Sendable, Equatable {
  /// A colour-producing kernel: its returns are outputs.
  case colorKernel
  /// A helper header function analysed as if it were an output (library mode).
  case library
  /// A plain Metal `fragment` returning a struct: its `[[color(n)]]` members are outputs.
  case fragmentStruct([String])
  /// A plain Metal `kernel void` compute function: `texture.write(v, coord)` writes outputs.
  case compute
}

/// Which entry-point families are analysed (configuration `dialects`, `libraryMode`).
struct EntryOptions: Sendable {
  var cikl = true
  var mslCI = true
  var metal = false
  /// Whether plain Metal functions that take a texture are analysed even without `metal`
  /// (on unless the `metal` dialect is turned off explicitly).
  var metalWithTextures = true
  var swiftUI = true
  /// Whether a file without entry points is analysed as a helper library.
  var libraryMode = true
}

/// Which kernel dialect a text is written in.
public enum KernelDialect: String, Sendable, Codable {
  /// Core Image Kernel Language (GLSL-like, `kernel vec4`).
  case cikl
  /// Metal Core Image kernels (`coreimage::sample_t`, `[[stitchable]]`).
  case mslCI = "msl-ci"
  /// Plain Metal shaders (`fragment`, `kernel void`), opt-in.
  case metal

  /// Guesses the dialect from the tokens used.
  static func guess(_ tokens: [Token]) -> KernelDialect {
    for t in tokens.prefix(4000) where t.kind == .identifier {
      if t.text.hasPrefix("vec") || t.text == "__sample" || t.text == "__color" { return .cikl }
      if t.text.hasPrefix("float") && t.text.count > 5 || t.text == "coreimage"
        || t.text.hasPrefix("half") && t.text.count > 4
      {
        return .mslCI
      }
    }
    return .cikl
  }
}

enum EntryPoints {
  private static let coreImageTypes: Set<String> = [
    "sample_t", "sample_h", "sampler", "sampler_h", "destination", "__sample", "__color",
  ]

  /// The functions to analyse and their roles.
  static func find(in unit: TranslationUnit, options: EntryOptions = EntryOptions())
    -> [(FunctionDecl, EntryRole)]
  {
    var result: [(FunctionDecl, EntryRole)] = []
    var sawEntryMarker = false
    for f in unit.functions where f.body != nil {
      let returnsColor = ["vec4", "float4", "half4"].contains(f.returnType.name)
      if f.markers.contains("kernel") || f.markers.contains("stitchable")
        || f.markers.contains("fragment") || f.markers.contains("vertex")
      {
        sawEntryMarker = true
      }
      if let role = metalRole(f, unit: unit),
        options.metal || options.metalWithTextures && takesTexture(f)
      {
        result.append((f, role))
        continue
      }
      if f.markers.contains("kernel") && f.returnType.name == "vec4" {
        if options.cikl { result.append((f, .colorKernel)) }
        continue
      }
      let isCoreImage =
        f.markers.contains("stitchable") || f.markers.contains("externC")
        || f.markers.contains("coreimage")
      let isGroupKernel =
        f.returnType.name == "void" && isCoreImage
        && f.parameters.contains { $0.type.name == "destination" }
      if isGroupKernel {
        sawEntryMarker = true
        if options.mslCI { result.append((f, .colorKernel)) }
        continue
      }
      let isSwiftUI =
        !f.parameters.contains { coreImageTypes.contains($0.type.name) }
        && (f.parameters.contains { $0.type.name == "Layer" } || isSwiftUIColorEffect(f))
      if returnsColor && isCoreImage && !f.markers.contains("kernel")
        && (f.parameters.contains {
          coreImageTypes.contains($0.type.name) || $0.type.name == "Layer"
        }
          || isSwiftUIColorEffect(f))
      {
        sawEntryMarker = true
        if isSwiftUI ? options.swiftUI : options.mslCI { result.append((f, .colorKernel)) }
      }
    }
    if !result.isEmpty || sawEntryMarker || !options.libraryMode { return result }
    return unit.functions.filter { f in
      f.body != nil && [3, 4].contains(f.returnType.laneCount ?? 0)
        && f.parameters.contains { [3, 4].contains($0.type.laneCount ?? 0) }
    }.map { ($0, .library) }
  }

  /// The role of a plain Metal entry point (docs/lint-rules.md §1.1 `metal` row), nil for others.
  static func metalRole(_ f: FunctionDecl, unit: TranslationUnit) -> EntryRole? {
    if f.markers.contains("fragment") {
      if ["float4", "half4"].contains(f.returnType.name) { return .colorKernel }
      if let members = unit.colorMembers[f.returnType.name], !members.isEmpty {
        return .fragmentStruct(members)
      }
      return nil
    }
    if f.markers.contains("kernel") && f.returnType.name == "void" { return .compute }
    return nil
  }

  /// Whether `f` takes a texture (`texture2d<float>`, `depth2d<float>`…): an image filter.
  static func takesTexture(_ f: FunctionDecl) -> Bool {
    f.parameters.contains { $0.type.name.hasPrefix("texture") || $0.type.name.hasPrefix("depth") }
  }

  /// `[[stitchable]] half4 name(float2 position, half4 color, …)`.
  static func isSwiftUIColorEffect(_ f: FunctionDecl) -> Bool {
    f.parameters.count >= 2 && f.parameters[0].type.name.hasSuffix("2")
      && ["half4", "float4"].contains(f.parameters[1].type.name)
  }

  /// The abstract value of an entry-point parameter.
  static func bind(
    _ p: Parameter, index: Int, of f: FunctionDecl, role: EntryRole, using interpreter: Interpreter
  ) -> Value {
    let name = p.type.name
    let count = p.type.laneCount ?? 1
    if interpreter.annotations.colorParameters.contains(p.name) {
      return interpreter.colorSource(count: count)
    }
    switch name {
    case "__sample", "sample_t", "sample_h", "__color":
      return interpreter.colorSource()
    case "sampler", "sampler_h", "Layer", "texture1d", "texture2d", "texture3d", "texturecube",
      "texture2d_array", "depth2d":
      return .object(.sampler)
    case "destination":
      return .object(.destination)
    default:
      break
    }
    if p.type.qualifiers.contains("__sample") || p.type.qualifiers.contains("__color") {
      return interpreter.colorSource(count: count)
    }
    if p.type.qualifiers.contains("__table") { return .object(.sampler) }
    if role == .library && count >= 3 { return interpreter.colorSource(count: count) }
    if role == .colorKernel && f.markers.contains("stitchable") {
      // SwiftUI passes `.color(…)` arguments as premultiplied `half4`: colours, alpha in [0,1].
      let isSwiftUI = isSwiftUIColorEffect(f) || f.parameters.contains { $0.type.name == "Layer" }
      // The first argument of a colour or layer effect is the pixel's position.
      if isSwiftUI && index == 0 && name.hasSuffix("2") {
        return interpreter.coordinate(count: count)
      }
      if isSwiftUIColorEffect(f) && index == 1 { return interpreter.colorSource(count: count) }
      if isSwiftUI && name == "half4" { return interpreter.colorSource(count: count) }
    }
    // Metal argument attributes: `[[buffer(n)]]` (`constant float *k`, `constant T &u`) and
    // `[[function_constant]]` are host-set parameters, `[[color(n)]]` reads the framebuffer's
    // colour, the rest (`[[thread_position_in_grid]]`, `[[stage_in]]`…) are positions.
    if p.attributes.contains(where: { ["buffer", "function_constant"].contains($0) }) {
      return interpreter.uniform(count: count, name: p.name)
    }
    if p.attributes.contains("color") { return interpreter.colorSource(count: count) }
    if p.attributes.contains("stage_in") { return interpreter.interpolated(count: count) }
    if !p.attributes.isEmpty { return interpreter.coordinate(count: count) }
    return interpreter.uniform(count: count, name: p.name)
  }
}
