import FileOutput
import FuzzSupport
import RasterIO

/// A differential round trip: the bytes choose an image (size, origin, channels, sample types,
/// lossless compression, tiles or strips) and fill its samples; RasterIO writes it as EXR and
/// as TIFF and reads both back, which must give the same samples bit for bit (NaN payloads,
/// −0 and denormals included).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRoundTrip(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var input = FuzzBytes(UnsafeRawBufferPointer(start: data, count: size))
  roundTripEXR(&input)
  roundTripTIFF(&input)
  return 0
}

/// A writer without `fsync`: the scratch files live in RAM.
private let writer = AtomicFileWriter(synchronizes: false)

/// Sample bytes taken from the fuzzer input, cycled (all zero when there are none).
private struct SampleSource {
  let bytes: [UInt8]
  var index = 0

  init(_ rest: UnsafeRawBufferPointer) { bytes = rest.isEmpty ? [0] : Array(rest) }

  mutating func next<T: FixedWidthInteger>(_: T.Type) -> T {
    var value: T = 0
    for _ in 0..<MemoryLayout<T>.size {
      value = value << 8 | T(bytes[index % bytes.count])
      index += 1
    }
    return value
  }
}

private func roundTripEXR(_ input: inout FuzzBytes) {
  let width = input.int(in: 1...40)
  let height = input.int(in: 1...40)
  let origin = (Int32(input.int(in: 0...100)) - 50, Int32(input.int(in: 0...100)) - 50)
  let compression = input.pick([EXRCompression.none, .rle, .zips, .zip, .piz])
  let tiling = input.pick([nil, EXRTiling(width: 16, height: 16), EXRTiling(width: 8, height: 32)])
  let names = Array(["R", "G", "B", "A", "Z", "diffuse.R"].prefix(input.int(in: 1...6)))
  let types = names.map { _ in input.pick(EXRPixelType.allCases) }
  var source = SampleSource(input.rest)
  let count = width * height
  let channels = zip(names, types).map { name, type in
    let samples: EXRSamples
    switch type {
    case .half: samples = .half((0..<count).map { _ in source.next(UInt16.self) })
    case .float:
      samples = .float((0..<count).map { _ in Float(bitPattern: source.next(UInt32.self)) })
    case .uint: samples = .uint((0..<count).map { _ in source.next(UInt32.self) })
    }
    return EXRChannel(name: name, samples: samples)
  }
  let box = EXRBox(
    minX: origin.0, minY: origin.1, maxX: origin.0 + Int32(width) - 1,
    maxY: origin.1 + Int32(height) - 1)
  let image = EXRImage(parts: [
    EXRPart(dataWindow: box, compression: compression, tiling: tiling, channels: channels)
  ])
  let path = FuzzSupport.scratchPath("rt.exr")
  let back: EXRImage
  do {
    try image.write(to: path, using: writer)
    back = try EXRImage.read(path: path, limits: FuzzSupport.limits)
  } catch {
    FuzzSupport.fail("EXR round trip failed: \(error)")
  }
  let part = back.parts[0]
  FuzzSupport.check(part.dataWindow == box, "EXR data window \(part.dataWindow) != \(box)")
  for channel in channels {
    guard let index = part.channelIndex(named: channel.name) else {
      FuzzSupport.fail("EXR channel \(channel.name) lost")
    }
    let (got, want) = (bitPatterns(part.channels[index].samples), bitPatterns(channel.samples))
    if got != want {
      let at =
        (0..<min(got.count, want.count)).first { got[$0] != want[$0] } ?? min(got.count, want.count)
      FuzzSupport.fail(
        "EXR \(channel.name) (\(channel.pixelType)) changed at sample \(at) of \(want.count): "
          + "\(got.count > at ? String(got[at], radix: 16) : "-") for "
          + "\(want.count > at ? String(want[at], radix: 16) : "-"); \(width)×\(height) at "
          + "\(origin), \(compression.name), tiles \(String(describing: tiling)), "
          + "channels \(zip(names, types).map { "\($0):\($1)" })")
    }
  }
}

private func roundTripTIFF(_ input: inout FuzzBytes) {
  let width = input.int(in: 1...40)
  let height = input.int(in: 1...40)
  let spp = input.int(in: 3...5)
  let type = input.pick(TIFFSampleType.allCases)
  let compression = input.pick([TIFFCompression.none, .lzw, .deflate, .packBits])
  let tiling = input.pick([
    nil, TIFFTiling(width: 16, height: 16), TIFFTiling(width: 32, height: 16),
  ])
  let isPlanar = input.byte() & 1 == 1
  let rowsPerStrip = input.int(in: 1...48)
  var source = SampleSource(input.rest)
  let count = width * height * spp
  let samples: TIFFSamples
  switch type {
  case .uint8: samples = .uint8((0..<count).map { _ in source.next(UInt8.self) })
  case .uint16: samples = .uint16((0..<count).map { _ in source.next(UInt16.self) })
  case .uint32: samples = .uint32((0..<count).map { _ in source.next(UInt32.self) })
  case .float16: samples = .float16((0..<count).map { _ in source.next(UInt16.self) })
  case .float32:
    samples = .float32((0..<count).map { _ in Float(bitPattern: source.next(UInt32.self)) })
  }
  var image = TIFFImage(width: width, height: height, samplesPerPixel: spp, samples: samples)
  image.compression = compression
  image.tiling = tiling
  image.isPlanar = isPlanar
  image.rowsPerStrip = rowsPerStrip
  let path = FuzzSupport.scratchPath("rt.tif")
  let back: TIFFImage
  do {
    try image.write(to: path, using: writer)
    back = try TIFFImage.read(path: path, limits: FuzzSupport.limits)
  } catch let error as RasterIOError where error.kind == .unsupported {
    return  // a codec this libtiff was built without
  } catch {
    FuzzSupport.fail("TIFF round trip failed: \(error)")
  }
  FuzzSupport.check(
    back.width == width && back.height == height && back.samplesPerPixel == spp,
    "TIFF geometry changed")
  FuzzSupport.check(
    bitPatterns(back.samples) == bitPatterns(samples),
    "TIFF samples changed (\(type), \(compression.name), planar \(isPlanar))")
}

private func bitPatterns(_ samples: EXRSamples) -> [UInt32] {
  switch samples {
  case .half(let v): v.map { UInt32($0) }
  case .float(let v): v.map(\.bitPattern)
  case .uint(let v): v
  }
}

private func bitPatterns(_ samples: TIFFSamples) -> [UInt32] {
  switch samples {
  case .uint8(let v): v.map { UInt32($0) }
  case .uint16(let v), .float16(let v): v.map { UInt32($0) }
  case .uint32(let v): v
  case .float32(let v): v.map(\.bitPattern)
  }
}
