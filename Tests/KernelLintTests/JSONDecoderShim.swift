import Foundation
import KernelLint

/// Decodes `.edrlint.json` text as the CLI does.
enum JSONDecoderShim {
  static func decode(_ text: String) throws -> LintConfiguration {
    try JSONDecoder().decode(LintConfiguration.self, from: Data(text.utf8))
  }
}
