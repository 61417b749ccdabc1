import Glibc

/// An output folder, opened once: every file written into it, new or replacing, is named
/// relative to that descriptor (`openat`, `linkat`, `renameat`), so exchanging the folder
/// for a symlink while a batch or a session runs changes nothing about where files go.
/// Names are checked before anything is made: no absolute paths, no `..`, no NUL; the
/// subfolders of a name are walked one by one with `O_NOFOLLOW`, so a symlink inside the
/// folder is never followed, and a symlink, FIFO, device or folder at the file's own name
/// is refused rather than written through or replaced.
public final class OutputDirectory: @unchecked Sendable {
  /// The folder as given.
  public let root: String
  /// The folder's descriptor, open for the object's life.
  package let fd: Int32

  /// Opens the folder at `root`, which must exist (a symlink given here is followed, once).
  public init(_ root: String) throws(FileError) {
    let fd = open(root.isEmpty ? "." : root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard fd >= 0 else {
      if errno == ENOENT {
        throw FileError(path: root, reason: "the output directory does not exist")
      }
      throw .errno(root)
    }
    self.root = root
    self.fd = fd
  }

  deinit { close(fd) }

  /// The folders and the file a name is made of; throws for names that could land
  /// outside the folder or name no file.
  public static func components(of name: String) throws(FileError) -> [Substring] {
    guard !name.isEmpty else { throw FileError(path: name, reason: "an empty name") }
    // C would end the path at a NUL and write somewhere other than what was checked.
    guard !name.utf8.contains(0) else { throw FileError(path: name, reason: "a NUL in the name") }
    guard !name.hasPrefix("/") else {
      throw FileError(
        path: name, reason: "absolute paths are refused; name a file inside the output directory")
    }
    let parts = name.split(separator: "/", omittingEmptySubsequences: true)
    guard !parts.contains(where: { $0 == ".." }) else {
      throw FileError(
        path: name, reason: "'..' is refused; name a file inside the output directory")
    }
    let real = parts.filter { $0 != "." }
    guard !real.isEmpty, !name.hasSuffix("/") else {
      throw FileError(path: name, reason: "it names no file")
    }
    return real
  }

  /// `name` as users read it: under the folder as given.
  public func path(of name: String) -> String { OutputDirectory.path(of: name, under: root) }

  /// `name` as users read it under the folder `root` as given, whether or not it is open
  /// (a dry run names what it would write).
  public static func path(of name: String, under root: String) -> String {
    let parts = (try? components(of: name))?.joined(separator: "/") ?? name
    return root == "." ? parts : root + "/" + parts
  }

  /// Writes `bytes` as `name` (subfolders allowed, created inside as needed), atomically.
  public func write(_ name: String, _ bytes: [UInt8]) throws(FileError) {
    let parts = try OutputDirectory.components(of: name)
    let shown = path(of: name)
    let dir = try openFolder(parts.dropLast(), shown: shown)
    defer { if dir != fd { close(dir) } }
    try OutputDirectory.replace(String(parts.last!), in: dir, bytes, path: shown)
  }

  /// The folder `folders` inside this one, opened (and made when missing) one step at a
  /// time, never through a symlink. The caller closes it unless it is `fd`.
  private func openFolder(_ folders: ArraySlice<Substring>, shown: String) throws(FileError)
    -> Int32
  {
    var dir = fd
    var walked = root
    for part in folders {
      walked += "/" + part
      var next = openat(dir, String(part), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      if next < 0 && errno == ENOENT {
        if mkdirat(dir, String(part), 0o755) != 0 && errno != EEXIST {
          let code = errno
          if dir != fd { close(dir) }
          throw .errno(walked, code)
        }
        next = openat(dir, String(part), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      }
      if next < 0 {
        let code = errno
        var st = stat()
        var reason = String(cString: strerror(code))
        if fstatat(dir, String(part), &st, AT_SYMLINK_NOFOLLOW) == 0 {
          if st.st_mode & S_IFMT == S_IFLNK {
            reason =
              "leads outside the output directory (through a symlink: symlinks inside it are not followed)"
          } else if st.st_mode & S_IFMT != S_IFDIR {
            reason = "'\(walked)' is not a folder"
          }
        }
        if dir != fd { close(dir) }
        throw FileError(path: shown, reason: reason)
      }
      if dir != fd { close(dir) }
      dir = next
    }
    return dir
  }

  /// Writes `bytes` as `file` in the open folder `dir`, whole: a temporary file beside it
  /// takes the name by a hard link when the name is new (on ext4 a rename costs several
  /// times a plain create, a link barely more), else by a rename over the regular file
  /// there. A symlink, FIFO, device or folder at the name is refused: the name is never
  /// followed, and replacing `/dev/null` or a FIFO someone reads is never what was meant.
  package static func replace(_ file: String, in dir: Int32, _ bytes: [UInt8], path: String)
    throws(FileError)
  {
    try replace(file, in: dir, path: path) { fd in
      bytes.withUnsafeBytes { FileSystem.writeAll(fd, $0) } ? 0 : errno
    }
  }

  /// As `replace(_:in:_:path:)`, the bytes written by `fill` into the temporary file's
  /// descriptor as it makes them (a contact sheet of a million faces is never whole in
  /// memory); `fill` returns 0, or the `errno` of a write that failed.
  package static func replace(
    _ file: String, in dir: Int32, path: String, fill: (Int32) -> Int32
  ) throws(FileError) {
    var temporary = ""
    var tmp: Int32 = -1
    for _ in 0..<16 {
      temporary = ".psychologist-" + randomSuffix()
      tmp = openat(dir, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
      if tmp >= 0 || errno != EEXIST { break }
    }
    guard tmp >= 0 else { throw creationRefused(file, in: dir, path: path, code: errno) }
    // Once renamed, the temporary name is no longer ours to remove.
    var renamed = false
    defer { if !renamed { unlinkat(dir, temporary, 0) } }
    var failure = fill(tmp)
    if close(tmp) != 0 && failure == 0 { failure = errno }
    guard failure == 0 else { throw .errno(path, failure) }
    if linkat(dir, temporary, dir, file, 0) == 0 { return }
    try refuseUnlessRegular(file, in: dir, path: path)
    guard renameat(dir, temporary, dir, file) == 0 else { throw .errno(path) }
    renamed = true
  }

  /// Why no temporary file could be made in `dir` to take the name `file`, in words that
  /// blame the folder: a bare `No such file or directory` for `/proc/version`, which exists,
  /// sent people looking for a missing file when the folder (a kernel one such as /proc or
  /// /sys, or a read-only or locked one) is what takes no new files.
  private static func creationRefused(_ file: String, in dir: Int32, path: String, code: Int32)
    -> FileError
  {
    do { try refuseUnlessRegular(file, in: dir, path: path) } catch { return error }
    guard [ENOENT, EACCES, EPERM, EROFS].contains(code) else { return .errno(path, code) }
    var st = stat()
    let exists = fstatat(dir, file, &st, AT_SYMLINK_NOFOLLOW) == 0
    let folder = FileSystem.directory(of: path)
    // ENOENT for a folder that exists only misleads; EACCES and EROFS say why.
    let why = code == ENOENT ? "" : " (" + String(cString: strerror(code)) + ")"
    return FileError(
      path: path,
      reason: (exists ? "cannot replace it: " : "") + "its folder "
        + (folder.isEmpty ? "." : folder) + " takes no new files" + why)
  }

  /// Throws unless `file` in `dir` is missing or a regular file (what may be replaced).
  package static func refuseUnlessRegular(_ file: String, in dir: Int32, path: String)
    throws(FileError)
  {
    var st = stat()
    guard fstatat(dir, file, &st, AT_SYMLINK_NOFOLLOW) == 0 else { return }
    switch st.st_mode & S_IFMT {
    case S_IFREG: return
    case S_IFLNK:
      throw FileError(path: path, reason: "is a symlink; refusing to write through it")
    default:
      throw FileError(
        path: path,
        reason: "is \(FileSystem.kindName(st.st_mode)), not a regular file; refusing to replace it"
      )
    }
  }

  /// Six random letters and digits for a temporary name.
  private static func randomSuffix() -> String {
    let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
    var generator = SystemRandomNumberGenerator()
    return String(
      decoding: (0..<6).map { _ in letters[Int(generator.next() % UInt64(letters.count))] },
      as: UTF8.self)
  }
}
