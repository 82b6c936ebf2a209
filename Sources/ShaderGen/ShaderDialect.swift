/// The spellings in which GLSL, HLSL and WGSL differ, so that the lookup is written once
/// (``CubeShader``'s body) for every language. GLSL and HLSL share C's declarations.
struct ShaderDialect {
  let language: ShaderLanguage

  /// Whether declarations are C's (`float x = e;`), as in GLSL and HLSL.
  var isC: Bool { language != .wgsl }

  var float: String { isC ? "float" : "f32" }
  var int: String { isC ? "int" : "i32" }
  var uint: String { isC ? "uint" : "u32" }
  var vec3: String {
    switch language {
    case .glsl: "vec3"
    case .hlsl: "float3"
    case .wgsl: "vec3<f32>"
    }
  }

  /// A vec3 with every component `x`.
  func splat(_ x: String) -> String {
    language == .hlsl ? "((float3)(\(x)))" : "\(vec3)(\(x))"
  }

  /// The fused multiply-add on vectors: `fma` (GLSL, WGSL), `mad` (HLSL).
  var fma: String { language == .hlsl ? "mad" : "fma" }

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

  /// A constant of the whole source: `const T x = v;` (HLSL `static const`) / `const x: T = v;`.
  func global(_ type: String, _ name: String, _ value: String) -> String {
    switch language {
    case .glsl: "const \(type) \(name) = \(value);"
    case .hlsl: "static const \(type) \(name) = \(value);"
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
    return "\(vec3)(\(f)(\(x).x), \(f)(\(x).y), \(f)(\(x).z))"
  }

  /// A function header: `vec3 f(float a)` / `fn f(a: f32) -> vec3<f32>`.
  func function(_ name: String, _ parameters: [(String, String)], returns type: String) -> String {
    if isC {
      return "\(type) \(name)(\(parameters.map { "\($0.0) \($0.1)" }.joined(separator: ", ")))"
    }
    return "fn \(name)(\(parameters.map { "\($0.1): \($0.0)" }.joined(separator: ", "))) -> \(type)"
  }

  /// The bits of a Float as an unsigned integer.
  func bits(_ x: String) -> String {
    switch language {
    case .glsl: "floatBitsToUint(\(x))"
    case .hlsl: "asuint(\(x))"
    case .wgsl: "bitcast<u32>(\(x))"
    }
  }

  /// Whether any component of a vec3 is not zero.
  func anyNonZero(_ v: String) -> String {
    language == .glsl ? "any(notEqual(\(v), vec3(0.0)))" : "any(\(v) != \(splat("0.0")))"
  }

  /// A Float literal that reads back as `x` (finite values only: tables are finite).
  func literal(_ x: Float) -> String {
    let text = "\(x)"
    return text.contains(".") || text.contains("e") ? text : text + ".0"
  }

  /// A vec3 literal.
  func literal(_ v: SIMD3<Float>) -> String {
    "\(vec3)(\(literal(v[0])), \(literal(v[1])), \(literal(v[2])))"
  }
}
