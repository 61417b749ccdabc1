import Glibc

/// Where one worker's faces go: the output folder, opened once, and each face written as a
/// new file in one step.
///
/// A batch writes tens of thousands of files into one folder, and there the kernel's work
/// per file is most of the run: a new name is one `openat` relative to the open folder (no
/// path walked again, no temporary file, no rename), made with `O_EXCL` so it never follows
/// or clobbers anything. A name that already exists (a second run into the same folder, or
/// a symlink planted there) goes the careful way: `FileSystem.writeAtomically`, which
/// replaces a file whole and refuses symlinks. No file is ever left half written: Ctrl-C
/// lets the row in hand finish (see `BatchInterrupt`), and a write that fails removes its
/// file.
final class BatchOutput {
  /// The output folder as given.
  let directory: OutputDirectory
  private let fd: Int32

  /// Opens the output folder, which must exist.
  init(_ directory: OutputDirectory) throws(FileError) {
    self.directory = directory
    fd = open(directory.root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else { throw .errno(directory.root) }
  }

  deinit { close(fd) }

  /// Writes `bytes` as `name` in the folder; `name` is one of `BatchNames`' (no `/`).
  func write(_ name: String, _ bytes: [UInt8]) throws(FileError) {
    var name = name
    guard !name.withUTF8({ $0.contains(UInt8(ascii: "/")) }) else {
      return try FileSystem.writeAtomically(directory.path(for: name), bytes)
    }
    let file = openat(fd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    if file < 0 {
      guard errno == EEXIST else { throw .errno(directory.root + "/" + name) }
      return try FileSystem.writeAtomically(directory.path(for: name), bytes)
    }
    let written = bytes.withUnsafeBytes { FileSystem.writeAll(file, $0) }
    var failure = written ? 0 : errno
    if close(file) != 0 && written { failure = errno }
    if failure != 0 {
      // Read before unlinkat, which may set errno itself.
      let reason = String(cString: strerror(failure))
      unlinkat(fd, name, 0)
      throw FileError(path: directory.root + "/" + name, reason: reason)
    }
  }
}
