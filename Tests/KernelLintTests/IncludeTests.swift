import KernelLint
import Testing

/// `#include "file.h"` resolution (docs/lint-rules.md §2 LINT003, §6 `preprocessor.includePaths`).
@Suite struct IncludeTests {
  private let files: [String: String] = [
    "Shaders/sub/helpers.h": """
    #ifndef HELPERS_H
    #define HELPERS_H
    #include "../lib/sat.h"
    vec3 grade(vec3 c) { return SAT(c * 1.1); }
    #endif
    """,
    "Shaders/lib/sat.h": "#define SAT(x) clamp((x), 0.0, 1.0)\n",
    "Common/tone.h": "vec3 tone(vec3 c) { return c / (1.0 + c); }\n",
    "Shaders/loop.h": "#include \"loop.h\"\n",
  ]

  private func lint(_ text: String, _ configuration: LintConfiguration = LintConfiguration())
    -> FileReport
  {
    var linter = Linter(configuration: configuration)
    let files = self.files
    linter.includeLoader = { path in files[path].map { Array($0.utf8) } }
    return linter.lint(text: text, path: "Shaders/main.cikernel")
  }

  @Test func includesResolveRelativeToTheIncludingFile() {
    let text = """
      #include "sub/helpers.h"
      #include "sub/helpers.h"
      kernel vec4 k(__sample s) {
        return vec4(grade(s.rgb), s.a);
      }
      """
    let report = lint(text)
    #expect(report.findings.map(\.ruleID) == [.edr001])
    #expect(report.findings.first?.span.start.line == 1)
    #expect(report.kernelsSkipped == 0)
  }

  @Test func missingIncludeIsPartialAnalysis() {
    let text = "#include \"tone.h\"\nkernel vec4 k(__sample s) { return vec4(tone(s.rgb), s.a); }"
    let missing = lint(text)
    #expect(missing.findings.map(\.ruleID) == [.lint003])
    #expect(missing.findings.first?.message.contains("\"tone.h\"' was not found") == true)
    var configuration = LintConfiguration()
    configuration.preprocessor = .init(defines: nil, includePaths: ["Common"])
    let found = lint(text, configuration)
    #expect(found.findings.isEmpty)
    #expect(found.kernelsSkipped == 0)
  }

  @Test func selfIncludeAndSystemHeadersAreHarmless() {
    let text = """
      #include <CoreImage/CoreImage.h>
      #include "loop.h"
      kernel vec4 k(__sample s) { return vec4(min(s.rgb, 1.0), s.a); }
      """
    #expect(lint(text).findings.map(\.ruleID) == [.edr001])
  }
}
