import Foundation
import TestSupport
import Testing

/// `edrcube --generate-completion-script`: the bash script, sourced in bash, completes
/// subcommands and options; zsh and fish scripts are generated too.
@Suite struct CompletionScriptTests {
  /// Sources the completion script (`$1`), then prints the completions of each line, one line
  /// of space-separated words each, as bash's programmable completion would compute them.
  static let driver = """
    source "$1"
    complete -p edrcube
    complete_line() {
      COMP_LINE="$1"
      COMP_POINT=${#COMP_LINE}
      read -ra COMP_WORDS <<<"$COMP_LINE"
      [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
      COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
      COMPREPLY=()
      _edrcube edrcube "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
      echo "${COMPREPLY[*]}"
    }
    complete_line "edrcube "
    complete_line "edrcube li"
    complete_line "edrcube lint --fo"
    """

  func bash(_ script: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", script, "bash"] + arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test func bashCompletesSubcommandsAndOptions() throws {
    let generated = try EDRCubeExecutable.run(["--generate-completion-script", "bash"])
    try #require(generated.status == 0, "\(generated.stderr)")
    let lines = try withTemporaryDirectory { folder in
      let script = folder.appendingPathComponent("edrcube.bash")
      try generated.stdout.write(to: script, atomically: true, encoding: .utf8)
      let result = try bash(Self.driver, [script.path])
      #expect(result.status == 0)
      return result.output.split(separator: "\n").map(String.init)
    }
    try #require(lines.count == 4, "\(lines)")
    #expect(lines[0] == "complete -o filenames -F _edrcube edrcube")
    let subcommands = Set(lines[1].split(separator: " ").map(String.init))
    #expect(subcommands.isSuperset(of: ["apply", "eval", "inspect", "pattern", "lint"]))
    #expect(lines[2] == "lint")
    #expect(lines[3] == "--format")
  }

  @Test(arguments: [("zsh", "#compdef edrcube"), ("fish", "complete -c 'edrcube'")])
  func zshAndFishScriptsAreGenerated(shell: String, marker: String) throws {
    let generated = try EDRCubeExecutable.run(["--generate-completion-script", shell])
    #expect(generated.status == 0)
    #expect(generated.stdout.contains(marker))
    #expect(generated.stdout.contains("lint"))
  }
}
