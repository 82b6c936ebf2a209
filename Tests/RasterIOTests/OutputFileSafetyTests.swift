import Foundation
import TestSupport
import Testing

@testable import FileOutput

#if canImport(Glibc)
  import Glibc
#endif

/// AtomicFileWriter works through descriptors only (docs/reliability.md §4): a temporary name
/// swapped for a symbolic link cannot redirect anything, modes are kept, links are written
/// through, and special files are refused.
@Suite struct OutputFileSafetyTests {
  static let payload: [UInt8] = Array("new content\n".utf8)

  func write(_ path: String, _ writer: AtomicFileWriter = AtomicFileWriter(synchronizes: false))
    throws
  {
    try writer.write(to: path) { file in try Self.payload.withUnsafeBytes { try file.write($0) } }
  }

  func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
  }

  /// The race of issue 27: between our steps another user replaces the temporary name with a
  /// link to a file outside the folder. The victim keeps its bytes and mode 0600, and no link
  /// is renamed into place.
  @Test func aTemporaryNameSwappedForALinkRedirectsNothing() throws {
    try withTemporaryDirectory { dir in
      let writable = dir.appendingPathComponent("writable")
      let outside = dir.appendingPathComponent("outside")
      for folder in [writable, outside] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      }
      let victim = outside.appendingPathComponent("secret").path
      try Data("secret\n".utf8).write(to: URL(fileURLWithPath: victim))
      chmod(victim, 0o600)
      let destination = writable.appendingPathComponent("out.cube").path
      #expect(throws: FileOutputError.self) {
        try AtomicFileWriter(synchronizes: false).write(to: destination) { file in
          let names = try FileManager.default.contentsOfDirectory(atPath: writable.path)
          let temporary = try #require(names.first { $0.hasPrefix(".out.cube.tmp.") })
          let path = writable.appendingPathComponent(temporary).path
          #expect(unlink(path) == 0 && symlink(victim, path) == 0)
          try Self.payload.withUnsafeBytes { try file.write($0) }
        }
      }
      #expect(try String(contentsOfFile: victim, encoding: .utf8) == "secret\n")
      #expect(try mode(victim) == 0o600)
      #expect(!FileManager.default.fileExists(atPath: destination))
    }
  }

  /// The window between resolving a link by name and opening its target's folder: another
  /// user moves the folder away and puts a link to a folder of theirs in its place. The link
  /// is not followed: the write is refused and neither file changes.
  @Test func aFolderSwappedForALinkAfterTheLinkWasResolvedIsNotFollowed() throws {
    try withTemporaryDirectory { dir in
      let real = dir.appendingPathComponent("real")
      let theirs = dir.appendingPathComponent("theirs")
      for folder in [real, theirs] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("old\n".utf8).write(to: folder.appendingPathComponent("out.cube"))
      }
      let link = dir.appendingPathComponent("link.cube").path
      #expect(symlink(real.appendingPathComponent("out.cube").path, link) == 0)
      let resolved = try OutputDestination(link)
      let moved = dir.appendingPathComponent("moved")
      try FileManager.default.moveItem(at: real, to: moved)
      #expect(symlink(theirs.path, real.path) == 0)
      #expect(throws: FileOutputError.self) {
        try AtomicFileWriter(synchronizes: false).write(to: link, resolved: resolved) { file in
          try Self.payload.withUnsafeBytes { try file.write($0) }
        }
      }
      for folder in [theirs, moved] {
        let file = folder.appendingPathComponent("out.cube").path
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.cube"])
      }
    }
  }

  @Test func anExistingFileKeepsItsMode() throws {
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("private.cube").path
      try Data("old\n".utf8).write(to: URL(fileURLWithPath: path))
      chmod(path, 0o600)
      try write(path)
      #expect(try mode(path) == 0o600)
      #expect(try Fixtures.bytes(URL(fileURLWithPath: path)) == Self.payload)
    }
  }

  @Test func aLinkIsWrittenThroughAndStaysALink() throws {
    try withTemporaryDirectory { dir in
      let targets = dir.appendingPathComponent("targets")
      try FileManager.default.createDirectory(at: targets, withIntermediateDirectories: true)
      let target = targets.appendingPathComponent("real.cube").path
      try Data("old\n".utf8).write(to: URL(fileURLWithPath: target))
      let link = dir.appendingPathComponent("link.cube").path
      #expect(symlink(target, link) == 0)
      try write(link)
      let kind = try FileManager.default.attributesOfItem(atPath: link)[.type] as? FileAttributeType
      #expect(kind == .typeSymbolicLink)
      #expect(try Fixtures.bytes(URL(fileURLWithPath: target)) == Self.payload)
      #expect(try FileManager.default.contentsOfDirectory(atPath: targets.path) == ["real.cube"])
    }
  }

  @Test func specialFilesAreRefused() throws {
    try withTemporaryDirectory { dir in
      let fifo = dir.appendingPathComponent("fifo").path
      #expect(mkfifo(fifo, 0o600) == 0)
      let socketPath = dir.appendingPathComponent("sock").path
      try bindSocket(at: socketPath)
      for (path, kind) in [
        (fifo, "FIFO"), (socketPath, "socket"), (dir.path, "folder"),
        ("/dev/null", "character device"),
      ] {
        let error = try #require(throws: FileOutputError.self) { try write(path) }
        #expect(error.kind == .invalidRequest && error.message.contains(kind), "\(error)")
      }
    }
  }

  @Test func aLinkLoopSaysSo() throws {
    try withTemporaryDirectory { dir in
      let a = dir.appendingPathComponent("a").path
      let b = dir.appendingPathComponent("b").path
      #expect(symlink(a, b) == 0 && symlink(b, a) == 0)
      let error = try #require(throws: FileOutputError.self) { try write(a) }
      #expect(error.message.contains("symbolic links"), "\(error)")
    }
  }

  @Test func temporaryFilesAreRegisteredWhileBeingWritten() throws {
    try withTemporaryDirectory { dir in
      let path = dir.appendingPathComponent("out.bin").path
      try write(path)
      try AtomicFileWriter(synchronizes: false).write(to: path) { _ in
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        let temporary = try #require(names.first { $0.hasPrefix(".out.bin.tmp.") })
        #expect(TemporaryFileRegistry.current.contains { $0.hasSuffix("/" + temporary) })
      }
      #expect(!TemporaryFileRegistry.current.contains { $0.hasPrefix(dir.path) })
    }
  }

  private func bindSocket(at path: String) throws {
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    try #require(fd >= 0)
    defer { close(fd) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (i, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
    }
    let size = socklen_t(MemoryLayout<sockaddr_un>.size)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) }
    }
    try #require(bound == 0)
  }
}
