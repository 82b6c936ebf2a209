import FuzzSupport
import RasterIO

/// OpenEXR files through RasterIO's reader (the bytes go to a file in `/dev/shm`), then the
/// RGBA view the command line uses. Only the Swift side is instrumented: this checks our
/// wrapper, not OpenEXRCore (docs/reliability.md §2a). A read that succeeds must hold exactly the
/// declared number of samples per channel.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEXR(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let path = FuzzSupport.writeScratch(
    UnsafeRawBufferPointer(start: data, count: size), name: "in.exr")
  guard let image = try? EXRImage.read(path: path, limits: FuzzSupport.limits) else { return 0 }
  for part in image.parts {
    for channel in part.channels {
      let grid = part.sampleCount(xSampling: channel.xSampling, ySampling: channel.ySampling)
      FuzzSupport.check(
        channel.samples.count == grid.columns * grid.rows,
        "channel \(channel.name) holds \(channel.samples.count) samples for a \(grid) grid")
      FuzzSupport.consume(channel.samples.floatValues)
    }
  }
  if let set = try? image.channelSet(path: path), let rgba = try? image.rgba(set) {
    FuzzSupport.check(
      rgba.values.count == rgba.width * rgba.height * 4, "RGBA view of the wrong length")
    FuzzSupport.consume(rgba.values)
  }
  return 0
}
