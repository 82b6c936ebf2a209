import FuzzSupport
import RasterIO

/// TIFF files through RasterIO's reader (the bytes go to a file in `/dev/shm`), then the RGBA
/// view the command line uses. Only the Swift side is instrumented: this checks our wrapper,
/// not libtiff (docs/reliability.md §2a). A read that succeeds must hold width × height × samples.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTIFF(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let path = FuzzSupport.writeScratch(
    UnsafeRawBufferPointer(start: data, count: size), name: "in.tif")
  guard let image = try? TIFFImage.read(path: path, limits: FuzzSupport.limits) else { return 0 }
  FuzzSupport.check(
    image.samples.count == image.width * image.height * image.samplesPerPixel,
    "\(image.samples.count) samples for \(image.width)×\(image.height)×\(image.samplesPerPixel)")
  let rgba = image.rgba
  FuzzSupport.check(
    rgba.values.count == image.width * image.height * 4, "RGBA view of the wrong length")
  FuzzSupport.consume(rgba.values)
  return 0
}
