import ArgumentParser
import CubeFormat
import EDRPipeline
import Foundation

/// `edrcube eval`: the cube at chosen points, like `ociochecklut`.
struct EvalCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "eval",
    abstract: "Evaluate a cube at RGB triples read from standard input.",
    discussion: """
      Reads one RGB triple per line (whitespace separated; blank lines and lines starting \
      with '#' are ignored; nan and inf are accepted) and prints one line per triple: three \
      numbers in the shortest form that reads back as the same Float. The working space is \
      linear Rec.709 unless --working-space / --working-primaries say otherwise. Probe a \
      plain cube with raw numbers with --lut-space raw.
      """)

  @OptionGroup var transform: TransformOptions

  func run() throws {
    let resolved = try transform.resolve(transform.loadCube(), defaultWorking: .linearRec709)
    let application = resolved.application
    Console.error(resolved.summary)
    if let note = resolved.policyNote { Console.error(note) }
    var output = ""
    var lineNumber = 0
    while let line = readLine(strippingNewline: true) {
      lineNumber += 1
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
      let tokens = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" })
      let values = tokens.compactMap { Float(String($0)) }
      guard tokens.count == 3, values.count == 3 else {
        FileHandle.standardOutput.write(Data(output.utf8))
        throw CLIFailure(
          "<stdin>:\(lineNumber): error: expected three numbers, got '\(trimmed.prefix(80))'")
      }
      let out = application.apply(SIMD3(values[0], values[1], values[2]))
      output +=
        "\(CubeWriter.numberText(out[0])) \(CubeWriter.numberText(out[1])) \(CubeWriter.numberText(out[2]))\n"
      if output.utf8.count > 1 << 16 {
        FileHandle.standardOutput.write(Data(output.utf8))
        output = ""
      }
    }
    FileHandle.standardOutput.write(Data(output.utf8))
  }
}
