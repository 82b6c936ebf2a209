import KernelLint

/// The options of `edrcube_lint`: the path that names the source (its extension picks the
/// language: `.swift`, `.m`, `.mm` host code, else kernel text) and the kernel dialect to
/// analyse (`cikl`, `msl-ci`, `metal`; default: every default dialect).
struct LintOptions: Decodable {
  var path: String?
  var dialect: String?
}

/// Lints kernel source under JSON options (``LintOptions``); the findings as a JSON array.
@_cdecl("edrcube_lint")
public func edrcube_lint(
  _ source: UnsafePointer<CChar>, _ options: UnsafePointer<CChar>?,
  _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> UnsafeMutablePointer<CChar>? {
  do throws(APIError) {
    let parsed = try CString.options(LintOptions.self, from: options, empty: LintOptions())
    var configuration = LintConfiguration()
    if let dialect = parsed.dialect {
      guard let known = KernelDialect(rawValue: dialect.lowercased()) else {
        throw APIError(
          kind: "options", message: "dialect: unknown value '\(dialect)' (cikl, msl-ci, metal)")
      }
      configuration.dialects = Dictionary(
        uniqueKeysWithValues: LintConfiguration.dialectNames.map { ($0, $0 == known.rawValue) })
    }
    let report = Linter(configuration: configuration).lint(
      text: String(cString: source), path: parsed.path ?? "<source>")
    return CString.json(report.findings)
  } catch let failure {
    report(failure, to: error)
    return nil
  }
}
