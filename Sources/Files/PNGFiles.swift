import Raster

/// The bytes a file named `name` should hold: the SVG document as it is, or drawn as PNG
/// when the name ends in `.png` (never SVG text under a PNG name): by `draw` where the
/// caller draws under its limits (`HostWork.png`), else by librsvg at once.
public func fileBytes(
  svg: [UInt8], name: String, drawing draw: (([UInt8]) throws -> [UInt8])? = nil
) throws -> [UInt8] {
  guard PNG.isPNGName(name) else { return svg }
  return try draw?(svg) ?? PNG.fromSVG(svg)
}

/// Why `path` cannot be written as PNG, in words that say what to do instead.
public func pngProblem(_ path: String, _ error: RasterError) -> String {
  switch error {
  case .unavailable: "\(error); or \(PNG.conversionHint(path))"
  case .failed, .timeLimit, .memory: error.description
  }
}

/// Whether `name` is written as PNG (its extension), for modules that do not see Raster.
public func isPNGFile(_ name: String) -> Bool { PNG.isPNGName(name) }
