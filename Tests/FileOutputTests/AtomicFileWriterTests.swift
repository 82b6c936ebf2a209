import FileOutput
import Foundation
import TestSupport
import Testing

/// `AtomicFileWriter` and `InputProtection` on their own (RasterIOTests covers them through the
/// image writers): the bytes land whole, a failed body leaves the old file and no temporary
/// file, and inputs and duplicate outputs are refused with the path named.
@Suite struct AtomicFileWriterTests {
  static func write(_ text: String, to path: String, using writer: AtomicFileWriter) throws {
    try writer.write(to: path) { file in
      try Array(text.utf8).withUnsafeBytes { try file.write($0) }
    }
  }

  @Test func theBytesLandWholeAndReplaceTheOldFile() throws {
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("out.txt").path
      let writer = AtomicFileWriter(synchronizes: false)
      try Self.write("first", to: path, using: writer)
      try Self.write("second, longer", to: path, using: writer)
      #expect(try String(contentsOfFile: path, encoding: .utf8) == "second, longer")
      #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.txt"])
    }
  }

  @Test func aFailingBodyLeavesTheOldFileAndNoTemporaryFile() throws {
    struct Stop: Error {}
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("out.txt").path
      let writer = AtomicFileWriter(synchronizes: false)
      try Self.write("kept", to: path, using: writer)
      #expect(throws: Stop.self) {
        try writer.write(to: path) { file in
          try Array("half".utf8).withUnsafeBytes { try file.write($0) }
          throw Stop()
        }
      }
      #expect(try String(contentsOfFile: path, encoding: .utf8) == "kept")
      #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.txt"])
    }
  }

  @Test func aProtectedInputIsRefusedUnlessAllowed() throws {
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("in.txt").path
      try Self.write("input", to: path, using: AtomicFileWriter(synchronizes: false))
      let error = try #require(throws: FileOutputError.self) {
        try Self.write(
          "output", to: path, using: AtomicFileWriter(protecting: [path], synchronizes: false))
      }
      #expect(error.kind == .invalidRequest && error.path == path)
      #expect(error.description.hasPrefix("\(path): error: "))
      #expect(try String(contentsOfFile: path, encoding: .utf8) == "input")
      try Self.write(
        "output", to: path,
        using: AtomicFileWriter(protecting: [path], allowReplacingInputs: true, synchronizes: false)
      )
      #expect(try String(contentsOfFile: path, encoding: .utf8) == "output")
    }
  }

  @Test func aFolderIsNotAnOutputAndAMissingFolderNamesThePath() throws {
    try withTemporaryDirectory { dir in
      let writer = AtomicFileWriter(synchronizes: false)
      let folder = try #require(throws: FileOutputError.self) {
        try Self.write("x", to: dir.path, using: writer)
      }
      #expect(folder.kind == .invalidRequest && folder.path == dir.path)
      let missing = dir.appendingPathComponent("missing/out.txt").path
      let io = try #require(throws: FileOutputError.self) {
        try Self.write("x", to: missing, using: writer)
      }
      #expect(io.kind == .io && io.path == missing)
      #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
  }

  @Test func inputProtectionSeesThroughLinksAndDuplicateOutputs() throws {
    try withTemporaryDirectory { dir in
      let input = dir.appendingPathComponent("in.txt").path
      let link = dir.appendingPathComponent("link.txt").path
      try Self.write("input", to: input, using: AtomicFileWriter(synchronizes: false))
      try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: input)
      let error = try #require(throws: FileOutputError.self) {
        try InputProtection.check(outputs: [nil, link], inputs: [input])
      }
      #expect(error.path == link && error.message.contains(input))
      let fresh = dir.appendingPathComponent("new.txt").path
      try InputProtection.check(outputs: [fresh], inputs: [input])
      let twice = try #require(throws: FileOutputError.self) {
        try InputProtection.checkDistinct(
          outputs: [fresh, dir.appendingPathComponent("./new.txt").path])
      }
      #expect(twice.kind == .invalidRequest && twice.message.contains(fresh))
      try InputProtection.checkDistinct(outputs: [fresh, input, nil])
    }
  }
}
