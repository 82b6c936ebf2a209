import FuzzSupport
import KernelLint

/// The kernel linter on any bytes. The first byte picks how the file is read: `m` a Core
/// Image Metal file (`.ci.metal`), `s` Swift and `o` Objective-C host code (kernels inside
/// string literals), anything else a `.cikernel` (the whole input is the kernel). Findings
/// must stay bounded: at most 1000 per file, each message at most 1000 bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLint(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let path: String
  var text = ArraySlice(bytes)
  switch bytes.first {
  case UInt8(ascii: "m"): path = "fuzz.ci.metal"
  case UInt8(ascii: "s"): path = "fuzz.swift"
  case UInt8(ascii: "o"): path = "fuzz.m"
  default: path = "fuzz.cikernel"
  }
  if path != "fuzz.cikernel" { text = text.dropFirst() }
  let report = Linter().lint(bytes: Array(text), path: path)
  FuzzSupport.check(report.findings.count <= 1000, "\(report.findings.count) findings")
  for finding in report.findings {
    FuzzSupport.check(
      finding.message.utf8.count <= 1000, "a finding message of \(finding.message.utf8.count) bytes"
    )
  }
  FuzzSupport.sink ^= UInt32(truncatingIfNeeded: report.findings.count &+ report.kernelsAnalysed)
  return 0
}
