/// The spellings in which the languages differ, so that the lookup is written once
/// (``CubeShader``'s body) for every language. GLSL, HLSL, MSL (Core Image's too) and DCTL share
/// C's declarations; MSL and DCTL write Float literals with an `f` (C's unsuffixed literals are
/// doubles), and DCTL, which compiles to CUDA, OpenCL and Metal, calls only its own scalar
/// functions (`_powf`, `_fminf`) and small vector helpers written with them (`dctlPrelude`).
struct ShaderDialect {
  let language: ShaderLanguage
  /// Where the nodes live (DCTL's are always in the source).
  let storage: ShaderTableStorage

  init(language: ShaderLanguage, storage: ShaderTableStorage) {
    self.language = language
    self.storage = language == .dctl ? .constant : storage
  }

  /// Whether declarations are C's (`float x = e;`): every language but WGSL.
  var isC: Bool { language != .wgsl }
  /// Whether the source is Metal (a compute kernel or a Core Image kernel).
  var isMetal: Bool { language == .msl || language == .coreimage }
  /// Whether Float literals need C's `f` suffix.
  var suffixesLiterals: Bool { isMetal || language == .dctl }

  var float: String { isC ? "float" : "f32" }
  var int: String { isC ? "int" : "i32" }
  var uint: String { isC ? "uint" : "u32" }
  var vec3: String {
    switch language {
    case .glsl: "vec3"
    case .hlsl, .msl, .coreimage, .dctl: "float3"
    case .wgsl: "vec3<f32>"
    }
  }

  /// The vec3 `(x, y, z)`.
  func make3(_ x: String, _ y: String, _ z: String) -> String {
    "\(language == .dctl ? "make_float3" : vec3)(\(x), \(y), \(z))"
  }

  /// A vec3 with every component `x`.
  func splat(_ x: String) -> String {
    switch language {
    case .hlsl: "((float3)(\(x)))"
    case .dctl: "make_float3(\(x), \(x), \(x))"
    default: "\(vec3)(\(x))"
    }
  }

  /// `x` converted to the scalar `type` (`float(n)`; C's `(float)(n)` in DCTL).
  func cast(_ type: String, _ x: String) -> String {
    language == .dctl ? "(\(type))(\(x))" : "\(type)(\(x))"
  }

  /// A scalar builtin: `min`, `max`, `abs`, `floor`, `pow`, `exp`, `exp2`, `log`, `sqrt`
  /// (DCTL's `_fminf`, `_fabs`, `_powf`…).
  func call(_ name: String, _ arguments: String...) -> String {
    guard language == .dctl else { return "\(name)(\(arguments.joined(separator: ", ")))" }
    let dctl = [
      "min": "_fminf", "max": "_fmaxf", "abs": "_fabs", "floor": "_floorf", "pow": "_powf",
      "exp": "_expf", "exp2": "_exp2f", "log": "_logf", "sqrt": "_sqrtf",
    ]
    return "\(dctl[name] ?? name)(\(arguments.joined(separator: ", ")))"
  }

  /// A componentwise builtin on vec3s: `min`, `max`, `clamp`, `floor`, `fma` (HLSL's `mad`;
  /// DCTL's `edrcube_min3`… of `dctlPrelude`).
  func vcall(_ name: String, _ arguments: String...) -> String {
    let spelled =
      language == .dctl ? "edrcube_\(name)3" : (name == "fma" && language == .hlsl ? "mad" : name)
    return "\(spelled)(\(arguments.joined(separator: ", ")))"
  }

  /// The component `k` (an int expression) of the vec3 `v`.
  func component(_ v: String, _ k: String) -> String {
    language == .dctl ? "edrcube_get(\(v), \(k))" : "\(v)[\(k)]"
  }

  /// The statement setting component `k` of the vec3 variable `v` to `x`.
  func setComponent(_ v: String, _ k: String, _ x: String) -> String {
    language == .dctl ? "\(v) = edrcube_set(\(v), \(k), \(x));" : "\(v)[\(k)] = \(x);"
  }

  /// An immutable local: `vec3 x = e;` / `let x: vec3<f32> = e;`.
  func constant(_ type: String, _ name: String, _ value: String) -> String {
    isC ? "\(type) \(name) = \(value);" : "let \(name): \(type) = \(value);"
  }

  /// A mutable local with a value: `vec3 x = e;` / `var x: vec3<f32> = e;`.
  func mutable(_ type: String, _ name: String, _ value: String) -> String {
    isC ? "\(type) \(name) = \(value);" : "var \(name): \(type) = \(value);"
  }

  /// A mutable local without a value: `vec3 x;` / `var x: vec3<f32>;`.
  func variable(_ type: String, _ name: String) -> String {
    isC ? "\(type) \(name);" : "var \(name): \(type);"
  }

  /// A constant of the whole source: `const T x = v;` (HLSL `static const`, Metal `constant`,
  /// DCTL a `#define`, which every DCTL back end takes) / `const x: T = v;`.
  func global(_ type: String, _ name: String, _ value: String) -> String {
    switch language {
    case .glsl: "const \(type) \(name) = \(value);"
    case .hlsl: "static const \(type) \(name) = \(value);"
    case .msl, .coreimage: "constant \(type) \(name) = \(value);"
    case .dctl: "#define \(name) (\(value))"
    case .wgsl: "const \(name): \(type) = \(value);"
    }
  }

  /// The head of a loop over the three channels, `k` = 0, 1, 2.
  var channelLoop: String {
    isC ? "for (int k = 0; k < 3; k++)" : "for (var k: i32 = 0; k < 3; k = k + 1)"
  }

  /// `f` on each component of a vec3: `vec3(f(v.x), f(v.y), f(v.z))`.
  func perChannel(_ f: String, _ v: String) -> String {
    let x = v.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? v : "(\(v))"
    return make3("\(f)(\(x).x)", "\(f)(\(x).y)", "\(f)(\(x).z)")
  }

  /// A function header: `vec3 f(float a)` / `fn f(a: f32) -> vec3<f32>` (DCTL's
  /// `__DEVICE__ float3 f(float a)`); with `readsTable`, the table's parameter last where the
  /// table is one (a Metal buffer, a Core Image sampler).
  func function(
    _ name: String, _ parameters: [(String, String)], returns type: String,
    readsTable: Bool = false
  ) -> String {
    var parameters = parameters
    if readsTable, let table = tableParameter { parameters.append(table) }
    if isC {
      let list = parameters.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
      return "\(language == .dctl ? "__DEVICE__ " : "")\(type) \(name)(\(list))"
    }
    return "fn \(name)(\(parameters.map { "\($0.1): \($0.0)" }.joined(separator: ", "))) -> \(type)"
  }

  /// The table as a function parameter (type, name): a Metal buffer pointer or a Core Image
  /// sampler; nil where the table is a global (a binding, a constant array).
  var tableParameter: (String, String)? {
    guard storage == .buffer else { return nil }
    switch language {
    case .msl: return ("const device float*", "edrcube_table")
    case .coreimage: return ("coreimage::sampler", "edrcube_table")
    default: return nil
    }
  }

  /// A call of a function that reads the table: `f(a)`, or `f(a, edrcube_table)`.
  func tableCall(_ name: String, _ arguments: String...) -> String {
    let all = arguments + (tableParameter.map { [$0.1] } ?? [])
    return "\(name)(\(all.joined(separator: ", ")))"
  }

  /// The table's Float at index `i` (an int expression): `edrcube_table[i]`, or for a Core
  /// Image sampler component `i % 3` of texel `i / 3`.
  func tableValue(_ i: String) -> String {
    guard language == .coreimage, storage == .buffer else { return "edrcube_table[\(i)]" }
    return "\(tableCall("edrcube_node", "(\(i)) / 3"))[(\(i)) % 3]"
  }

  /// The bits of a Float as an unsigned integer.
  func bits(_ x: String) -> String {
    switch language {
    case .glsl: "floatBitsToUint(\(x))"
    case .hlsl: "asuint(\(x))"
    case .wgsl: "bitcast<u32>(\(x))"
    case .msl, .coreimage: "as_type<uint>(\(x))"
    case .dctl: "edrcube_bits(\(x))"
    }
  }

  /// Whether any component of a vec3 is not zero.
  func anyNonZero(_ v: String) -> String {
    switch language {
    case .glsl: "any(notEqual(\(v), vec3(0.0)))"
    case .dctl: "edrcube_any3(\(v))"
    default: "any(\(v) != \(splat("0.0")))"
    }
  }

  /// A Float literal that reads back as `x` (finite values only: tables are finite).
  func literal(_ x: Float) -> String {
    let text = "\(x)"
    return text.contains(".") || text.contains("e") ? text : text + ".0"
  }

  /// A vec3 literal.
  func literal(_ v: SIMD3<Float>) -> String {
    make3(literal(v[0]), literal(v[1]), literal(v[2]))
  }

  /// `source` with C's `f` on every Float literal where the language needs it (MSL, DCTL): the
  /// body spells literals as GLSL does (`1.0`, `1e-06`), which C would read as doubles. A
  /// literal is a decimal number not inside a name or a hexadecimal number.
  func finished(_ source: String) -> String {
    guard suffixesLiterals else { return source }
    let literal = /(^|[^\w.])(\d+\.\d*(?:e[+-]?\d+)?|\d+e[+-]?\d+)(?![\w.])/
    return source.replacing(literal.anchorsMatchLineEndings()) { "\($0.1)\($0.2)f" }
  }

  /// DCTL's vector helpers, written with its scalar functions and `make_float3` so that the
  /// CUDA, OpenCL and Metal back ends all compile them; the Float's bits per back end.
  static let dctlPrelude = """
    __DEVICE__ float3 edrcube_min3(float3 a, float3 b) {
      return make_float3(_fminf(a.x, b.x), _fminf(a.y, b.y), _fminf(a.z, b.z));
    }
    __DEVICE__ float3 edrcube_max3(float3 a, float3 b) {
      return make_float3(_fmaxf(a.x, b.x), _fmaxf(a.y, b.y), _fmaxf(a.z, b.z));
    }
    __DEVICE__ float3 edrcube_clamp3(float3 x, float3 lo, float3 hi) {
      return edrcube_min3(edrcube_max3(x, lo), hi);
    }
    __DEVICE__ float3 edrcube_floor3(float3 v) {
      return make_float3(_floorf(v.x), _floorf(v.y), _floorf(v.z));
    }
    __DEVICE__ float3 edrcube_fma3(float3 a, float3 b, float3 c) {
      return make_float3(_fmaf(a.x, b.x, c.x), _fmaf(a.y, b.y, c.y), _fmaf(a.z, b.z, c.z));
    }
    __DEVICE__ bool edrcube_any3(float3 v) { return v.x != 0.0 || v.y != 0.0 || v.z != 0.0; }
    __DEVICE__ float edrcube_get(float3 v, int k) { return k == 0 ? v.x : (k == 1 ? v.y : v.z); }
    __DEVICE__ float3 edrcube_set(float3 v, int k, float x) {
      if (k == 0) { v.x = x; } else if (k == 1) { v.y = x; } else { v.z = x; }
      return v;
    }
    __DEVICE__ uint edrcube_bits(float x) {
    #if defined(DEVICE_IS_CUDA)
      return __float_as_uint(x);
    #elif defined(DEVICE_IS_METAL)
      return as_type<uint>(x);
    #else
      return as_uint(x);
    #endif
    }

    """
}
