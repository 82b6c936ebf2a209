import ArgumentParser
import CubeFormat
import EDRPipeline
import Foundation
import KernelLint
import LintCommandLine

/// `edrcube eval`: the cube at chosen points, like `ociochecklut`.
struct EvalCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "eval",
    abstract: "Evaluate a cube at RGB triples read from standard input.",
    discussion: """
      Reads one RGB triple per line (whitespace separated; blank lines and lines starting \
      with '#' are ignored; nan and inf are accepted; lines up to 4096 bytes, 1 GiB in all) \
      and prints one line per triple: three \
      numbers in the shortest form that reads back as the same Float. The working space is \
      linear Rec.709 unless --working-space / --working-primaries say otherwise. Probe a \
      plain cube with raw numbers with --lut-space raw.
      """)

  @OptionGroup var transform: TransformOptions
  @OptionGroup var quietness: QuietOption

  func run() throws {
    try OutputChecks.refuseReplacing([transform.lut], by: [])
    let resolved = try transform.resolve(transform.loadLUT(), defaultWorking: .linearRec709)
    let application = resolved.application
    Console.note(resolved.summary)
    if let note = resolved.policyNote { Console.note(note) }
    var output = ""
    try forEachInputLine { line, lineNumber in
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty || trimmed.hasPrefix("#") { return }
      let tokens = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" })
      let values = tokens.compactMap { Float(String($0)) }
      guard tokens.count == 3, values.count == 3 else {
        StandardStreams.output(output)
        throw CLIFailure(
          "<stdin>:\(lineNumber): error: expected three numbers, got '\(TerminalText.escaped(String(trimmed.prefix(80))))'"
        )
      }
      let out = application.apply(SIMD3(values[0], values[1], values[2]))
      output +=
        "\(CubeWriter.numberText(out[0])) \(CubeWriter.numberText(out[1])) \(CubeWriter.numberText(out[2]))\n"
      if output.utf8.count > 1 << 16 {
        StandardStreams.output(output)
        output = ""
        // The reader is gone or the disk is full: stop reading.
        if StandardStreams.outputFailed { throw CLIFailure.lostOutput }
      }
    }
    StandardStreams.output(output)
    if StandardStreams.outputFailed { throw CLIFailure.lostOutput }
  }

  /// Standard input's lines within eval's bounds; a broken bound is a `CLIFailure`.
  private func forEachInputLine(_ body: (String, Int) throws -> Void) throws {
    do {
      try StandardInput.forEachLine(
        lineLimit: StandardInput.evalLineLimit, totalLimit: StandardInput.evalTotalLimit, body)
    } catch let failure as StandardInputError {
      throw CLIFailure(failure.message)
    }
  }
}
