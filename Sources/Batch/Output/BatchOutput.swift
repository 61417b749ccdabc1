import Files
import Glibc

/// Where one worker's faces go: the output folder, opened once for the whole batch, and
/// each face written as a new file in one step.
///
/// A batch writes tens of thousands of files into one folder, and there the kernel's work
/// per file is most of the run: a new name is one `openat` relative to the open folder (no
/// path walked again, no temporary file, no rename), made with `O_EXCL` so it never follows
/// or clobbers anything. A name that already exists (a second run into the same folder, or
/// a symlink planted there) goes the careful way, still relative to the same descriptor:
/// `OutputDirectory.replace`, which replaces a regular file whole and refuses anything else.
/// No file is ever left half written: Ctrl-C lets the row in hand finish (see
/// `BatchInterrupt`), and a write that fails removes its file.
final class BatchOutput {
  /// The output folder, shared by the workers.
  let directory: OutputDirectory
  /// This worker's own descriptor of that same folder: opened as "." relative to it (no
  /// path looked up again), so workers do not contend for one open file's reference count
  /// on every `openat`.
  private let fd: Int32

  /// Writes into `directory`.
  init(_ directory: OutputDirectory) throws(BatchOutputError) {
    self.directory = directory
    fd = openat(directory.fd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else {
      throw BatchOutputError(
        description: "cannot open the output folder \(FileError.errno(directory.root))")
    }
  }

  deinit { close(fd) }

  /// The batch's output folder, opened once for every worker: a swap of the path later
  /// changes nothing about where faces go.
  static func open(_ path: String) throws(BatchOutputError) -> OutputDirectory {
    do { return try OutputDirectory(path) } catch {
      throw BatchOutputError(description: "cannot open the output folder \(error)")
    }
  }

  /// Writes `bytes` as `name` in the folder; `name` is one of `BatchNames`' (no `/`).
  func write(_ name: String, _ bytes: [UInt8]) throws(FileError) {
    let file = openat(fd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    if file < 0 {
      let code = errno
      guard code == EEXIST else { throw .errno(directory.path(of: name), code) }
      return try OutputDirectory.replace(name, in: fd, bytes, path: directory.path(of: name))
    }
    let written = bytes.withUnsafeBytes { FileSystem.writeAll(file, $0) }
    var failure = written ? 0 : errno
    if close(file) != 0 && written { failure = errno }
    if failure != 0 {
      unlinkat(fd, name, 0)
      throw .errno(directory.path(of: name), failure)
    }
  }
}

/// The output folder cannot be opened: no face can be written.
package struct BatchOutputError: Error, CustomStringConvertible, Sendable {
  /// What is wrong, with the folder's path.
  package var description: String
}
