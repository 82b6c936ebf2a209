/// A type as written: the last name component plus what matters to the analysis.
struct TypeName: Sendable {
  /// The base name, namespace stripped (`float4`, `sample_t`, `destination`, `vec3`).
  var name: String
  /// Qualifiers seen before or after the name (`const`, `constant`, `out`, `inout`, `__sample`).
  var qualifiers: [String] = []
  /// Whether the parameter is passed by reference (`&` or `out`/`inout`).
  var isReference: Bool = false
  /// Array element count expressions (`float w[9]`).
  var isArray: Bool = false

  /// Lane count of a vector or scalar type, nil for others.
  var laneCount: Int? { TypeName.laneCount(of: name) }

  /// Lane count of a type spelling, nil if it is not a numeric scalar or vector.
  static func laneCount(of name: String) -> Int? { laneCounts[name] }

  /// (columns, rows) of a matrix type (`mat3`, `float3x3`, `half4x4`).
  static func matrixShape(_ name: String) -> (Int, Int)? { matrixShapes[name] }

  private static let scalars = [
    "float", "half", "int", "uint", "bool", "short", "ushort", "char", "uchar", "double", "long",
    "ulong", "vec", "ivec", "bvec", "uvec", "dvec",
  ]

  /// Every scalar and vector spelling (`float` 1, `float4` 4, `vec3` 3, and the simd
  /// header's `vector_float4`, `simd_half3`, `packed_float2`) with its lane count, so that the
  /// hot paths do one dictionary lookup instead of string surgery.
  private static let laneCounts: [String: Int] = {
    var result: [String: Int] = [:]
    for scalar in scalars {
      if !scalar.hasSuffix("vec") { result[scalar] = 1 }
      for n in 2...4 {
        result[scalar + String(n)] = n
        guard !scalar.hasSuffix("vec") else { continue }
        for prefix in ["vector_", "simd_", "packed_"] { result[prefix + scalar + String(n)] = n }
      }
    }
    return result
  }()

  /// Every matrix spelling with its (columns, rows).
  private static let matrixShapes: [String: (Int, Int)] = {
    var result: [String: (Int, Int)] = [:]
    for c in 2...4 {
      result["mat\(c)"] = (c, c)
      for r in 2...4 {
        for prefix in ["float", "half", "double"] { result["\(prefix)\(c)x\(r)"] = (c, r) }
      }
    }
    return result
  }()
}

/// An expression node with its exact source range.
final class Expr: @unchecked Sendable {
  /// The shape of an expression (stored inline: sub-expressions are `Expr` references).
  enum Kind {
    case identifier(String)
    case number(Double)
    case literal  // strings, characters
    case unary(String, Expr)
    case postfix(String, Expr)
    case binary(String, Expr, Expr)
    case assign(String, Expr, Expr)
    case ternary(Expr, Expr, Expr)
    case call(Expr, [Expr])
    case member(Expr, String)
    case index(Expr, Expr)
    case cast(TypeName, Expr)
    case initializerList([Expr])
    case comma(Expr, Expr)
  }

  /// The shape.
  let kind: Kind
  /// The byte range in kernel text (macro uses for expanded code).
  let range: Range<Int>
  /// A per-file unique number (keys for per-expression facts).
  let id: Int
  /// Whether any token came from a macro expansion (no fix-its there).
  let isFromMacro: Bool

  /// Creates a node.
  init(_ kind: Kind, range: Range<Int>, id: Int, isFromMacro: Bool) {
    self.kind = kind
    self.range = range
    self.id = id
    self.isFromMacro = isFromMacro
  }

  /// The callee name of a plain call `f(…)`, or the method name of `x.f(…)`.
  var calleeName: String? {
    guard case .call(let callee, _) = kind else { return nil }
    switch callee.kind {
    case .identifier(let name): return name
    case .member(_, let name): return name
    default: return nil
    }
  }
}

/// A declared variable (local or global).
struct VariableDecl {
  /// The declared type.
  var type: TypeName
  /// The name.
  var name: String
  /// The initial value.
  var initializer: Expr?
  /// The declaration's range.
  var range: Range<Int>
}

/// A statement node.
enum Stmt {
  case block([Stmt])
  case declaration([VariableDecl])
  case expression(Expr)
  indirect case ifElse(Expr, Stmt, Stmt?)
  indirect case forLoop(Stmt?, Expr?, Expr?, Stmt, range: Range<Int>)
  indirect case whileLoop(Expr, Stmt, isDoWhile: Bool, range: Range<Int>)
  case returnValue(Expr?, range: Range<Int>)
  case jump  // break, continue, discard
}

/// A function parameter.
struct Parameter {
  /// The declared type.
  var type: TypeName
  /// The name (may be empty).
  var name: String
  /// Attribute names in `[[…]]` (`position`, `thread_position_in_grid`).
  var attributes: [String]
  /// The default argument (`float k = 1.0`), if any.
  var defaultValue: Expr?
  /// The parameter's range.
  var range: Range<Int>
}

/// A function definition or declaration.
struct FunctionDecl {
  /// The function name.
  var name: String
  /// The range of the name token.
  var nameRange: Range<Int>
  /// The declared return type.
  var returnType: TypeName
  /// Parameters in order.
  var parameters: [Parameter]
  /// The body, nil for a prototype.
  var body: Stmt?
  /// Qualifiers and attributes: `kernel`, `stitchable`, `extern "C"`, `fragment`, `coreimage`.
  var markers: Set<String>
  /// The range of the whole definition.
  var range: Range<Int>
}

/// A parsed kernel source.
struct TranslationUnit {
  /// Functions in source order.
  var functions: [FunctionDecl] = []
  /// Global variables in source order.
  var globals: [VariableDecl] = []
  /// Members marked `[[color(n)]]` of each struct type (plain Metal fragment outputs).
  var colorMembers: [String: [String]] = [:]
  /// Parse problems (range, message); each makes the analysis partial.
  var errors: [(Range<Int>, String)] = []
}
