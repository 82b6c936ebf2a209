import ArgumentParser

/// The `edrcube` command: 3D colour cube LUTs for Extended Dynamic Range images.
@main
struct EDRCubeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "edrcube",
    abstract: "Apply, inspect, convert and generate .cube LUTs for EDR images, and lint kernels.",
    version: "0.1.0",
    subcommands: [
      ApplyCommand.self, ConvertCommand.self, EvalCommand.self, GenerateCommand.self,
      InspectCommand.self, LintCommand.self, PatternCommand.self,
    ])
}
