import TestSupport
import Testing

@Suite struct EDRCubeCLITestsPlaceholder {
  @Test func helpListsTheTool() throws {
    let r = try EDRCubeExecutable.run(["--help"])
    #expect(r.status == 0)
    #expect(r.stdout.contains("edrcube"))
  }
}
