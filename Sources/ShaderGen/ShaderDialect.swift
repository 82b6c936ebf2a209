/// The spellings in which GLSL and WGSL differ, so that the lookup is written once
/// (``CubeShader``'s body) for both languages.
struct ShaderDialect {
  let language: ShaderLanguage

  var float: String { language == .glsl ? "float" : "f32" }
  var int: String { language == .glsl ? "int" : "i32" }
  var vec3: String { language == .glsl ? "vec3" : "vec3<f32>" }

  /// An immutable local: `vec3 x = e;` / `let x: vec3<f32> = e;`.
  func constant(_ type: String, _ name: String, _ value: String) -> String {
    language == .glsl ? "\(type) \(name) = \(value);" : "let \(name): \(type) = \(value);"
  }

  /// A mutable local without a value: `vec3 x;` / `var x: vec3<f32>;`.
  func variable(_ type: String, _ name: String) -> String {
    language == .glsl ? "\(type) \(name);" : "var \(name): \(type);"
  }

  /// A function header: `vec3 f(float a)` / `fn f(a: f32) -> vec3<f32>`.
  func function(_ name: String, _ parameters: [(String, String)], returns type: String) -> String {
    if language == .glsl {
      return "\(type) \(name)(\(parameters.map { "\($0.0) \($0.1)" }.joined(separator: ", ")))"
    }
    return "fn \(name)(\(parameters.map { "\($0.1): \($0.0)" }.joined(separator: ", "))) -> \(type)"
  }

  /// The bits of a Float as an unsigned integer.
  func bits(_ x: String) -> String {
    language == .glsl ? "floatBitsToUint(\(x))" : "bitcast<u32>(\(x))"
  }

  /// Whether any component of a vec3 is not zero.
  func anyNonZero(_ v: String) -> String {
    language == .glsl ? "any(notEqual(\(v), vec3(0.0)))" : "any(\(v) != vec3<f32>(0.0))"
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
