import CLFFormat
import CubeFormat

// The LUT functions of edrcube.h.

/// Reads a .cube, .clf or .ctf file; NULL and a JSON error in `error` when the reader rejects it.
@_cdecl("edrcube_lut_read")
public func edrcube_lut_read(
  _ path: UnsafePointer<CChar>, _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> UnsafeMutableRawPointer? {
  do {
    return try LUTHandle.read(String(cString: path)).retained()
  } catch let failure {
    report(failure, to: error)
    return nil
  }
}

/// A cube from a `size³·3` table (red fastest), its domain and title.
@_cdecl("edrcube_lut_from_table")
public func edrcube_lut_from_table(
  _ values: UnsafePointer<Float>, _ size: Int, _ domainMin: UnsafePointer<Float>,
  _ domainMax: UnsafePointer<Float>, _ title: UnsafePointer<CChar>?,
  _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> UnsafeMutableRawPointer? {
  let sizes = CubeSizeLimits.readableNodes3D
  guard sizes.contains(size) else {
    let message = "a 3D table's size must be \(sizes.lowerBound)...\(sizes.upperBound), got \(size)"
    report(APIError(kind: "options", message: message), to: error)
    return nil
  }
  let table = CubeTable3D(
    size: size, domainMin: SIMD3(domainMin[0], domainMin[1], domainMin[2]),
    domainMax: SIMD3(domainMax[0], domainMax[1], domainMax[2]),
    values: Array(UnsafeBufferPointer(start: values, count: size * size * size * 3)))
  let file = CubeFile(title: title.map { String(cString: $0) }, lut3D: table)
  return LUTHandle(.cube(file), path: "<table>").retained()
}

/// The LUT's metadata as JSON (``LUTInfo``).
@_cdecl("edrcube_lut_info")
public func edrcube_lut_info(_ lut: UnsafeRawPointer) -> UnsafeMutablePointer<CChar>? {
  CString.json(LUTInfo(LUTHandle.from(lut)))
}

/// Copies the 3D table (red fastest) to `out`; returns the floats copied (0 without a 3D table).
@_cdecl("edrcube_lut_table")
public func edrcube_lut_table(
  _ lut: UnsafeRawPointer, _ out: UnsafeMutablePointer<Float>, _ capacity: Int
)
  -> Int
{
  guard case .cube(let file) = LUTHandle.from(lut).content, let table = file.lut3D else {
    return 0
  }
  let count = min(capacity, table.values.count)
  table.values.withUnsafeBufferPointer { out.update(from: $0.baseAddress!, count: count) }
  return count
}

/// Writes the LUT as .cube (`profile` adobe, resolve or ocio) or, for .clf/.ctf, as CLF; 0 on success.
@_cdecl("edrcube_lut_write")
public func edrcube_lut_write(
  _ lut: UnsafeRawPointer, _ path: UnsafePointer<CChar>, _ profile: UnsafePointer<CChar>?,
  _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
  let handle = LUTHandle.from(lut)
  let destination = String(cString: path)
  let profileName = profile.map { String(cString: $0) } ?? "adobe"
  do throws(APIError) {
    guard let writerProfile = CubeWriterProfile(rawValue: profileName) else {
      throw APIError(
        kind: "options", message: "unknown profile '\(profileName)': adobe, resolve or ocio")
    }
    switch handle.content {
    case .cube(let file) where LUTHandle.isProcessList(destination):
      try write(ProcessList(cube: file), to: destination)
    case .cube(let file):
      do {
        try CubeWriter.write(file, profile: writerProfile, toPath: destination)
      } catch {
        throw APIError(kind: "io", message: error.description, file: destination)
      }
    case .processList(let list):
      try write(list, to: destination)
    }
    return 0
  } catch let failure {
    report(failure, to: error)
    return 1
  }
}

/// Writes `list` as CLF to `path`.
private func write(_ list: ProcessList, to path: String) throws(APIError) {
  do {
    try ProcessListWriter.write(list, toPath: path)
  } catch {
    throw APIError(kind: "io", message: "\(error)", file: path)
  }
}

/// Frees a LUT handle.
@_cdecl("edrcube_lut_free")
public func edrcube_lut_free(_ lut: UnsafeMutableRawPointer?) {
  guard let lut else { return }
  Unmanaged<LUTHandle>.fromOpaque(lut).release()
}
