import Glibc

/// Whether a file can be made in a folder, found before the work whose output goes there:
/// a batch that wrote every face and then failed on its sheet's folder (/sys, a read-only
/// mount, a folder its user may not write) had done its work for nothing. The file system
/// itself is asked, by making an empty file and removing it at once: permission bits do
/// not tell (root writes anywhere the bits forbid, yet not into /sys).
extension FileSystem {
  /// Why no file can be made in the folder open at `folder` (`path` names it in the
  /// error), or nil.
  package static func creationRefusal(in folder: Int32, path: String) -> FileError? {
    let probe = ".psychologist-probe-\(getpid())"
    let fd = openat(folder, probe, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd < 0 else {
      close(fd)
      unlinkat(folder, probe, 0)
      return nil
    }
    // Something of that name is there already: the write itself will say what it meets.
    return Glibc.errno == EEXIST ? nil : .errno(path)
  }

  /// Why no file can be made in the folder `path`, or nil.
  package static func creationRefusal(inFolder path: String) -> FileError? {
    let folder = open(path.isEmpty ? "." : path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0 else { return .errno(path) }
    defer { close(folder) }
    return creationRefusal(in: folder, path: path)
  }
}
