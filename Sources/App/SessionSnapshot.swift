import Declarations
import Face
import Files
import Geometry
import LuaHost
import Raster
import Readable
import Render
import Storyboard

extension Session {
  /// Writes the focused scene (or the screen) under the output directory, atomically;
  /// returns the path. The format follows the extension (`.svg`, `.png`, `.txt` for ASCII).
  /// `location` (the calling script's `file:line`) goes with a failure to write, which the
  /// command reports once the script has run.
  public func snapshot(_ name: String, screen: Bool, at location: SourceLocation = .nowhere)
    throws -> String
  {
    // A name must end in a file name: "", "." or "sub/" would become ".svg", "..svg" or a
    // hidden "sub/.svg" once the extension is added, and ".png" a hidden ".png.svg".
    let last = name.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    guard !last.isEmpty, last != ".", last != ".." else {
      throw sessionError("snapshot '\(name)' refused: it names no file (try \"face.svg\")")
    }
    guard !last.hasPrefix(".") else {
      throw sessionError(
        "snapshot '\(name)' refused: '\(last)' would be a hidden file (try \"face\(last)\")")
    }
    do { try OutputName.check(name) } catch {
      throw sessionError("snapshot refused: \(error)")
    }
    var name = name
    if OutputName.extensionOf(name) == nil { name += ".svg" }
    do {
      _ = try OutputDirectory.components(of: name)
    } catch {
      throw sessionError("snapshot '\(name)' refused: \(error)")
    }
    let format: OutputFormat = OutputName.extensionOf(name) == ".txt" ? .ascii : .svg
    var bytes = render(try drawing(screen: screen), format: format)
    let shown: String
    if script.options.dryRun {
      let path = OutputDirectory.path(of: name, under: script.options.outputDirectory)
      script.skippedSnapshots.append(path)
      return path
    }
    do {
      bytes = try fileBytes(
        svg: bytes, name: name, drawing: HostWork(during: script.state, at: location).png)
    } catch {
      // Not written, whatever stopped it (librsvg missing, a limit): the run's failure to
      // write (exit 3) even when the script catches the error, as the exit table says.
      let why = (error as? RasterError).map { pngProblem(name, $0) } ?? "\(error)"
      let message = "snapshot '\(name)' not written: \(why)"
      script.unwritten.append(location.isNowhere ? message : "\(location): \(message)")
      if let limit = error as? LuaError { throw limit }
      throw sessionError(message)
    }
    do {
      let folder = try script.outputFolder()
      shown = OutputDirectory.path(of: name, under: folder.root)
      try folder.write(name, bytes)
    } catch {
      // A file that could not be written is the run's failure to write (exit 3), even if
      // the script catches the error and goes on.
      let message = "snapshot '\(name)' not written: \(error)"
      script.unwritten.append(location.isNowhere ? message : "\(location): \(message)")
      throw sessionError(message)
    }
    return shown
  }
}
