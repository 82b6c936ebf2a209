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

  /// Sources the script (`$1`) and prints the sorted completions of each further argument.
  static let completer = """
    source "$1"
    shift
    for line in "$@"; do
      COMP_LINE="$line"
      COMP_POINT=${#COMP_LINE}
      read -ra COMP_WORDS <<<"$COMP_LINE"
      [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
      COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
      COMPREPLY=()
      _edrcube edrcube "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
      printf '%s\n' "${COMPREPLY[*]}" | tr ' ' '\n' | sort | tr '\n' ' ' | sed 's/ $//'
      echo
    done
    """

  func bash(_ script: String, _ arguments: [String], in folder: URL? = nil) throws -> (
    status: Int32, output: String
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", script, "bash"] + arguments
    if let folder { process.currentDirectoryURL = folder }
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

  /// Path arguments complete file names of their kind (and folders), enum options their
  /// values, in every command (issue 26).
  @Test func bashCompletesFileNamesAndEnumValues() throws {
    let generated = try EDRCubeExecutable.run(["--generate-completion-script", "bash"])
    try #require(generated.status == 0, "\(generated.stderr)")
    let cases: [(line: String, expected: String)] = [
      // A Hald CLUT image is a LUT too (docs/formats.md).
      ("edrcube apply --lut ", "look.cube plates preview.png shot.tif"),
      ("edrcube apply ", "plates shot.exr shot.tif"),
      ("edrcube apply x.exr -o ", "plates shot.exr shot.tif"),
      ("edrcube apply x.exr --output-dir ", "plates"),
      ("edrcube apply x.exr --preview ", "plates preview.png"),
      ("edrcube apply x.exr --format ", "exr tiff"),
      ("edrcube apply x.exr --alpha ", "premultiplied straight"),
      ("edrcube inspect ", "look.cube plates preview.png shot.tif"),
      (
        "edrcube convert look.cube --from-space ",
        "acescc acescct applelog bmd-film-gen5 bt1886 cineon clog2 clog3 davinci-intermediate dlog flog flog2 lg2 linear log3g10 logc3 logc4 slog2 slog3 srgb vlog"
      ),
      ("edrcube generate resize ", "look.cube plates"),
      ("edrcube pattern --pixel-type ", "float half"),
      ("edrcube lint --format ", "github json sarif text xcode"),
      ("edrcube lint --fail-level ", "error note warning"),
    ]
    let lines = try withTemporaryDirectory { folder in
      for name in ["look.cube", "shot.exr", "shot.tif", "preview.png", "notes.txt"] {
        try Data().write(to: folder.appendingPathComponent(name))
      }
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent("plates"), withIntermediateDirectories: true)
      let script = folder.appendingPathComponent(".edrcube.bash")
      try generated.stdout.write(to: script, atomically: true, encoding: .utf8)
      let result = try bash(Self.completer, [script.path] + cases.map(\.line), in: folder)
      #expect(result.status == 0)
      return result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
    for (i, c) in cases.enumerated() {
      #expect(i < lines.count && lines[i] == c.expected, "\(c.line)")
    }
  }
}
