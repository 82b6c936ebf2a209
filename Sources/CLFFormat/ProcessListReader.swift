import CubeFormat
import Foundation

/// Reads CLF (Academy v3 and SMPTE ST 2136-1) and CTF process lists: ``XMLReader`` for the
/// markup, then the ProcessList model with every check of the specification that keeps the
/// evaluation well defined. Errors name `file:line:column`; bounds are ``CLFLimits``.
public enum ProcessListReader {
  /// Reads and parses a `.clf` / `.ctf` file (at most ``CLFLimits/maxBytes``).
  ///
  /// The size is checked with `fstat` before anything is read, devices (`/dev/zero`) are
  /// refused, and a pipe is read in chunks that stop one past the limit.
  /// - Throws: ``CLFParseError``, line 0 for a file that cannot be read.
  public static func read(contentsOf path: String) throws(CLFParseError) -> ProcessList {
    let whole = SourceLocation(file: path, line: 0, column: 0)
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw CLFParseError("cannot open the file", at: whole)
    }
    defer { try? handle.close() }
    var info = stat()
    guard fstat(handle.fileDescriptor, &info) == 0 else {
      throw CLFParseError("cannot read the file", at: whole)
    }
    let kind = info.st_mode & S_IFMT
    guard kind == S_IFREG || kind == S_IFIFO else {
      throw CLFParseError("not a regular file", at: whole)
    }
    guard kind != S_IFREG || Int(info.st_size) <= CLFLimits.maxBytes else {
      throw CLFParseError(
        "the file is \(info.st_size) bytes, above the limit of \(CLFLimits.maxBytes)", at: whole)
    }
    var bytes: [UInt8] = []
    if kind == S_IFREG { bytes.reserveCapacity(Int(info.st_size)) }
    do {
      while bytes.count <= CLFLimits.maxBytes,
        let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty
      {
        bytes += chunk
      }
    } catch {
      throw CLFParseError("cannot read the file (\(error.localizedDescription))", at: whole)
    }
    return try parse(bytes, file: path)
  }

  /// Parses a process list from UTF-8 bytes.
  /// - Parameters:
  ///   - bytes: the document.
  ///   - file: the name used in errors and warnings.
  public static func parse(_ bytes: [UInt8], file: String? = nil) throws(CLFParseError)
    -> ProcessList
  {
    let root = try XMLReader.parse(bytes, file: file)
    var context = CLFContext(file: file)
    return try context.processList(root)
  }
}

/// The parse of one document: its file name, the namespace in force and the warnings.
struct CLFContext {
  let file: String?
  var namespace: String?
  var warnings: [CLFWarning] = []

  init(file: String?) { self.file = file }

  func location(_ element: XMLElement) -> SourceLocation {
    SourceLocation(file: file, line: element.line, column: element.column)
  }

  func fail(_ message: String, _ element: XMLElement) -> CLFParseError {
    CLFParseError(message, at: location(element))
  }

  mutating func warn(_ message: String, _ element: XMLElement) {
    if warnings.count < 100 { warnings.append(CLFWarning(message, at: location(element))) }
  }

  /// Whether `element` belongs to the document's namespace (else it is foreign metadata).
  func isOwn(_ element: XMLElement) -> Bool { element.namespace == namespace }

  mutating func processList(_ root: XMLElement) throws(CLFParseError) -> ProcessList {
    guard root.name == "ProcessList" else {
      throw fail("the root element is '\(root.name)', not 'ProcessList'", root)
    }
    namespace = root.namespace
    var list = ProcessList(id: root.attribute("id") ?? "", name: root.attribute("name"))
    switch root.namespace {
    case nil, ProcessList.academyNamespace?:
      list.dialect =
        root.attribute("version") != nil && root.attribute("compCLFversion") == nil
        ? .ctf : .academy
    case ProcessList.smpteNamespace?: list.dialect = .smpte
    case let other?:
      throw fail(
        "unknown namespace '\(other)' (expected \(ProcessList.academyNamespace) or \(ProcessList.smpteNamespace))",
        root)
    }
    if list.dialect == .academy, list.id.isEmpty {
      throw fail("an Academy CLF ProcessList needs a non-empty id attribute", root)
    }
    if let version = root.attribute("compCLFversion") {
      let ok = ["2", "2.0", "3", "3.0", "ST2136-1:2024"].contains(version)
      if !ok { throw fail("unsupported compCLFversion '\(version)'", root) }
    }
    for child in root.children {
      guard isOwn(child) else {
        warn("element '\(child.name)' in another namespace ignored", child)
        continue
      }
      switch child.name {
      case "Id": list.idElement = child.text
      case "Description": list.descriptions.append(child.text)
      case "InputDescriptor": list.inputDescriptor = child.text
      case "OutputDescriptor": list.outputDescriptor = child.text
      case "Info": break
      default:
        guard list.nodes.count < CLFLimits.maxNodes else {
          throw fail("more than \(CLFLimits.maxNodes) process nodes", child)
        }
        list.nodes.append(try node(child, dialect: list.dialect))
      }
    }
    guard !list.nodes.isEmpty else { throw fail("a ProcessList without process nodes", root) }
    try checkBitDepthChain(
      list.nodes, elements: root.children.filter { Self.operationNames.contains($0.name) })
    list.warnings = warnings
    return list
  }

  static let operationNames: Set<String> = [
    "Matrix", "LUT1D", "LUT3D", "Range", "Log", "Exponent", "Gamma", "ASC_CDL",
  ]

  /// One process node: common attributes, then the operation.
  mutating func node(_ element: XMLElement, dialect: ProcessList.Dialect) throws(CLFParseError)
    -> ProcessNode
  {
    guard Self.operationNames.contains(element.name) else {
      throw fail(
        "unknown process node '\(element.name)' (known: Matrix, LUT1D, LUT3D, Range, Log, Exponent, ASC_CDL)",
        element)
    }
    let inDepth = try bitDepth(element, "inBitDepth")
    let outDepth = try bitDepth(element, "outBitDepth")
    var descriptions: [String] = []
    for child in element.children where child.name == "Description" {
      descriptions.append(child.text)
    }
    let operation: CLFOperation
    switch element.name {
    case "Matrix": operation = .matrix(try matrix(element))
    case "LUT1D": operation = .lut1D(try lut1D(element, inDepth: inDepth))
    case "LUT3D": operation = .lut3D(try lut3D(element))
    case "Range": operation = .range(try range(element, inDepth: inDepth, outDepth: outDepth))
    case "Log": operation = .log(try log(element))
    case "ASC_CDL": operation = .cdl(try cdl(element))
    default: operation = .exponent(try exponent(element))
    }
    return ProcessNode(
      id: element.attribute("id"), name: element.attribute("name"), inBitDepth: inDepth,
      outBitDepth: outDepth, descriptions: descriptions, operation: operation)
  }

  func bitDepth(_ element: XMLElement, _ name: String) throws(CLFParseError) -> CLFBitDepth {
    guard let text = element.attribute(name) else {
      throw fail("'\(element.name)' has no \(name)", element)
    }
    guard let depth = CLFBitDepth(rawValue: text) else {
      throw fail("\(name) '\(text)' is not one of 8i, 10i, 12i, 16i, 16f, 32f", element)
    }
    return depth
  }

  /// Each node's inBitDepth must be the previous node's outBitDepth.
  func checkBitDepthChain(_ nodes: [ProcessNode], elements: [XMLElement]) throws(CLFParseError) {
    for k in nodes.indices.dropFirst() where nodes[k].inBitDepth != nodes[k - 1].outBitDepth {
      throw fail(
        "inBitDepth \(nodes[k].inBitDepth.rawValue) differs from the previous node's outBitDepth \(nodes[k - 1].outBitDepth.rawValue)",
        elements[k])
    }
  }

  /// The children of an operation other than `Description` must be among `allowed`.
  func checkChildren(_ element: XMLElement, allowed: Set<String>) throws(CLFParseError) {
    for child in element.children where isOwn(child) {
      if child.name != "Description", !allowed.contains(child.name) {
        throw fail("unknown element '\(child.name)' in '\(element.name)'", child)
      }
    }
  }

  /// The one child named `name`, or nil; an error when repeated.
  func single(_ element: XMLElement, _ name: String) throws(CLFParseError) -> XMLElement? {
    let found = element.children.filter { $0.name == name && isOwn($0) }
    if found.count > 1 { throw fail("'\(name)' repeated in '\(element.name)'", found[1]) }
    return found.first
  }
}
