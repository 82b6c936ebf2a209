import CubeAuthoring
import CubeFormat
import EDRPipeline
import LUTEngine

/// The options of `edrcube_convert`: the CLI's `convert` flags under snake_case names.
struct ConvertOptions: Decodable {
  var to: String?
  var shaper: Bool?
  var size: Int?
  var referenceWhite: Double?
  var policy: String?
  var interpolation: String?
  var peak: Double?
  var placement: String?
  var fit: Bool?
  var report: Bool?

  private enum CodingKeys: String, CodingKey {
    case to, shaper, size, policy, interpolation, peak, placement, fit, report
    case referenceWhite = "reference_white"
  }

  /// The library's conversion options, with the CLI's defaults.
  func conversion() throws(APIError) -> CubeConversionOptions {
    let shaped = shaper ?? false
    if let size, !(2...256).contains(size) {
      throw APIError(kind: "options", message: "size must be 2...256, got \(size)")
    }
    return CubeConversionOptions(
      target: try TransformOptions.parse(to, "to", as: CubeConversionOptions.Target.self) ?? .pq,
      size: size ?? 65, referenceWhite: referenceWhite ?? CubeSpace.defaultReferenceWhite,
      policy: try TransformOptions.parse(policy, "policy", as: EDRPolicy.self) ?? .default,
      interpolation: try TransformOptions.parse(
        interpolation, "interpolation", as: Interpolation.self) ?? .trilinear,
      peak: peak,
      placement: try TransformOptions.parse(
        placement, "placement", as: CubeConversionOptions.NodePlacement.self)
        ?? (shaped ? .shaped : .full),
      fitsNodes: (fit ?? false) || shaped)
  }
}

/// An SDR cube as a PQ or HLG cube under JSON options; `report` gets the ΔE_ITP report as JSON.
@_cdecl("edrcube_convert")
public func edrcube_convert(
  _ lut: UnsafeRawPointer, _ options: UnsafePointer<CChar>?,
  _ report: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
  _ error: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> UnsafeMutableRawPointer? {
  let handle = LUTHandle.from(lut)
  do throws(APIError) {
    guard case .cube(let file) = handle.content else {
      throw APIError(
        kind: "convert", message: "convert takes an SDR .cube, not a CLF/CTF process list",
        file: handle.path)
    }
    let parsed = try CString.options(ConvertOptions.self, from: options, empty: ConvertOptions())
    let conversion = try parsed.conversion()
    do {
      let converted = try CubeConverter(options: conversion).convert(file)
      if parsed.report ?? false {
        let quality = try ConversionQuality.measure(
          converted: converted, source: file, options: conversion)
        report?.pointee = CString.json(quality)
      } else {
        report?.pointee = CString.make("null")
      }
      return LUTHandle(.cube(converted), path: "<converted>").retained()
    } catch {
      throw APIError(kind: "convert", message: error.description, file: handle.path)
    }
  } catch let failure {
    EDRCubeC.report(failure, to: error)
    return nil
  }
}
